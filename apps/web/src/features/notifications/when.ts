import { differenceInMinutes } from 'date-fns';
import { dateTime } from '../../lib/dates';

/** The exact time, as dates are written across the portal. */
export const exactTime = (iso: string) => dateTime(new Date(iso));

/**
 * When a notification came, as the bell lists it: relative while fresh ('just now', '5 min ago',
 * '3 h ago'), the exact time from a day on, when "26 h ago" would be harder to place than a date.
 */
export function notificationTime(iso: string, now: Date = new Date()): string {
  const minutes = differenceInMinutes(now, new Date(iso));
  // A clock slightly ahead of the browser's gives a small negative age: still "just now".
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return exactTime(iso);
}
