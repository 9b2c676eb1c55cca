import type { AbsenceRequestBody } from '@atrium/contracts';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type AbsenceKind, absences } from '../../db/schema/index';
import { fieldErrors } from '../../lib/errors';
import type { SessionInfo } from '../auth/sessions';
import { type CreatedRequest, createRequest } from '../tasks/engine';
import { validateInputs } from '../tasks/form-validation';
import { findTemplate } from '../tasks/templates';
import { loadLedgerPerson, vacationBalance } from './balance';
import { dayOf } from './dates';
import { countDaysFor } from './day-count';

/** Any number chosen once: the advisory-lock namespace of a person's absence requests. */
const ABSENCE_LOCK = 8_110_211;

/** A number of days as people read it: at most 2 decimals, none when whole. */
export const formatDays = (n: number) => String(Number(n.toFixed(2)));

/** The person's pending or approved absence (of any kind) that shares a day with the period, if any. */
async function overlapping(tx: Tx, userId: number, from: string, to: string) {
  const [row] = await tx
    .select({ fromDate: absences.fromDate, toDate: absences.toDate })
    .from(absences)
    .where(
      and(
        eq(absences.userId, userId),
        inArray(absences.status, ['pending', 'approved']),
        lte(absences.fromDate, to),
        gte(absences.toDate, from),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Files an absence request for the caller: `kind` from the template `templateKey` of their company.
 * The period must start today or later and end on or after its start; the template's other fields
 * (a trip's destination and purpose, a reason) are checked against its form. Then, in one transaction
 * holding a lock on the person (so two requests at once are decided one after the other): the period
 * must not overlap the person's pending or approved absences, a vacation must fit the balance at its
 * first day, and the absence (pending, with its day count) and its request are written together.
 * Notifications are the caller's to deliver after commit.
 */
export async function fileAbsenceRequest(
  db: Db,
  session: SessionInfo,
  kind: AbsenceKind,
  templateKey: string,
  body: AbsenceRequestBody,
  now: Date,
): Promise<CreatedRequest> {
  const today = dayOf(now);
  const { from_date: from, to_date: to } = body;
  const template = await findTemplate(db, session.companyId, templateKey);
  if (!template) throw fieldErrors({ template: ['This request is not available in your company'] });

  const { from_date: _from, to_date: _to, ...extra } = body.inputParams ?? {};
  const { values, errors } = validateInputs(
    template.form,
    { ...extra, from_date: from, to_date: to },
    { today, ownFileIds: new Set() },
  );
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (from < today) add('from_date', 'The start date is in the past');
  if (to < from) add('to_date', 'The end date is before the start date');
  if (Object.keys(errors).length) throw fieldErrors(errors);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ABSENCE_LOCK}, ${session.userId})`);
    const clash = await overlapping(tx, session.userId, from, to);
    if (clash) {
      throw fieldErrors({
        from_date: [`You already have an absence from ${clash.fromDate} to ${clash.toDate} in this period`],
      });
    }
    const person = await loadLedgerPerson(tx, session.userId);
    if (!person) throw fieldErrors({ user: ['There is no such user'] });
    const countDays = await countDaysFor(tx, person.companyId, kind, from, to);
    if (countDays <= 0) throw fieldErrors({ count_days: ['The period has no vacation days'] });
    if (kind === 'vacation') {
      const { available } = await vacationBalance(tx, person, from, now);
      if (countDays > available) {
        throw fieldErrors({
          count_days: [`Not enough vacation days: ${formatDays(Math.max(0, available))} available`],
        });
      }
    }
    const [absence] = await tx
      .insert(absences)
      .values({
        companyId: session.companyId,
        userId: session.userId,
        kind,
        status: 'pending',
        fromDate: from,
        toDate: to,
        countDays,
        createdAt: now,
      })
      .returning({ id: absences.id });
    if (!absence) throw new Error('absence not created');
    const created = await createRequest(tx, {
      companyId: session.companyId,
      templateId: template.id,
      requesterId: session.userId,
      userId: session.userId,
      inputParams: { ...values, from_date: from, to_date: to, count_days: countDays },
      now,
    });
    await tx.update(absences).set({ taskId: created.id }).where(eq(absences.id, absence.id));
    return created;
  });
}
