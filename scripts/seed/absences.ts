import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import {
  type AbsenceKind,
  absences,
  companies as companiesTable,
  holidays,
  users,
  vacationLog,
} from '../../apps/server/src/db/schema/index';
import { accrualPlan, accrualStartOf, writeOffEntry } from '../../apps/server/src/modules/absences/balance';
import { addDays, dayOf, monthOf, nextMonth } from '../../apps/server/src/modules/absences/dates';
import { countDays } from '../../apps/server/src/modules/absences/day-count';
import { DEMO_LIST } from './demo';
import { Random } from './random';
import type { Company } from './structure';

/** Each month, about this share of the people is away at some point. */
const MONTHLY_SHARE = 0.1;
/** Kinds of absence and how often each comes, with the shortest and longest length in days. */
const KINDS: readonly (readonly [{ kind: AbsenceKind; min: number; max: number }, number])[] = [
  [{ kind: 'vacation', min: 3, max: 14 }, 70],
  [{ kind: 'sick_leave', min: 2, max: 7 }, 20],
  [{ kind: 'business_trip', min: 2, max: 5 }, 6],
  [{ kind: 'own_expense', min: 1, max: 5 }, 4],
];
const INSERT_CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/**
 * Absences and vacation ledgers of generated people: the monthly accruals due by `now` (as the server
 * writes them), and a year of approved absences — from six months before `now`'s month to five after —
 * about 10% of the people away each month, a vacation also writing its minus entry. The four demo
 * accounts get none, so that their requests route the same way every time (nobody on their path is
 * away). Only people without absences or ledger entries yet get them, so a second run adds nothing for
 * them. Each person's absences come from a generator seeded by their id: the same database, the same data.
 */
export async function seedAbsences(
  db: Db,
  companies: readonly Company[],
  now: Date,
): Promise<{ absences: number; accruals: number }> {
  const today = dayOf(now);
  const first = monthOf(addDays(monthOf(today), -6 * 30 + 15));
  const months: string[] = [];
  for (let month = first; months.length < 12; month = nextMonth(month)) months.push(month);
  const last = addDays(nextMonth(months[months.length - 1] ?? first), -1);
  let absenceCount = 0;
  let accrualCount = 0;

  for (const company of companies) {
    const [settings] = await db
      .select({ allowance: companiesTable.vacationAllowance })
      .from(companiesTable)
      .where(eq(companiesTable.id, company.id));
    const allowance = settings?.allowance ?? 0;
    const people = await db
      .select({ id: users.id, hireDate: users.hireDate })
      .from(users)
      .where(
        and(
          eq(users.companyId, company.id),
          notInArray(
            sql`lower(${users.email})`,
            DEMO_LIST.map((person) => person.email),
          ),
          sql`not exists (select 1 from ${absences} where ${absences.userId} = ${users.id})`,
          sql`not exists (select 1 from ${vacationLog} where ${vacationLog.userId} = ${users.id})`,
        ),
      )
      .orderBy(users.id);
    if (!people.length) continue;
    const publicHolidays = new Set(
      (
        await db
          .select({ date: holidays.date })
          .from(holidays)
          .where(and(eq(holidays.companyId, company.id), eq(holidays.vacation, true)))
      ).map((row) => row.date),
    );

    const accrualRows: (typeof vacationLog.$inferInsert)[] = [];
    const absenceRows: (typeof absences.$inferInsert)[] = [];
    for (const person of people) {
      const start = accrualStartOf(person.hireDate, null, today);
      for (const accrual of allowance > 0 ? accrualPlan(start, today, allowance) : []) {
        accrualRows.push({
          companyId: company.id,
          userId: person.id,
          type: 'plus',
          value: accrual.value,
          showAt: accrual.showAt,
          accrualMonth: accrual.month,
          createdAt: now,
        });
      }
      const rng = new Random(`absences/${person.id}`);
      let free = person.hireDate && person.hireDate > first ? person.hireDate : first;
      for (const month of months) {
        if (!rng.chance(MONTHLY_SHARE)) continue;
        const { kind, min, max } = rng.weighted(KINDS);
        const fromDate = addDays(month, rng.int(0, 27));
        const toDate = addDays(fromDate, rng.int(min, max) - 1);
        // One person's absences never overlap, nor start before the hire date.
        if (fromDate < free || toDate > last) continue;
        free = addDays(toDate, 1);
        absenceRows.push({
          companyId: company.id,
          userId: person.id,
          kind,
          status: 'approved',
          fromDate,
          toDate,
          countDays: countDays(kind, fromDate, toDate, publicHolidays),
          createdAt: now,
        });
      }
    }
    await insertChunked(accrualRows, (chunk) =>
      db
        .insert(vacationLog)
        .values(chunk)
        .onConflictDoNothing({
          target: [vacationLog.userId, vacationLog.userVarType, vacationLog.accrualMonth],
        }),
    );
    const vacations: (typeof vacationLog.$inferInsert)[] = [];
    await insertChunked(absenceRows, async (chunk) => {
      const written = await db.insert(absences).values(chunk).returning();
      for (const absence of written) {
        if (absence.kind === 'vacation') vacations.push(writeOffEntry(absence, now));
      }
    });
    await insertChunked(vacations, (chunk) => db.insert(vacationLog).values(chunk));
    accrualCount += accrualRows.length;
    absenceCount += absenceRows.length;
  }
  return { absences: absenceCount, accruals: accrualCount };
}
