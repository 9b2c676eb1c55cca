import type { AbsenceCountKind } from '@atrium/contracts';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { absences } from '../../db/schema/index';
import { type LedgerPerson, vacationBalance } from './balance';
import { daysBetween, earlier, later } from './dates';

/**
 * Days a person can still take of `kind` at `date`. A vacation: the balance at that date (received up
 * to it − used − held by pending requests). The other kinds have no balance, so the honest answer is
 * the calendar days left in the year from `date` on that no pending or approved absence of the person
 * already takes.
 */
export async function availableDays(
  db: Db,
  person: LedgerPerson,
  kind: AbsenceCountKind,
  date: string,
  now: Date,
): Promise<number> {
  if (kind === 'vacation') return (await vacationBalance(db, person, date, now)).available;
  const yearEnd = `${date.slice(0, 4)}-12-31`;
  const taken = await db
    .select({ fromDate: absences.fromDate, toDate: absences.toDate })
    .from(absences)
    .where(
      and(
        eq(absences.userId, person.id),
        inArray(absences.status, ['pending', 'approved']),
        lte(absences.fromDate, yearEnd),
        gte(absences.toDate, date),
      ),
    );
  // Absences of one person never overlap (requests refuse it), so their clipped lengths add up.
  const away = taken.reduce(
    (total, row) => total + daysBetween(later(row.fromDate, date), earlier(row.toDate, yearEnd)),
    0,
  );
  return daysBetween(date, yearEnd) - away;
}
