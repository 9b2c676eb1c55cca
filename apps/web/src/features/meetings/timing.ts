import { addDays, differenceInMinutes, isSameDay } from 'date-fns';
import { weekday } from '../../lib/dates';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** '1 minute', '5 minutes': the spec counts days as 'day' for 1 and 'days' above; so do these. */
const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The meeting timing label (spec work side §4, people side §9), seen at `now`: 'ongoing' between start
 * and end; 'meeting is over' from its end; 'start in N minutes' under an hour ahead; 'start in N hours'
 * under a day ahead; 'starts tomorrow' on the next calendar day; otherwise 'starts in {day} {weekday}'
 * ('starts in 26 Thursday'). Counts are whole minutes or hours, at least 1 (the time left, cut down).
 */
export function timingLabel(start: Date, end: Date, now: Date): string {
  if (now >= end) return 'meeting is over';
  if (now >= start) return 'ongoing';
  const minutes = differenceInMinutes(start, now);
  if (minutes < MINUTES_PER_HOUR) return `start in ${count(Math.max(1, minutes), 'minute')}`;
  if (minutes < MINUTES_PER_DAY) return `start in ${count(Math.floor(minutes / MINUTES_PER_HOUR), 'hour')}`;
  if (isSameDay(start, addDays(now, 1))) return 'starts tomorrow';
  return `starts in ${start.getDate()} ${weekday(start)}`;
}
