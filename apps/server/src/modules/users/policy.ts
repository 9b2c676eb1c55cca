import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyMembers } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';

/** The companies whose people a user may list: the ones they are a member of. */
export async function memberCompanyIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * The companies a directory query covers: the requested ones the viewer belongs to, or else the active
 * company of the session. Asking for a company one does not belong to yields nothing, never its people.
 */
export async function directoryCompanies(
  db: Db,
  session: SessionInfo,
  requested: number[],
): Promise<number[]> {
  if (requested.length === 0) return [session.companyId];
  const member = new Set(await memberCompanyIds(db, session.userId));
  return requested.filter((id) => member.has(id));
}
