/** Calendar arithmetic on ISO yyyy-mm-dd days, in UTC so that no time zone shifts a day. */

const DAY_MS = 86_400_000;

export const toDay = (date: Date) => date.toISOString().slice(0, 10);
export const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) =>
  toDay(new Date(parseDay(day).getTime() + days * DAY_MS));

/** 0 for Monday … 6 for Sunday. */
export const weekdayIndex = (day: string) => (parseDay(day).getUTCDay() + 6) % 7;
export const isWeekend = (day: string) => weekdayIndex(day) >= 5;

/** The ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(day: string): number {
  const thursday = parseDay(addDays(day, 3 - weekdayIndex(day)));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
}

export const firstOfMonth = (year: number, month: number) => toDay(new Date(Date.UTC(year, month - 1, 1)));
export const lastOfMonth = (year: number, month: number) => toDay(new Date(Date.UTC(year, month, 0)));

/**
 * The days a month grid shows: from the Monday on or before the 1st to the Sunday on or after the last
 * day, so every row is a whole week and the neighbouring months fill the edges.
 */
export function monthGridRange(year: number, month: number): { start: string; end: string } {
  const first = firstOfMonth(year, month);
  const last = lastOfMonth(year, month);
  return { start: addDays(first, -weekdayIndex(first)), end: addDays(last, 6 - weekdayIndex(last)) };
}

/** Every day from start to end inclusive. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}
