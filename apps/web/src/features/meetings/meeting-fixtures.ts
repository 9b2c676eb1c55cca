import type { MeetingAttendee, MeetingEvent } from '@atrium/contracts';
import { format } from 'date-fns';

/** Test data of the meetings feature, in the shapes of the contracts; only tests import this file. */

/** Ada of the fake session: the meetings' organizer unless a test says otherwise. */
export const ADA = { id: 7, full_name: 'Ada Lovelace', email: 'ada@northwind.test' };

export const anAttendee = (n: number, overrides: Partial<MeetingAttendee> = {}): MeetingAttendee => ({
  email: `person${n}@northwind.test`,
  displayName: `Person No${n}`,
  avatarUrl: null,
  user_id: n,
  ...overrides,
});

const hours = (day: Date) => format(day, 'h:mm a');

/**
 * A meeting from `start` to `end` (local 'yyyy-mm-ddTHH:mm'), organized by Ada, with Ada and person 1
 * attending; `date` and `hours` as the server writes them in the browser's zone.
 */
export function aMeeting(title: string, start: string, end: string, overrides: Partial<MeetingEvent> = {}) {
  const from = new Date(start);
  const to = new Date(end);
  const attendees = overrides.attendees ?? [
    { email: ADA.email, displayName: ADA.full_name, avatarUrl: null, user_id: ADA.id },
    anAttendee(1),
  ];
  return {
    uuid: `uuid-${title.toLowerCase().replaceAll(' ', '-')}`,
    start: from.toISOString(),
    end: to.toISOString(),
    title,
    summary: title,
    description: '',
    meeting_link: null,
    link: null,
    date: format(from, 'yyyy-MM-dd'),
    hours: `${hours(from)} - ${hours(to)}`,
    recurrence: null,
    recurrence_until: null,
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    organizer: ADA,
    is_organizer: true,
    count_attendees: attendees.length,
    ...overrides,
    attendees,
  } satisfies MeetingEvent;
}
