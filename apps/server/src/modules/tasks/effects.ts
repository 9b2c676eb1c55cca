import type { Tx } from '../../db/client';
import { approveAbsence, rejectAbsence } from '../absences/effects';

/** The request a completion effect acts on. */
export type CompletedRequest = {
  id: number;
  companyId: number;
  /** Who the request is for. */
  userId: number | null;
  /** Who filed it. */
  managerId: number;
  inputParams: Record<string, unknown>;
};

/** What approving a request does besides closing it (e.g. writing an absence), in the approving transaction. */
export type CompletionEffect = (tx: Tx, request: CompletedRequest, now: Date) => Promise<void>;

/** What rejecting a request does besides closing it (e.g. rejecting its absence), in the rejecting transaction. */
export type RejectionEffect = (tx: Tx, request: CompletedRequest, now: Date) => Promise<void>;

/** Effects by the name a template gives in task_templates.effect: the absence requests (decision 0011). */
export const COMPLETION_EFFECTS: Record<string, CompletionEffect> = {
  vacation: approveAbsence('vacation'),
  sick_leave: approveAbsence('sick_leave'),
  business_trip: approveAbsence('business_trip'),
  own_expense: approveAbsence('own_expense'),
};

/**
 * The same names' rejection side: a rejected absence request rejects its absence, so its days are free
 * again. An effect with no rejection entry does nothing on rejection.
 */
export const REJECTION_EFFECTS: Record<string, RejectionEffect> = {
  vacation: rejectAbsence,
  sick_leave: rejectAbsence,
  business_trip: rejectAbsence,
  own_expense: rejectAbsence,
};

/**
 * Runs a template's effect. An effect name nobody registered is a configuration error and fails the
 * approval (rolled back with it), rather than closing a request whose consequence silently never happens.
 */
export async function runCompletionEffect(
  tx: Tx,
  effect: string | null,
  request: CompletedRequest,
  now: Date,
  registry: Record<string, CompletionEffect> = COMPLETION_EFFECTS,
) {
  if (!effect) return;
  const run = registry[effect];
  if (!run) throw new Error(`unknown completion effect "${effect}" of a task template`);
  await run(tx, request, now);
}

/** Runs the rejection side of a template's effect, if it has one. */
export async function runRejectionEffect(
  tx: Tx,
  effect: string | null,
  request: CompletedRequest,
  now: Date,
  registry: Record<string, RejectionEffect> = REJECTION_EFFECTS,
) {
  const run = effect ? registry[effect] : undefined;
  if (run) await run(tx, request, now);
}
