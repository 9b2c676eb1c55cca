import type { AbsenceCountKind } from '@atrium/contracts';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { holidays } from '../../db/schema/index';
import { daysBetween } from './dates';

/**
 * The days an absence counts (spec §3 "Day counter"): a vacation counts the calendar days of the period
 * minus the company's public holidays in it (weekends count: vacation is in calendar days); sick leave,
 * leave at own expense and business trips count every calendar day.
 */
export function countDays(kind: AbsenceCountKind, from: string, to: string, publicHolidays: Set<string>) {
  const all = daysBetween(from, to);
  if (kind !== 'vacation') return all;
  let off = 0;
  for (const day of publicHolidays) if (day >= from && day <= to) off += 1;
  return all - off;
}

/** The company's public holidays (days off, not the moved working days) from `from` to `to`. */
export async function loadPublicHolidays(db: Db | Tx, companyId: number, from: string, to: string) {
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(
      and(
        eq(holidays.companyId, companyId),
        eq(holidays.vacation, true),
        gte(holidays.date, from),
        lte(holidays.date, to),
      ),
    );
  return new Set(rows.map((row) => row.date));
}

/** The day count of a period for a person of `companyId`, with the company's holidays loaded. */
export async function countDaysFor(
  db: Db | Tx,
  companyId: number,
  kind: AbsenceCountKind,
  from: string,
  to: string,
) {
  if (to < from) return 0;
  const publicHolidays =
    kind === 'vacation' ? await loadPublicHolidays(db, companyId, from, to) : new Set<string>();
  return countDays(kind, from, to, publicHolidays);
}
