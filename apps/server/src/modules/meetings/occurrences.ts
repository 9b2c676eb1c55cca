import type { MeetingRecurrence } from '@atrium/contracts';
import { fromWallClock, wallClock, zonedDay } from '../../lib/time-zones';

const DAY_MS = 86_400_000;
const STEP_DAYS: Record<MeetingRecurrence, number> = { daily: 1, weekly: 7 };

/** What decides when a meeting takes place: its first occurrence and how it repeats. */
export type Schedule = {
  startsAt: Date;
  endsAt: Date;
  /** The IANA zone whose wall-clock time a recurrence keeps. */
  timeZone: string;
  recurrence: MeetingRecurrence | null;
  /** The last local day (yyyy-mm-dd) a recurring meeting falls on; null for no end. */
  recurrenceUntil: string | null;
};

export type Occurrence = { start: Date; end: Date };

const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * The occurrences of a meeting that overlap [from, to), earliest first. A recurring meeting repeats the
 * wall-clock start of its first occurrence every day or week in its own zone (09:00 in Berlin stays 09:00
 * across a DST change, so the UTC instant moves), each lasting as long as the first.
 */
export function occurrencesBetween(meeting: Schedule, from: Date, to: Date): Occurrence[] {
  const duration = meeting.endsAt.getTime() - meeting.startsAt.getTime();
  const overlaps = (start: Date) => start < to && start.getTime() + duration > from.getTime();
  if (!meeting.recurrence) {
    return overlaps(meeting.startsAt) ? [{ start: meeting.startsAt, end: meeting.endsAt }] : [];
  }
  const step = STEP_DAYS[meeting.recurrence];
  const { hour, minute, second } = wallClock(meeting.startsAt, meeting.timeZone);
  const milliseconds = meeting.startsAt.getUTCMilliseconds();
  const firstDay = epochDay(zonedDay(meeting.startsAt, meeting.timeZone));
  const lastDay = meeting.recurrenceUntil ? epochDay(meeting.recurrenceUntil) : Number.POSITIVE_INFINITY;
  // Skip the occurrences that end before `from` without computing them: the earliest one that may still
  // overlap starts on the local day of `from - duration`, give or take the day a DST change can shift.
  const earliest = epochDay(zonedDay(new Date(from.getTime() - duration), meeting.timeZone)) - 1;
  const result: Occurrence[] = [];
  for (let n = Math.max(0, Math.ceil((earliest - firstDay) / step)); ; n++) {
    const dayNumber = firstDay + n * step;
    if (dayNumber > lastDay) break;
    const day = new Date(dayNumber * DAY_MS);
    const clock = {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour,
      minute,
      second,
    };
    const start = new Date(fromWallClock(clock, meeting.timeZone).getTime() + milliseconds);
    if (start >= to) break;
    if (overlaps(start)) result.push({ start, end: new Date(start.getTime() + duration) });
  }
  return result;
}
