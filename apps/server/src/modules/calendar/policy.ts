import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { managerLinks } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import { HR_PERMISSION, hasPermission } from '../users/policy';

/**
 * Whose absence kinds a viewer may know. Colleagues see that someone is away (vacation list) or on sick
 * leave; whether an absence is a business trip or leave at own expense is for the person, any of their
 * managers (every link type) and HR of the company only.
 */
export async function kindVisibility(
  db: Db,
  viewer: SessionInfo,
  companyId: number,
): Promise<(userId: number) => boolean> {
  const [isHr, managed] = await Promise.all([
    hasPermission(db, viewer.userId, companyId, HR_PERMISSION),
    db
      .select({ userId: managerLinks.userId })
      .from(managerLinks)
      .where(eq(managerLinks.managerId, viewer.userId)),
  ]);
  if (isHr) return () => true;
  const known = new Set([viewer.userId, ...managed.map((m) => m.userId)]);
  return (userId) => known.has(userId);
}
