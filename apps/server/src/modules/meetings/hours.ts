import { wallClock } from '../../lib/time-zones';

/**
 * '9:00 AM', the clock time in the zone. Built from the wall clock rather than Intl's en-US time format,
 * whose space before AM/PM is a narrow no-break space in recent ICU versions and a plain one in older.
 */
export function clockTime(instant: Date, zone: string): string {
  const { hour, minute } = wallClock(instant, zone);
  const half = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${half}`;
}

/** The meeting's hours as the spec writes them: '9:00 AM - 10:30 AM', in the viewer's zone. */
export const hoursLabel = (start: Date, end: Date, zone: string) =>
  `${clockTime(start, zone)} - ${clockTime(end, zone)}`;
