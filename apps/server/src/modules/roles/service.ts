import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupPermissions, permissions, userGroups } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';

/** Codenames the user holds through their groups in the active company. */
export async function loadPermissions(db: Db, session: SessionInfo) {
  return db
    .selectDistinct({ codename: permissions.codename, name: permissions.name })
    .from(userGroups)
    .innerJoin(groupPermissions, eq(groupPermissions.groupId, userGroups.groupId))
    .innerJoin(permissions, eq(permissions.codename, groupPermissions.codename))
    .where(and(eq(userGroups.userId, session.userId), eq(userGroups.companyId, session.companyId)))
    .orderBy(asc(permissions.codename));
}
