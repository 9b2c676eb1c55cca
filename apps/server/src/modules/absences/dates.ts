/** Calendar days as 'yyyy-mm-dd' strings, taken in UTC like the rest of the server's day arithmetic. */

const DAY_MS = 86_400_000;

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, epochDay(to) - epochDay(from) + 1);
}

export function addDays(day: string, n: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** The first day of the month of `day`. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month after the one `month` starts. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

export const later = (a: string, b: string) => (a > b ? a : b);
export const earlier = (a: string, b: string) => (a < b ? a : b);
