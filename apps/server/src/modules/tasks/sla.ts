import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { holidays } from '../../db/schema/index';

/** A company's calendar exceptions, by ISO date (yyyy-mm-dd, UTC). */
export type WorkCalendar = {
  /** Holidays: days off even when they fall on a weekday (holidays.vacation = true). */
  daysOff: Set<string>;
  /** Moved working days: weekend days that are worked (holidays.vacation = false). */
  workedDays: Set<string>;
};

export const EMPTY_CALENDAR: WorkCalendar = { daysOff: new Set(), workedDays: new Set() };

const DAY_MS = 24 * 60 * 60 * 1000;
export const isoDate = (moment: Date) => moment.toISOString().slice(0, 10);

/** Whether the company works on the day of `moment` (its UTC date). */
export function isWorkingDay(moment: Date, calendar: WorkCalendar): boolean {
  const date = isoDate(moment);
  if (calendar.workedDays.has(date)) return true;
  if (calendar.daysOff.has(date)) return false;
  const weekday = moment.getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The moment `days` working days after `start`, at the same time of day: each following day counts
 * only when it is worked (not a Saturday or Sunday unless moved to a working day, not a holiday). A
 * request filed on Friday morning with 2 days is due on Tuesday morning.
 */
export function addWorkingDays(start: Date, days: number, calendar: WorkCalendar = EMPTY_CALENDAR): Date {
  let moment = new Date(start);
  for (let left = Math.max(0, Math.floor(days)); left > 0; ) {
    moment = new Date(moment.getTime() + DAY_MS);
    if (isWorkingDay(moment, calendar)) left -= 1;
  }
  return moment;
}

/** The company's holidays and moved working days from the day of `from` on. */
export async function loadWorkCalendar(db: Db, companyId: number, from: Date): Promise<WorkCalendar> {
  const rows = await db
    .select({ date: holidays.date, vacation: holidays.vacation })
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), gte(holidays.date, isoDate(from))));
  const calendar: WorkCalendar = { daysOff: new Set(), workedDays: new Set() };
  for (const row of rows) (row.vacation ? calendar.daysOff : calendar.workedDays).add(row.date);
  return calendar;
}
