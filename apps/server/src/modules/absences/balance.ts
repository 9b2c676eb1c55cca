import { and, count, eq, isNotNull, max, min, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { absences, companies, users, vacationLog } from '../../db/schema/index';
import { dayOf, later, monthOf, nextMonth } from './dates';

export const VACATION = 'vacation';

/** Whose ledger: the person, their main company and hire date. */
export type LedgerPerson = { id: number; companyId: number; hireDate: string | null };

export type Accrual = { month: string; showAt: string; value: number };

type WrittenOff = Pick<
  typeof absences.$inferSelect,
  'id' | 'companyId' | 'userId' | 'countDays' | 'fromDate' | 'toDate'
>;

/** The ledger's minus entry of an approved vacation: its days, counted from its first day. */
export const writeOffEntry = (absence: WrittenOff, now: Date): typeof vacationLog.$inferInsert => ({
  companyId: absence.companyId,
  userId: absence.userId,
  userVarType: VACATION,
  type: 'minus',
  value: absence.countDays,
  countDays: absence.countDays,
  fromDate: absence.fromDate,
  toDate: absence.toDate,
  showAt: absence.fromDate,
  absenceId: absence.id,
  createdAt: now,
});

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A month's share of the yearly allowance, rounded to 2 decimals (28 a year: 2.33 a month). */
export const monthlyShare = (allowance: number) => round2(allowance / 12);

/**
 * The monthly accruals from `start` up to `to`: one per month, earned at the start of the month (its
 * first day), except the month of `start` itself, earned on `start` (the hire date).
 */
export function accrualPlan(start: string, to: string, allowance: number): Accrual[] {
  const value = monthlyShare(allowance);
  const plan: Accrual[] = [];
  for (let month = monthOf(start); month <= to; month = nextMonth(month)) {
    const showAt = later(month, start);
    if (showAt > to) break;
    plan.push({ month, showAt, value });
  }
  return plan;
}

export async function loadLedgerPerson(db: Db | Tx, userId: number): Promise<LedgerPerson | null> {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, hireDate: users.hireDate })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

async function allowanceOf(db: Db | Tx, companyId: number) {
  const [row] = await db
    .select({ allowance: companies.vacationAllowance })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.allowance ?? 0;
}

/**
 * Where the person's accrual starts: the ledger opens on 1 January of the year it is first used (its
 * earliest accrual month once written, so a later year never restarts the count), or on the hire date
 * when that is later. Days of years before the ledger opened are not the portal's to count: HR brings
 * them in as a grant (a plus entry without an accrual month).
 */
export function accrualStartOf(hireDate: string | null, ledgerOpened: string | null, today: string) {
  const opened = ledgerOpened ?? `${today.slice(0, 4)}-01-01`;
  return hireDate && hireDate > opened ? hireDate : opened;
}

/** The person's accrual months written so far: the first, the last, and how many. */
async function writtenAccruals(db: Db | Tx, person: LedgerPerson) {
  const [row] = await db
    .select({
      first: min(vacationLog.accrualMonth),
      last: max(vacationLog.accrualMonth),
      months: count(vacationLog.accrualMonth),
    })
    .from(vacationLog)
    .where(
      and(
        eq(vacationLog.userId, person.id),
        eq(vacationLog.userVarType, VACATION),
        isNotNull(vacationLog.accrualMonth),
      ),
    );
  return { first: row?.first ?? null, last: row?.last ?? null, months: Number(row?.months ?? 0) };
}

/**
 * Writes the person's monthly accruals due up to `now` that are not written yet. Each month's row is
 * unique (person, ledger, accrual_month) and inserted with ON CONFLICT DO NOTHING, so any number of
 * calls, restarts or processes at once write each month once and only once. Returns the plan, whose
 * later months (not yet due) callers may project.
 */
export async function ensureAccruals(db: Db | Tx, person: LedgerPerson, now: Date) {
  const today = dayOf(now);
  const allowance = await allowanceOf(db, person.companyId);
  const written = await writtenAccruals(db, person);
  const start = accrualStartOf(person.hireDate, written.first, today);
  const due = allowance > 0 ? accrualPlan(start, today, allowance) : [];
  // Months are unique per person, so as many written as due, from the first due to the last, are exactly
  // the due ones: a balance read, most often, then writes nothing. Anything else (a month due since,
  // a row removed by hand) is written as before.
  const allWritten =
    written.months === due.length && written.first === due[0]?.month && written.last === due.at(-1)?.month;
  if (due.length && !allWritten) {
    await db
      .insert(vacationLog)
      .values(
        due.map((accrual) => ({
          companyId: person.companyId,
          userId: person.id,
          userVarType: VACATION,
          type: 'plus' as const,
          value: accrual.value,
          showAt: accrual.showAt,
          accrualMonth: accrual.month,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({
        target: [vacationLog.userId, vacationLog.userVarType, vacationLog.accrualMonth],
      });
  }
  return { start, allowance };
}

export type Balance = {
  /** Days received with show_at up to the date (written entries, plus the accruals still to come by then). */
  received: number;
  /** Days written off by approved vacations (minus entries), whenever they are. */
  used: number;
  /** Days of the person's pending vacation requests, held until decided. */
  held: number;
  available: number;
};

/**
 * The vacation balance at `date` (spec: received up to that date − used − held by pending requests),
 * after writing the accruals due today. A future date also counts the accruals earned by then.
 */
export async function vacationBalance(db: Db | Tx, person: LedgerPerson, date: string, now: Date) {
  const { start, allowance } = await ensureAccruals(db, person, now);
  const today = dayOf(now);
  const [totals] = await db
    .select({
      received: sum(
        sql`case when ${vacationLog.type} = 'plus' and ${vacationLog.showAt} <= ${date} then ${vacationLog.value} else 0 end`,
      ),
      used: sum(sql`case when ${vacationLog.type} = 'minus' then ${vacationLog.value} else 0 end`),
    })
    .from(vacationLog)
    .where(and(eq(vacationLog.userId, person.id), eq(vacationLog.userVarType, VACATION)));
  const [pending] = await db
    .select({ held: sum(absences.countDays) })
    .from(absences)
    .where(
      and(eq(absences.userId, person.id), eq(absences.kind, 'vacation'), eq(absences.status, 'pending')),
    );
  const projected =
    date > today && allowance > 0
      ? accrualPlan(start, date, allowance)
          .filter((accrual) => accrual.showAt > today)
          .reduce((total, accrual) => total + accrual.value, 0)
      : 0;
  const received = round2(Number(totals?.received ?? 0) + projected);
  const used = round2(Number(totals?.used ?? 0));
  const held = Number(pending?.held ?? 0);
  return { received, used, held, available: round2(received - used - held) } satisfies Balance;
}
