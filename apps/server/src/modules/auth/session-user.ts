import type { SessionResponse } from '@atrium/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import {
  companies,
  companyMembers,
  departments,
  dictionaryItems,
  groups,
  userGroups,
  userRights,
  users,
} from '../../db/schema/index';
import { unauthorized } from '../../lib/errors';
import type { SessionInfo } from './sessions';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  logo: companies.logo,
  logo_small: companies.logoSmall,
};

/** The signed-in user as the spec's session user, with the groups and rights of the active company. */
export async function loadSessionUser(db: Db, session: SessionInfo): Promise<SessionResponse> {
  const { userId, companyId } = session;
  const [userRows, groupRows, rightRows, companyRows, departmentRows] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
        avatar: users.avatar,
        status: users.status,
        job_position: users.jobPositionId,
        job_position_name: dictionaryItems.name,
        department: users.departmentId,
        division: users.divisionId,
      })
      .from(users)
      .leftJoin(dictionaryItems, eq(dictionaryItems.id, users.jobPositionId))
      .where(eq(users.id, userId)),
    db
      .select({ id: groups.id, name: groups.name })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(and(eq(userGroups.userId, userId), eq(userGroups.companyId, companyId)))
      .orderBy(asc(groups.id)),
    db
      .select({ right: userRights.right })
      .from(userRights)
      .where(and(eq(userRights.userId, userId), eq(userRights.companyId, companyId))),
    db
      .select(companyColumns)
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId))
      .orderBy(asc(companies.id)),
    departmentChain(db, userId),
  ]);
  const user = userRows[0];
  const company = companyRows.find((c) => c.id === companyId);
  if (!user || !company) throw unauthorized();
  return {
    user: {
      ...user,
      status: user.status as 1 | 2 | 3 | 4,
      job_position_name: user.job_position_name ?? 'N/A',
      groups: groupRows,
      rights: rightRows.map((r) => r.right),
      companies: companyRows,
      company_departments: departmentRows,
    },
    company,
  };
}

/** The user's department and every node above it, top first. */
async function departmentChain(db: Db, userId: number) {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`
    with recursive chain as (
      select d.id, d.name, d.parent_id, 0 as depth
        from ${departments} d join ${users} u on u.department_id = d.id
       where u.id = ${userId}
      union all
      select p.id, p.name, p.parent_id, chain.depth + 1
        from ${departments} p join chain on p.id = chain.parent_id
    )
    select id, name from chain order by depth desc`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}
