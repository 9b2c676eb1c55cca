import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SessionInfo } from '../auth/sessions';
import { profileAccess } from '../users/policy';

/**
 * How a viewer stands to one person: the person (with their employer, users.company_id), whether it is
 * the viewer themself, and whether the viewer is HR there (holds partial_update_user in that company).
 */
export type Standing = {
  person: { id: number; companyId: number };
  isSelf: boolean;
  isHr: boolean;
};

/** Only HR of the person's own company changes who manages them; HR of another company is a colleague. */
export const canManageSubordination = (standing: Standing) => standing.isHr;

/**
 * The viewer's standing to a person, or null when there is no such person or they share no company
 * with the viewer: answered 404, so that nobody learns who exists elsewhere. Anyone with a standing may
 * read the person's subordination and competencies.
 */
export async function standingTo(db: Db, viewer: SessionInfo, personId: number): Promise<Standing | null> {
  const access = await profileAccess(db, viewer, personId);
  if (!access) return null;
  return {
    person: access.target,
    isSelf: access.target.id === viewer.userId,
    isHr: access.editMode === 'hr',
  };
}

/** The viewer's standing to a person they may see; 404 otherwise. */
export async function standingOr404(db: Db, viewer: SessionInfo, personId: number): Promise<Standing> {
  const standing = await standingTo(db, viewer, personId);
  if (!standing) throw notFound();
  return standing;
}
