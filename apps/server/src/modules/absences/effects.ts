import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type AbsenceKind, absences, users, vacationLog } from '../../db/schema/index';
import { writeOffEntry } from './balance';
import { addDays, dayOf } from './dates';

/** The request an absence effect acts on (the engine's completed or rejected request). */
type DecidedRequest = { id: number };

export const STATUS_OFFLINE = 2;
export const STATUS_ILLNESS = 3;
export const STATUS_VACATION = 4;

/** The status an approved absence of `kind` shows while it lasts: Illness or Vacation; others none. */
const statusDuring = (kind: AbsenceKind) =>
  kind === 'sick_leave' ? STATUS_ILLNESS : kind === 'vacation' ? STATUS_VACATION : null;

async function absenceOf(tx: Tx, requestId: number) {
  const [row] = await tx.select().from(absences).where(eq(absences.taskId, requestId)).for('update');
  return row ?? null;
}

/**
 * Approving an absence request: the absence becomes approved (so the calendar and the directory show
 * it); a vacation writes its minus entry of count_days into the ledger (show_at its first day); an
 * absence covering today sets the person's status at once. A request without its absence, or with an
 * absence of another kind than the template's, is a broken link: it fails the approval.
 */
export const approveAbsence =
  (kind: AbsenceKind) =>
  async (tx: Tx, request: DecidedRequest, now: Date): Promise<void> => {
    const absence = await absenceOf(tx, request.id);
    if (!absence || absence.kind !== kind) {
      throw new Error(`request ${request.id} has no ${kind} absence to approve`);
    }
    if (absence.status !== 'pending') return;
    await tx.update(absences).set({ status: 'approved' }).where(eq(absences.id, absence.id));
    if (kind === 'vacation') {
      await tx.insert(vacationLog).values(writeOffEntry(absence, now));
    }
    const status = statusDuring(kind);
    const today = dayOf(now);
    if (status && absence.fromDate <= today && today <= absence.toDate) {
      await tx.update(users).set({ status }).where(eq(users.id, absence.userId));
    }
  };

/** Rejecting an absence request: the pending absence becomes rejected; nothing is deducted. */
export async function rejectAbsence(tx: Tx, request: DecidedRequest): Promise<void> {
  await tx
    .update(absences)
    .set({ status: 'rejected' })
    .where(and(eq(absences.taskId, request.id), eq(absences.status, 'pending')));
}

/**
 * Brings statuses in line with approved absences on `now`'s day: Illness during sick leave, Vacation
 * during a vacation (sick leave wins when both). Someone still shown Illness or Vacation whose absence
 * of that kind ended in the last week is set back to Offline; a status set by hand with no absence
 * behind it is left alone. Run at server start and every hour.
 */
export async function refreshAbsenceStatuses(db: Db, now: Date) {
  const today = dayOf(now);
  const weekAgo = addDays(today, -7);
  // Only the people whose status changes are written: rewriting everyone away (2,056 of the bench's
  // 100,000 people at each start and every hour) left as many dead rows in users each time
  // (docs/performance.md, eighteenth pass).
  await db.execute(sql`
    update users u set status = away.status
    from (
      select a.user_id, case when bool_or(a.kind = 'sick_leave') then ${sql.raw(String(STATUS_ILLNESS))}
        else ${sql.raw(String(STATUS_VACATION))} end as status
      from absences a
      where a.status = 'approved' and a.kind in ('sick_leave', 'vacation')
        and a.from_date <= ${today} and a.to_date >= ${today}
      group by a.user_id
    ) away
    where u.id = away.user_id and u.status is distinct from away.status`);
  await db.execute(sql`
    update users u set status = ${sql.raw(String(STATUS_OFFLINE))}
    where u.status in (${sql.raw(`${STATUS_ILLNESS}, ${STATUS_VACATION}`)})
      and not exists (
        select 1 from absences a where a.user_id = u.id and a.status = 'approved'
          and a.kind in ('sick_leave', 'vacation') and a.from_date <= ${today} and a.to_date >= ${today}
      )
      and exists (
        select 1 from absences a where a.user_id = u.id and a.status = 'approved'
          and a.kind = case u.status when ${sql.raw(String(STATUS_ILLNESS))} then 'sick_leave' else 'vacation' end
          and a.to_date < ${today} and a.to_date >= ${weekAgo}
      )`);
}
