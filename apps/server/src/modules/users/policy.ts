import type { EditMode } from '@atrium/contracts';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyMembers, groupPermissions, managerLinks, userGroups, users } from '../../db/schema/index';
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

/** HR of a company: whoever may edit its people's profiles (group 1 holds that right). */
export const HR_PERMISSION = 'partial_update_user';

/**
 * "The user holds the permission in the company" as a condition inside a larger statement, for checks
 * that must not cost a round trip of their own; `companyId` may be a column of that statement.
 */
export function holdsPermission(
  userId: number | Placeholder,
  companyId: number | SQL,
  codename: string,
): SQL {
  return sql`exists (select 1 from ${userGroups} ug join ${groupPermissions} gp on gp.group_id = ug.group_id
    where ug.user_id = ${userId} and ug.company_id = ${companyId} and gp.codename = ${codename})`;
}

/** Whether a user holds a permission (through their groups) in a company. */
export async function hasPermission(db: Db, userId: number, companyId: number, codename: string) {
  const rows = await db
    .select({ codename: groupPermissions.codename })
    .from(userGroups)
    .innerJoin(groupPermissions, eq(groupPermissions.groupId, userGroups.groupId))
    .where(
      and(
        eq(userGroups.userId, userId),
        eq(userGroups.companyId, companyId),
        eq(groupPermissions.codename, codename),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type ProfileAccess = {
  target: { id: number; companyId: number };
  /** The person themself or HR of their company: private fields are shown. */
  seesPrivate: boolean;
  editMode: EditMode;
};

/**
 * The viewer's standing towards a person, as columns of a statement over users: whether they share a
 * company (else the person does not exist for them), and whether the viewer is HR of the person's own
 * company. Asked inside the statement that reads the person, so that access costs no round trip.
 */
export const standingColumns = (viewerId: number | Placeholder) => ({
  // The person's columns are nested in sql``: at the top of a field of a one-table select Drizzle writes a
  // column without its table, and inside these subqueries a bare "id" would be any of their tables' own
  // (company_members has none today; one added later would silently change who shares a company).
  shareCompany: sql<boolean>`exists (select 1 from ${companyMembers} t join ${companyMembers} v
    on v.company_id = t.company_id where t.user_id = ${sql`${users.id}`} and v.user_id = ${viewerId})`,
  isHr: holdsPermission(viewerId, sql`${users.companyId}`, HR_PERMISSION).mapWith(Boolean),
});

type Standing = { id: number; companyId: number; shareCompany: boolean; isHr: boolean };

/**
 * What a viewer may do with a profile: null when the person is in none of the viewer's companies
 * (answered 404, as if they did not exist). HR is whoever holds partial_update_user in the person's
 * own company; HR of another company is a colleague like any other.
 */
export function accessFrom(viewerId: number, standing: Standing | undefined): ProfileAccess | null {
  if (!standing?.shareCompany) return null;
  const isSelf = viewerId === standing.id;
  return {
    target: { id: standing.id, companyId: standing.companyId },
    seesPrivate: isSelf || standing.isHr,
    editMode: standing.isHr ? 'hr' : isSelf ? 'self' : 'none',
  };
}

/** A viewer's access to a profile (see accessFrom), in one statement. */
export async function profileAccess(
  db: Db,
  viewer: SessionInfo,
  targetId: number,
): Promise<ProfileAccess | null> {
  const [standing] = await db
    .select({ id: users.id, companyId: users.companyId, ...standingColumns(viewer.userId) })
    .from(users)
    .where(eq(users.id, targetId));
  return accessFrom(viewer.userId, standing);
}

/**
 * Whether a viewer oversees a person, and so may read their tasks and absence records: it is the
 * person, one of their managers (any manager link), or HR of the person's company.
 */
export async function overseesPerson(db: Db, viewerId: number, person: { id: number; companyId: number }) {
  if (person.id === viewerId) return true;
  const [link] = await db
    .select({ id: managerLinks.id })
    .from(managerLinks)
    .where(and(eq(managerLinks.userId, person.id), eq(managerLinks.managerId, viewerId)))
    .limit(1);
  return link !== undefined || hasPermission(db, viewerId, person.companyId, HR_PERMISSION);
}
