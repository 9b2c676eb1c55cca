import type { MeetingAttendee, MeetingEvent } from '@atrium/contracts';
import { and, eq, gt, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { companyMembers, meetingAttendees, meetings, users } from '../../db/schema/index';
import { zonedDay } from '../../lib/time-zones';
import type { SessionInfo } from '../auth/sessions';
import { addDays } from '../calendar/dates';
import { hoursLabel } from './hours';
import { type Occurrence, occurrencesBetween, type Schedule } from './occurrences';

/** Whose meetings: a person in the company of their session. */
export type Viewer = Pick<SessionInfo, 'userId' | 'companyId'>;

/** A stored meeting with its organizer, as the lists need it. */
export type MeetingRecord = Schedule & {
  id: string;
  companyId: number;
  organizerId: number;
  title: string;
  description: string;
  link: string | null;
  organizer: { id: number; full_name: string; email: string };
};

export type MeetingOccurrence = Occurrence & { meeting: MeetingRecord };

const organizer = alias(users, 'organizer');
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The meetings a person sees: those they organize or are invited to (by their address). The union of two
 * index look-ups (meetings by organizer, attendees by e-mail) rather than an OR the planner cannot index.
 */
function visibleTo(userId: number | Placeholder): SQL {
  return sql`${meetings.id} in (
    select m.id from ${meetings} m where m.organizer_id = ${userId}
    union
    select a.meeting_id from ${meetingAttendees} a
     where a.email = (select lower(u.email) from ${users} u where u.id = ${userId}))`;
}

/** Meetings with their organizer's name and address: the select that a condition completes. */
const meetingRows = (db: Db) =>
  db
    .select({
      id: meetings.id,
      companyId: meetings.companyId,
      organizerId: meetings.organizerId,
      title: meetings.title,
      description: meetings.description,
      link: meetings.link,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
      timeZone: meetings.timeZone,
      recurrence: meetings.recurrence,
      recurrenceUntil: meetings.recurrenceUntil,
      organizerFirstName: organizer.firstName,
      organizerLastName: organizer.lastName,
      organizerEmail: organizer.email,
    })
    .from(meetings)
    .innerJoin(organizer, eq(organizer.id, meetings.organizerId));

type MeetingRow = Awaited<ReturnType<typeof meetingRows>>[number];

const toRecord = ({
  organizerFirstName,
  organizerLastName,
  organizerEmail,
  ...meeting
}: MeetingRow): MeetingRecord => ({
  ...meeting,
  organizer: {
    id: meeting.organizerId,
    full_name: fullName(organizerFirstName, organizerLastName),
    email: organizerEmail,
  },
});

async function selectMeetings(db: Db, where: SQL | undefined): Promise<MeetingRecord[]> {
  return (await meetingRows(db).where(where)).map(toRecord);
}

/** The statement of the meetings between two instants: every day view and list sends it. */
const betweenStatement = preparedOnce('meetings_between', (db, name) =>
  meetingRows(db)
    .where(
      and(
        eq(meetings.companyId, sql.placeholder('company')),
        visibleTo(sql.placeholder('viewer')),
        lt(meetings.startsAt, sql.placeholder('to')),
        or(
          and(isNull(meetings.recurrence), gt(meetings.endsAt, sql.placeholder('from'))),
          and(
            sql`${meetings.recurrence} is not null`,
            or(
              isNull(meetings.recurrenceUntil),
              sql`${meetings.recurrenceUntil} >= ${sql.placeholder('untilAtLeast')}`,
            ),
          ),
        ),
      ),
    )
    .prepare(name),
);

/**
 * The viewer's meetings (in their session's company) that may have an occurrence overlapping [from, to),
 * recurring ones included however long ago they started: one query. The exact occurrences are for
 * occurrencesBetween to work out.
 */
export async function visibleMeetingsBetween(db: Db, viewer: Viewer, from: Date, to: Date) {
  // recurrence_until is a day of the meeting's zone: compared with the UTC day of `from`, a margin of
  // two days covers any zone's offset and a meeting's length (at most a day).
  const untilAtLeast = addDays(from.toISOString().slice(0, 10), -2);
  const rows = await betweenStatement(db).execute({
    company: viewer.companyId,
    viewer: viewer.userId,
    from,
    to,
    untilAtLeast,
  });
  return rows.map(toRecord);
}

/** One meeting the viewer sees, or null when it does not exist or is not theirs to see. */
export async function visibleMeeting(db: Db, viewer: Viewer, id: string): Promise<MeetingRecord | null> {
  const [meeting] = await selectMeetings(
    db,
    and(eq(meetings.id, id), eq(meetings.companyId, viewer.companyId), visibleTo(viewer.userId)),
  );
  return meeting ?? null;
}

/** The viewer's occurrences overlapping [from, to), ordered by start, then title. */
export async function visibleOccurrencesBetween(
  db: Db,
  viewer: Viewer,
  from: Date,
  to: Date,
): Promise<MeetingOccurrence[]> {
  const candidates = await visibleMeetingsBetween(db, viewer, from, to);
  return candidates
    .flatMap((meeting) => occurrencesBetween(meeting, from, to).map((o) => ({ ...o, meeting })))
    .sort(
      (a, b) =>
        a.start.getTime() - b.start.getTime() ||
        a.meeting.title.localeCompare(b.meeting.title) ||
        a.meeting.id.localeCompare(b.meeting.id),
    );
}

/** The attendees of the meetings of an array of ids: one statement whatever their number. */
const attendeesStatement = preparedOnce('meeting_attendees', (db, name) => {
  const ids = sql`any(${sql.placeholder('ids')}::uuid[])`;
  return (
    db
      .select({
        meetingId: meetingAttendees.meetingId,
        email: meetingAttendees.email,
        displayName: meetingAttendees.displayName,
        // Set only when the address's user is a member of the meeting's company.
        userId: companyMembers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(meetingAttendees)
      .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
      // Joins rather than an EXISTS, which the planner turns into a scan of every membership.
      .leftJoin(users, eq(sql`lower(${users.email})`, meetingAttendees.email))
      .leftJoin(
        companyMembers,
        and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, meetings.companyId)),
      )
      // The ids on both sides, so that the meetings are found by key rather than scanned.
      .where(and(sql`${meetingAttendees.meetingId} = ${ids}`, sql`${meetings.id} = ${ids}`))
      .prepare(name)
  );
});

/**
 * The attendees of the meetings, each meeting's in one list: a colleague (a member of the meeting's
 * company with that address) under their full name, anyone else under the name the invitation gave or
 * the address. One query for all of them, colleagues joined in.
 */
export async function attendeesOf(db: Db, meetingIds: string[]): Promise<Map<string, MeetingAttendee[]>> {
  const byMeeting = new Map<string, MeetingAttendee[]>();
  if (!meetingIds.length) return byMeeting;
  const rows = await attendeesStatement(db).execute({ ids: meetingIds });
  for (const row of rows) {
    const list = byMeeting.get(row.meetingId) ?? [];
    byMeeting.set(row.meetingId, list);
    list.push({
      email: row.email,
      displayName:
        row.userId !== null
          ? fullName(row.firstName ?? '', row.lastName ?? '')
          : row.displayName?.trim() || row.email,
      avatarUrl: null,
      user_id: row.userId,
    });
  }
  return byMeeting;
}

/** Attendees as a list shows them: the organizer first, then by name. */
function inListOrder(attendees: MeetingAttendee[], organizerEmail: string): MeetingAttendee[] {
  const organizerFirst = (a: MeetingAttendee) => (a.email === organizerEmail.toLowerCase() ? 0 : 1);
  return attendees.sort(
    (a, b) =>
      organizerFirst(a) - organizerFirst(b) ||
      a.displayName.localeCompare(b.displayName, 'en') ||
      a.email.localeCompare(b.email),
  );
}

/**
 * The occurrences as the API answers them, days and hours in the zone `tz`; the attendees of all of them
 * loaded in one query.
 */
export async function toMeetingEvents(
  db: Db,
  occurrences: readonly MeetingOccurrence[],
  viewerId: number,
  tz: string,
): Promise<MeetingEvent[]> {
  const meetingsById = new Map(occurrences.map((o) => [o.meeting.id, o.meeting]));
  const attendees = await attendeesOf(db, [...meetingsById.keys()]);
  for (const [id, list] of attendees) {
    const meeting = meetingsById.get(id);
    if (meeting) inListOrder(list, meeting.organizer.email);
  }
  return occurrences.map(({ meeting, start, end }) => {
    const list = attendees.get(meeting.id) ?? [];
    return {
      uuid: meeting.id,
      start: start.toISOString(),
      end: end.toISOString(),
      title: meeting.title,
      summary: meeting.title,
      description: meeting.description,
      meeting_link: meeting.link,
      link: meeting.link,
      date: zonedDay(start, tz),
      hours: hoursLabel(start, end, tz),
      recurrence: meeting.recurrence,
      recurrence_until: meeting.recurrenceUntil,
      time_zone: meeting.timeZone,
      organizer: meeting.organizer,
      is_organizer: meeting.organizerId === viewerId,
      attendees: list,
      count_attendees: list.length,
    };
  });
}

/** The first occurrence of a meeting as an event: what creating, changing or opening one answers. */
export async function firstOccurrenceEvent(
  db: Db,
  meeting: MeetingRecord,
  viewerId: number,
  tz: string,
): Promise<MeetingEvent> {
  const [event] = await toMeetingEvents(
    db,
    [{ meeting, start: meeting.startsAt, end: meeting.endsAt }],
    viewerId,
    tz,
  );
  if (!event) throw new Error('an occurrence gives an event');
  return event;
}
