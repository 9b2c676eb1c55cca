import type { BalanceVariable, VacationLogEntry } from '@atrium/contracts';
import { and, count, desc, eq, gte, lte, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { absences, vacationLog } from '../../db/schema/index';
import { type LedgerPerson, VACATION, vacationBalance } from './balance';
import { dayOf } from './dates';

/** The fixed ids of the two vacation variables (the web keys its rows by them). */
export const VACATION_DAYS_VAR = 1;
export const USED_VACATION_DAYS_VAR = 2;

/**
 * A person's vacation variables (spec §3 "Vacation balance variable"): 'Vacation days' (diff: the
 * days available now; total: received so far) and 'Used vacation days' (add: days written off by
 * vacations starting this year).
 */
export async function vacationVariables(db: Db, person: LedgerPerson, now: Date): Promise<BalanceVariable[]> {
  const today = dayOf(now);
  const balance = await vacationBalance(db, person, today, now);
  const year = today.slice(0, 4);
  const [used] = await db
    .select({ days: sum(vacationLog.value) })
    .from(vacationLog)
    .where(
      and(
        eq(vacationLog.userId, person.id),
        eq(vacationLog.userVarType, VACATION),
        eq(vacationLog.type, 'minus'),
        gte(vacationLog.showAt, `${year}-01-01`),
        lte(vacationLog.showAt, `${year}-12-31`),
      ),
    );
  const common = {
    unit: 'day' as const,
    user_var_type: VACATION,
    task_template: 'vacation_approval',
    active: true,
    total: balance.received,
  };
  return [
    { id: VACATION_DAYS_VAR, name: 'Vacation days', value: balance.available, type: 'diff', ...common },
    {
      id: USED_VACATION_DAYS_VAR,
      name: 'Used vacation days',
      value: Number(used?.days ?? 0),
      type: 'add',
      ...common,
    },
  ];
}

/** What a ledger entry is, for the history's Type / Event column. */
function eventOf(row: {
  type: string;
  accrualMonth: string | null;
  note: string;
  absenceStatus: string | null;
}) {
  if (row.type === 'plus') return row.accrualMonth ? 'Monthly accrual' : row.note || 'Days granted';
  return row.absenceStatus === 'canceled' ? 'Vacation (canceled)' : 'Vacation';
}

/** A page of the person's ledger of `userVarType`, newest first (by show_at, then as written). */
export async function vacationHistory(
  db: Db,
  person: LedgerPerson,
  userVarType: string,
  page: number,
  pageSize: number,
  now: Date,
): Promise<{ count: number; results: VacationLogEntry[] }> {
  // Reading the history is reading the balance: the accruals due by now are written first.
  if (userVarType === VACATION) await vacationBalance(db, person, dayOf(now), now);
  const where = and(eq(vacationLog.userId, person.id), eq(vacationLog.userVarType, userVarType));
  const [total] = await db.select({ n: count() }).from(vacationLog).where(where);
  const rows = await db
    .select({
      id: vacationLog.id,
      type: vacationLog.type,
      value: vacationLog.value,
      countDays: vacationLog.countDays,
      fromDate: vacationLog.fromDate,
      toDate: vacationLog.toDate,
      showAt: vacationLog.showAt,
      createdAt: vacationLog.createdAt,
      accrualMonth: vacationLog.accrualMonth,
      note: vacationLog.note,
      absenceStatus: absences.status,
    })
    .from(vacationLog)
    .leftJoin(absences, eq(absences.id, vacationLog.absenceId))
    .where(where)
    .orderBy(desc(vacationLog.showAt), desc(vacationLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    count: Number(total?.n ?? 0),
    results: rows.map((row) => ({
      id: row.id,
      type: row.type,
      value: Number(row.value),
      count_days: row.countDays,
      from_date: row.fromDate,
      to_date: row.toDate,
      show_at: row.showAt,
      created_at: row.createdAt.toISOString(),
      event: eventOf(row),
    })),
  };
}
