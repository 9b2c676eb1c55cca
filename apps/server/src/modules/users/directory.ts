import type { UserListItem, UsersFilterBody } from '@atrium/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { departments, dictionaryItems, users } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import { directoryCompanies } from './policy';
import { matchesAllWords } from './search';

/** A parsed UsersFilterBody: lists of ids, falsy entries already dropped. */
type Filter = { [K in keyof UsersFilterBody]?: K extends 'q' ? string | null : number[] };

export type DirectoryPage = { page: number; pageSize: number; countOnly: boolean };

/** Ids of the given department nodes and every node below them. */
function subtreeOf(nodeIds: number[]): SQL {
  return sql`(with recursive subtree as (
      select id from ${departments} where id in (${sql.join(
        nodeIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      union all
      select d.id from ${departments} d join subtree s on d.parent_id = s.id
    ) select id from subtree)`;
}

async function conditions(db: Db, session: SessionInfo, filter: Filter): Promise<SQL | undefined> {
  const companies = await directoryCompanies(db, session, [
    ...(filter.Company ?? []),
    ...(filter.company ?? []),
  ]);
  if (companies.length === 0) return undefined;
  const where: (SQL | undefined)[] = [inArray(users.companyId, companies), eq(users.isActive, true)];
  if (filter.q) where.push(matchesAllWords(filter.q));
  if (filter.ids?.length) where.push(inArray(users.id, filter.ids));
  if (filter.Department?.length) where.push(inArray(users.departmentId, filter.Department));
  if (filter.Division?.length) where.push(inArray(users.divisionId, filter.Division));
  if (filter.company_departments?.length) {
    const nodes = subtreeOf(filter.company_departments);
    where.push(sql`(${users.departmentId} in ${nodes} or ${users.divisionId} in ${nodes})`);
  }
  return and(...where);
}

const department = alias(departments, 'department');
const division = alias(departments, 'division');
const jobPosition = alias(dictionaryItems, 'job_position');
const country = alias(dictionaryItems, 'country');

/** The name of the person's direct manager (manager type 'manager'), if any. */
const managerName = sql<string | null>`(
  select m.first_name || ' ' || m.last_name
    from manager_links ml
    join users m on m.id = ml.manager_id
    join dictionary_items t on t.id = ml.manager_type_id and t.code = 'manager'
   where ml.user_id = ${users.id}
   order by ml.id limit 1)`;

/** One page of the directory, scoped to the viewer's companies, in name order. */
export async function listUsers(db: Db, session: SessionInfo, filter: Filter, page: DirectoryPage) {
  const where = await conditions(db, session, filter);
  if (!where) return { count: 0, results: [] as UserListItem[] };
  const [total] = await db.select({ n: count() }).from(users).where(where);
  if (page.countOnly || !total?.n) return { count: total?.n ?? 0, results: [] as UserListItem[] };
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      avatar: users.avatar,
      status: users.status,
      job_position: users.jobPositionId,
      job_position_name: jobPosition.name,
      division: users.divisionId,
      division_name: division.name,
      department: users.departmentId,
      department_name: department.name,
      country: country.name,
      gmt: users.gmt,
      manager_name: managerName,
      special_event: users.specialEventId,
      social: users.social,
    })
    .from(users)
    .leftJoin(jobPosition, eq(jobPosition.id, users.jobPositionId))
    .leftJoin(department, eq(department.id, users.departmentId))
    .leftJoin(division, eq(division.id, users.divisionId))
    .leftJoin(country, eq(country.id, users.countryId))
    .where(where)
    .orderBy(asc(users.sortName), asc(users.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const results: UserListItem[] = rows.map((row) => ({
    ...row,
    status: row.status as UserListItem['status'],
    job_position_name: row.job_position_name ?? 'N/A',
  }));
  return { count: total.n, results };
}
