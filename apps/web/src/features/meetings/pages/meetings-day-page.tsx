import type { MeetingEvent, MeetingsDay } from '@atrium/contracts';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarMonth, IconRss } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { isValid, parseISO } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentSession } from '../../../app/session';
import { isoDay, shortDate, weekday } from '../../../lib/dates';
import { ConfirmDialog, EmptyState, LoadMore, SkeletonRows } from '../../../ui';
import { dayOf, meetingDaysQueryOptions, useDeleteMeeting, useLiveMeetings } from '../api';
import { ImportButton } from '../components/import-button';
import { MeetingCard } from '../components/meeting-card';
import { MeetingFormModal } from '../components/meeting-form-modal';
import { MeetingsFeedModal } from '../components/meetings-feed-modal';
import { useNow } from '../use-now';

/** The address's day, when it names a real one. */
function dayParam(text: string | null): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = parseISO(text);
  return isValid(day) && isoDay(day) === text ? text : null;
}

/**
 * /calendar/vacations?view=day&date=yyyy-mm-dd (spec work side §2 "Day view", §4): the user's meetings day
 * by day from the address's date, one day loaded at a time as the list is scrolled to its end, until a day
 * without meetings ends it. "Create event +" adds a meeting; its organizer can change or remove it.
 */
export function MeetingsDayPage() {
  const { user } = useCurrentSession();
  const [params, setParams] = useSearchParams();
  const given = dayParam(params.get('date'));
  const from = given ?? isoDay(new Date());
  const now = useNow();
  useLiveMeetings();

  useEffect(() => {
    // As the month view does: a missing or invalid day is written into the address, replacing the entry.
    if (!given) setParams({ view: 'day', date: from }, { replace: true });
  });

  const days = useInfiniteQuery(meetingDaysQueryOptions(user.email, from));
  const [creating, create] = useDisclosure(false);
  const [feedOpen, feed] = useDisclosure(false);
  const [editing, setEditing] = useState<MeetingEvent | null>(null);
  const [removing, setRemoving] = useState<MeetingEvent | null>(null);
  const remove = useDeleteMeeting();

  const loaded = days.data?.pages ?? [];
  const lastDay = loaded.at(-1);
  const ended = lastDay !== undefined && lastDay.results.length === 0;

  return (
    <Stack gap="lg" maw={880}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={1}>Meetings</Title>
          <Button
            component={Link}
            to={`?${new URLSearchParams({ view: 'month', date: from })}`}
            variant="default"
            leftSection={<IconCalendarMonth size={16} />}
          >
            Month
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap">
          <ImportButton />
          <Button variant="light" leftSection={<IconRss size={16} />} onClick={feed.open}>
            Subscribe
          </Button>
          {/* Spec §2: the button reads "Create event +". */}
          <Button onClick={create.open}>Create event +</Button>
        </Group>
      </Group>

      {days.isPending && <SkeletonRows count={3} />}
      {loaded.map((day) => (
        <DaySection
          key={day.date}
          day={day}
          today={isoDay(now) === day.date}
          now={now}
          onEdit={setEditing}
          onRemove={setRemoving}
        />
      ))}
      {days.isFetchingNextPage && <SkeletonRows count={2} />}
      {days.hasNextPage && !days.isFetchingNextPage && (
        // A new mark per day loaded: a fresh observer tells at once when the end is still in view.
        <LoadMore key={loaded.length} onVisible={() => void days.fetchNextPage()} />
      )}
      {ended && (
        <Text size="sm" c="dimmed" ta="center">
          No meetings on {shortDate(dayOf(lastDay.date))}, so the list ends here.
        </Text>
      )}

      <MeetingFormModal
        opened={creating || editing !== null}
        onClose={() => {
          create.close();
          setEditing(null);
        }}
        date={from}
        editing={editing}
      />
      <MeetingsFeedModal opened={feedOpen} onClose={feed.close} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove event"
        text={
          removing?.recurrence
            ? `Are you sure you want to remove "${removing.title}" and all its repeats?`
            : `Are you sure you want to remove "${removing?.title ?? ''}"?`
        }
        confirmLabel="Yes"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.uuid, { onSuccess: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

type DaySectionProps = {
  day: MeetingsDay;
  today: boolean;
  now: Date;
  onEdit: (meeting: MeetingEvent) => void;
  onRemove: (meeting: MeetingEvent) => void;
};

/** One day of the list: its weekday and date, then its meetings, or the spec's empty text. */
function DaySection({ day, today, now, onEdit, onRemove }: DaySectionProps) {
  const headingId = useId();
  const date = dayOf(day.date);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" data-day={day.date}>
      <Group gap="xs">
        <Title order={2} size="h4" id={headingId} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {weekday(date)}, {shortDate(date)}
        </Title>
        {today && (
          <Badge variant="light" size="sm" radius="sm" tt="none">
            Today
          </Badge>
        )}
      </Group>
      {day.results.length === 0 ? (
        <EmptyState text="Nothing found :(" hint="No meetings on this day. Add one with “Create event +”." />
      ) : (
        day.results.map((meeting) => (
          <MeetingCard
            key={`${meeting.uuid}-${meeting.start}`}
            meeting={meeting}
            now={now}
            onEdit={onEdit}
            onRemove={onRemove}
          />
        ))
      )}
    </Stack>
  );
}
