import type { MeetingEvent } from '@atrium/contracts';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarEvent,
  IconCalendarOff,
  IconClock,
  IconUser,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { shortDate, weekday } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { Bone, EmptyState, SkeletonRows, UserAvatar } from '../../../ui';
import { dayOf, meetingQueryOptions, useAttendeeAvatars, useLiveMeetings } from '../api';

const FORMATS = { daily: 'Daily', weekly: 'Weekly' } as const;

/** The day view, from the meeting's day when it is known. */
const dayViewPath = (date?: string) =>
  `/calendar/vacations?${new URLSearchParams(date ? { view: 'day', date } : { view: 'day' })}`;

function BackToMeetings({ date }: { date?: string }) {
  return (
    <Button
      component={Link}
      to={dayViewPath(date)}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} />}
    >
      Meetings
    </Button>
  );
}

/**
 * /calendar/events/{uuid}: one meeting (spec work side §2 calls it a stub) as its organizer set it up, the
 * first occurrence of a recurring one: title, date, hours, link, organizer and attendees.
 */
export function EventDetailPage() {
  const { uuid = '' } = useParams();
  const meeting = useQuery(meetingQueryOptions(encodeURIComponent(uuid)));
  // A change made elsewhere shows here; a removal turns the page into "Meeting not found".
  useLiveMeetings();

  if (meeting.isPending) {
    return (
      <Stack gap="md" maw={880}>
        <Bone height={28} width="40%" />
        <SkeletonRows count={4} />
      </Stack>
    );
  }
  if (meeting.isError) {
    const notFound = meeting.error instanceof ApiError && meeting.error.status === 404;
    return (
      <Stack gap="md" maw={880} align="flex-start">
        <title>{`${notFound ? 'Meeting not found' : 'Meeting'} · Atrium`}</title>
        <BackToMeetings />
        <Paper withBorder px="md" w="100%">
          {notFound ? (
            <EmptyState
              icon={IconCalendarOff}
              text="Meeting not found"
              hint="It may have been removed, or you are not invited to it."
            />
          ) : (
            <EmptyState
              text="The meeting could not be loaded."
              action={
                <Button variant="default" onClick={() => void meeting.refetch()}>
                  Try again
                </Button>
              }
            />
          )}
        </Paper>
      </Stack>
    );
  }
  return <MeetingDetail meeting={meeting.data} />;
}

function MeetingDetail({ meeting }: { meeting: MeetingEvent }) {
  const day = dayOf(meeting.date);
  const link = meeting.meeting_link ?? meeting.link;
  const avatars = useAttendeeAvatars([
    meeting.organizer.email,
    ...meeting.attendees.map((attendee) => attendee.email),
  ]);

  return (
    <Stack gap="md" maw={880} align="flex-start">
      <title>{`${meeting.title} · Atrium`}</title>
      <BackToMeetings date={meeting.date} />
      <Group gap="xs" wrap="wrap">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {meeting.title}
        </Title>
        {meeting.recurrence && (
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {FORMATS[meeting.recurrence]}
          </Badge>
        )}
      </Group>
      <Paper withBorder p="md" w="100%">
        <Stack gap="md">
          <Detail icon={<IconCalendarEvent size={18} />} label="Date">
            <Text style={{ fontVariantNumeric: 'tabular-nums' }}>
              {weekday(day)}, {shortDate(day)}
            </Text>
          </Detail>
          <Detail icon={<IconClock size={18} />} label="Hours">
            <Text style={{ fontVariantNumeric: 'tabular-nums' }}>{meeting.hours}</Text>
          </Detail>
          <Detail icon={<IconVideo size={18} />} label="Link">
            {link ? (
              <Anchor
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {link}
              </Anchor>
            ) : (
              <Text c="dimmed">No meeting link</Text>
            )}
          </Detail>
          <Detail icon={<IconUser size={18} />} label="Organizer">
            <Person
              name={meeting.organizer.full_name}
              email={meeting.organizer.email}
              avatar={avatars.get(meeting.organizer.email.toLowerCase()) ?? null}
            />
          </Detail>
          <Detail icon={<IconUsers size={18} />} label={`Attendees (${meeting.count_attendees})`}>
            {meeting.attendees.length === 0 ? (
              <Text c="dimmed">No attendees</Text>
            ) : (
              <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {meeting.attendees.map((attendee) => (
                  <li key={attendee.email}>
                    <Person
                      name={attendee.displayName}
                      email={attendee.email}
                      avatar={avatars.get(attendee.email.toLowerCase()) ?? null}
                    />
                  </li>
                ))}
              </Stack>
            )}
          </Detail>
          {meeting.description && (
            <Detail label="Description">
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{meeting.description}</Text>
            </Detail>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

type DetailProps = { icon?: ReactNode; label: string; children: ReactNode };

/** One fact of the meeting: its name on the left (above it on a phone), the value beside it. */
function Detail({ icon, label, children }: DetailProps) {
  return (
    <Group align="flex-start" gap="xs" wrap="wrap" role="group" aria-label={label}>
      <Group gap="xs" w={160} c="dimmed" wrap="nowrap" mih={24}>
        <span aria-hidden style={{ display: 'flex', width: 18 }}>
          {icon}
        </span>
        <Text size="sm" fw={500}>
          {label}
        </Text>
      </Group>
      <div style={{ flex: '1 1 240px', minWidth: 0 }}>{children}</div>
    </Group>
  );
}

function Person({ name, email, avatar = null }: { name: string; email: string; avatar?: string | null }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={name} src={avatar} size={28} decorative />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {email}
        </Text>
      </div>
    </Group>
  );
}
