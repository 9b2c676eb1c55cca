import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionInfo } from '../auth/sessions';
import { overseesPerson, profileAccess } from '../users/policy';
import { type LedgerPerson, loadLedgerPerson } from './balance';

/**
 * Whose absence data (day counts, balance, vacation log) a viewer may read: their own, a person they
 * manage (any manager link) and, as HR, anyone of HR's company. A colleague is refused (403); someone
 * in none of the viewer's companies answers as if they did not exist (404).
 */
export async function personForViewer(db: Db, viewer: SessionInfo, userId: number): Promise<LedgerPerson> {
  const access = await profileAccess(db, viewer, userId);
  const person = access ? await loadLedgerPerson(db, userId) : null;
  if (!person) throw notFound();
  if (await overseesPerson(db, viewer.userId, person)) return person;
  throw forbidden();
}
