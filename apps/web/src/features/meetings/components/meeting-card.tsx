import type { MeetingEvent } from '@atrium/contracts';
import { ActionIcon, Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconClock, IconPencil, IconTrash, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { shortDate, weekday } from '../../../lib/dates';
import { UserAvatar } from '../../../ui';
import { dayOf, useAttendeeAvatars } from '../api';
import { timingLabel } from '../timing';

/** Spec §9: a card shows up to 3 attendee avatars, the others as '+N'. */
const SHOWN_AVATARS = 3;

const FORMATS = { daily: 'Daily', weekly: 'Weekly' } as const;

const attendeesText = (count: number) => `${count} ${count === 1 ? 'attendee' : 'attendees'}`;

/** The timing label's colour: green while it runs, grey once over, the primary colour while ahead. */
function timingColor(label: string) {
  if (label === 'ongoing') return 'green';
  if (label === 'meeting is over') return 'gray';
  return 'indigo';
}

type MeetingCardProps = {
  meeting: MeetingEvent;
  /** The time the timing label is told from. */
  now: Date;
  /** Only for the organizer: change or remove the meeting. */
  onEdit?: (meeting: MeetingEvent) => void;
  onRemove?: (meeting: MeetingEvent) => void;
};

/**
 * One meeting as the meetings list shows it (spec work side §2 "Meetings"): title (a link to the
 * meeting's page), format (Daily or Weekly for a recurring one), hours, weekday, date, timing label, the
 * link, up to 3 attendee avatars plus '+N', and the attendee count.
 */
export function MeetingCard({ meeting, now, onEdit, onRemove }: MeetingCardProps) {
  const start = new Date(meeting.start);
  const end = new Date(meeting.end);
  const timing = timingLabel(start, end, now);
  const day = dayOf(meeting.date);
  const shown = meeting.attendees.slice(0, SHOWN_AVATARS);
  const more = Math.max(0, meeting.count_attendees - shown.length);
  const avatars = useAttendeeAvatars(shown.map((attendee) => attendee.email));
  const link = meeting.meeting_link ?? meeting.link;
  const canChange = meeting.is_organizer && onEdit && onRemove;

  return (
    <Paper component="article" aria-label={meeting.title} withBorder p="md" data-meeting={meeting.uuid}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="wrap" mih={28} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={`/calendar/events/${encodeURIComponent(meeting.uuid)}`}
              c="inherit"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {meeting.title}
            </Anchor>
            {meeting.recurrence && (
              <Badge variant="light" color="gray" size="sm" radius="sm" tt="none">
                {FORMATS[meeting.recurrence]}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <Badge variant="light" color={timingColor(timing)} size="md" radius="sm" tt="none">
              {timing}
            </Badge>
            {canChange && (
              <>
                <Tooltip label="Edit event">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Edit event"
                    onClick={() => onEdit(meeting)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove event">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Remove event"
                    onClick={() => onRemove(meeting)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
          </Group>
        </Group>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconClock size={16} aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {meeting.hours} · {weekday(day)} · {shortDate(day)}
          </Text>
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            {shown.length > 0 && (
              // Side by side rather than overlapping: initials stay readable.
              <Group gap={4} wrap="nowrap" role="group" aria-label="Attendees">
                {shown.map((attendee) => (
                  <UserAvatar
                    key={attendee.email}
                    name={attendee.displayName}
                    src={avatars.get(attendee.email.toLowerCase()) ?? null}
                    size={28}
                  />
                ))}
                {more > 0 && (
                  <Avatar size={28} radius="50%" color="gray" aria-label={`${more} more`} role="img">
                    <Text span size="xs" fw={600} aria-hidden>
                      +{more}
                    </Text>
                  </Avatar>
                )}
              </Group>
            )}
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {attendeesText(meeting.count_attendees)}
            </Text>
          </Group>
          {link && (
            <Button
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              size="xs"
              leftSection={<IconVideo size={16} />}
            >
              Join
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
