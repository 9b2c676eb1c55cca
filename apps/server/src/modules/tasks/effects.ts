import type { Tx } from '../../db/client';

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

/**
 * Effects by the name a template gives in task_templates.effect. Empty for now: the absences issue adds
 * its entries (vacation, sick leave …).
 */
export const COMPLETION_EFFECTS: Record<string, CompletionEffect> = {};

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
