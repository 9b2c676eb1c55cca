import type { Db } from '../../db/client';
import { type TimedEvent, writeCalendar } from '../calendar/ical';
import { attendeesOf, visibleMeetingsBetween } from './read';

/** How far the feed reaches: last month for context, a year ahead for planning. */
const MONTHS_BACK = 1;
const MONTHS_AHEAD = 12;

const monthsFrom = (at: Date, months: number) => {
  const moved = new Date(at);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
};

export type FeedOwner = { userId: number; email: string; companyId: number; companyName: string };

/**
 * The iCalendar text of a person's meetings feed: the meetings of their company they organize or attend
 * (by e-mail) that fall between a month back and a year ahead. A recurring meeting is one VEVENT with its
 * RRULE, as the portal stores it.
 */
export async function meetingsCalendar(db: Db, owner: FeedOwner, now: Date, appUrl: string): Promise<string> {
  const from = monthsFrom(now, -MONTHS_BACK);
  const to = monthsFrom(now, MONTHS_AHEAD);
  const rows = await visibleMeetingsBetween(db, owner, from, to);
  const attendees = await attendeesOf(
    db,
    rows.map((row) => row.id),
  );

  const host = new URL(appUrl).hostname;
  const events: TimedEvent[] = rows.map((row) => ({
    // Stable per meeting, so a client updates the event it already has instead of duplicating it.
    uid: `meeting-${row.id}@${host}`,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    summary: row.title,
    description: row.description,
    url: row.link,
    // By address, so an unchanged meeting is written the same way on every poll.
    attendees: (attendees.get(row.id) ?? [])
      .map(({ email, displayName }) => ({ email, name: displayName }))
      .sort((a, b) => a.email.localeCompare(b.email)),
    repeat: row.recurrence
      ? {
          freq: row.recurrence === 'daily' ? 'DAILY' : 'WEEKLY',
          zone: row.timeZone,
          until: row.recurrenceUntil,
        }
      : null,
  }));
  return writeCalendar({
    prodId: '-//Atrium//Meetings//EN',
    name: `Meetings — ${owner.companyName}`,
    stamp: now,
    events,
  });
}
