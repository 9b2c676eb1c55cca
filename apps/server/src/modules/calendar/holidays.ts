import type { HolidaysYear } from '@atrium/contracts';
import { and, asc, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { holidays } from '../../db/schema/index';
import { isoWeek } from './dates';

export type HolidayRow = { date: string; vacation: boolean; name: string };

/** A company's holidays and moved working days between two days, inclusive, in date order. */
export function holidaysBetween(db: Db, companyId: number, from: string, to: string): Promise<HolidayRow[]> {
  return db
    .select({ date: holidays.date, vacation: holidays.vacation, name: holidays.name })
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), between(holidays.date, from, to)))
    .orderBy(asc(holidays.date));
}

/**
 * A year of a company's holidays grouped by month (all twelve, empty ones too, so the client can index
 * them) and by ISO week within the month (only weeks holding a holiday).
 */
export async function holidaysYear(db: Db, companyId: number, year: number): Promise<HolidaysYear> {
  const rows = await holidaysBetween(db, companyId, `${year}-01-01`, `${year}-12-31`);
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    weeks: [] as HolidaysYear['months'][number]['weeks'],
  }));
  for (const row of rows) {
    const month = months[Number(row.date.slice(5, 7)) - 1];
    if (!month) continue;
    const week = isoWeek(row.date);
    let group = month.weeks.find((w) => w.week === week);
    if (!group) {
      group = { week, days: [] };
      month.weeks.push(group);
    }
    group.days.push(row);
  }
  return { year, months };
}
