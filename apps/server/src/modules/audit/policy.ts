import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionInfo } from '../auth/sessions';
import { HR_PERMISSION, hasPermission, profileAccess } from '../users/policy';

/**
 * The person whose audit log a viewer may read: only HR (partial_update_user) of the person's own
 * company. Anyone else sharing a company with the person, the person themself included, is refused
 * (403); a person the viewer shares no company with, or none at all, answers as absent (404).
 */
export async function auditSubject(
  db: Db,
  viewer: SessionInfo,
  userId: number,
): Promise<{ id: number; companyId: number }> {
  const access = await profileAccess(db, viewer, userId);
  if (!access) throw notFound();
  const { target } = access;
  if (!(await hasPermission(db, viewer.userId, target.companyId, HR_PERMISSION))) throw forbidden();
  return target;
}
