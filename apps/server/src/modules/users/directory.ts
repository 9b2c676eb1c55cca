import type { UserListItem, UsersFilter } from '@atrium/contracts';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  type AbsenceKind,
  absences,
  departments,
  dictionaryItems,
  managerLinks,
  users,
} from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import { directoryCompanies } from './policy';
import { matchesAllWords } from './search';

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

/** Columns matched by id lists, by filter key. */
const ID_COLUMNS = {
  ids: users.id,
  location: users.locationId,
  status: users.status,
  gender: users.genderId,
  grade: users.gradeId,
  legalEntity: users.legalEntityId,
  employmentType: users.employmentTypeId,
  jobPosition: users.jobPositionId,
  jobPositionOfficial: users.jobPositionOfficialId,
  shoeSize: users.shoeSizeId,
  clothingSize: users.clothingSizeId,
  nutrition: users.nutritionId,
  statusVisible: users.statusVisibleId,
  specialEvent: users.specialEventId,
  division: users.divisionId,
  Division: users.divisionId,
  department: users.departmentId,
  Department: users.departmentId,
  groups: users.departmentId,
} as const satisfies Partial<Record<keyof UsersFilter, unknown>>;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** People with an approved absence of a kind overlapping the period (either end may be open). */
function awayDuring(kind: AbsenceKind, from: string | undefined, to: string | undefined): SQL | undefined {
  if (!from && !to) return undefined;
  return sql`exists (select 1 from ${absences} a where a.user_id = ${users.id} and a.kind = ${kind}
    and a.status = 'approved'
    ${to ? sql`and a.from_date <= ${to}` : sql``} ${from ? sql`and a.to_date >= ${from}` : sql``})`;
}

/** Manager links, optionally of the given manager types only. */
const linksOfType = (types: number[] | undefined) =>
  types?.length ? sql`and ml.manager_type_id in (${idList(types)})` : sql``;

/** The directory's WHERE over users for a filter (company scope included); undefined when nothing can match. */
export async function conditions(
  db: Db,
  session: SessionInfo,
  filter: UsersFilter,
): Promise<SQL | undefined> {
  const companies = await directoryCompanies(db, session, [
    ...(filter.Company ?? []),
    ...(filter.company ?? []),
  ]);
  if (companies.length === 0) return undefined;
  const where: (SQL | undefined)[] = [inArray(users.companyId, companies), eq(users.isActive, true)];
  if (filter.q) where.push(matchesAllWords(filter.q));
  for (const [key, column] of Object.entries(ID_COLUMNS)) {
    const ids = filter[key as keyof typeof ID_COLUMNS];
    if (ids?.length) where.push(inArray(column, ids));
  }
  if (filter.birthMonth?.length) {
    where.push(sql`extract(month from ${users.birthdate}) in (${idList(filter.birthMonth)})`);
  }
  if (filter.dms) where.push(eq(users.dms, true));
  if (filter.company_departments?.length) {
    const nodes = subtreeOf(filter.company_departments);
    where.push(sql`(${users.departmentId} in ${nodes} or ${users.divisionId} in ${nodes})`);
  }
  if (filter.Manager?.length) {
    where.push(sql`exists (select 1 from ${managerLinks} ml where ml.user_id = ${users.id}
      and ml.manager_id in (${idList(filter.Manager)}) ${linksOfType(filter.ManagerType)})`);
  }
  if (filter.managers_for?.length) {
    where.push(sql`exists (select 1 from ${managerLinks} ml where ml.manager_id = ${users.id}
      and ml.user_id in (${idList(filter.managers_for)}) ${linksOfType(filter.ManagerType)})`);
  }
  const away = [
    awayDuring('vacation', filter.vacation_from_date, filter.vacation_to_date),
    awayDuring('sick_leave', filter.sick_leave_from_date, filter.sick_leave_to_date),
  ].filter((condition) => condition !== undefined);
  if (away.length) where.push(or(...away));
  return and(...where);
}

/** special_order ids first, in their order, then everyone in name order. */
function ordering(filter: UsersFilter): SQL[] {
  const first = filter.special_order ?? [];
  const byName = [asc(users.sortName), asc(users.id)];
  if (first.length === 0) return byName;
  return [sql`array_position(array[${idList(first)}]::int[], ${users.id}) nulls last`, ...byName];
}

const department = alias(departments, 'department');
const division = alias(departments, 'division');
const jobPosition = alias(dictionaryItems, 'job_position');
const country = alias(dictionaryItems, 'country');

/** The name of the person's direct manager (manager type 'manager'), if any. */
export const managerName = sql<string | null>`(
  select m.first_name || ' ' || m.last_name
    from manager_links ml
    join users m on m.id = ml.manager_id
    join dictionary_items t on t.id = ml.manager_type_id and t.code = 'manager'
   where ml.user_id = ${users.id}
   order by ml.id limit 1)`;

/** One page of the directory, scoped to the viewer's companies, in name order. */
export async function listUsers(db: Db, session: SessionInfo, filter: UsersFilter, page: DirectoryPage) {
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
    .orderBy(...ordering(filter))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const results: UserListItem[] = rows.map((row) => ({
    ...row,
    status: row.status as UserListItem['status'],
    job_position_name: row.job_position_name ?? 'N/A',
  }));
  return { count: total.n, results };
}
