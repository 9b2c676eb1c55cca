import { fieldErrors } from '../../lib/errors';
import { isTimeZone, startOfZonedDay } from '../../lib/time-zones';
import { addDays } from '../calendar/dates';

/** Whether a yyyy-mm-dd text is a day of the calendar (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
}

/** The zone a request counts its days and hours in: the one asked for, UTC when none; unknown → 422. */
export function requestZone(tz: string | undefined): string {
  if (tz === undefined || tz === '') return 'UTC';
  if (!isTimeZone(tz)) throw fieldErrors({ tz: 'unknown time zone' });
  return tz;
}

/** The day a request names, refused (422) when it is not a day of the calendar. */
export function requestDay(date: string): string {
  if (!isCalendarDay(date)) throw fieldErrors({ date: 'date must be yyyy-mm-dd' });
  return date;
}

/** The instants [from, to) of `days` days of the zone starting with `day`; 23 or 25 hours over a DST change. */
export function zonedDays(day: string, days: number, zone: string): { from: Date; to: Date } {
  return { from: startOfZonedDay(day, zone), to: startOfZonedDay(addDays(day, days), zone) };
}
