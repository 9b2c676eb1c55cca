import { type UserListItem, type UsersFilter, UsersPage } from '@atrium/contracts';
import { type AnyColumn, and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { absences, departments, dictionaryItems, managerLinks, users } from '../../db/schema/index';
import { nextPage } from '../../lib/pagination';
import type { PeopleVersion } from '../../lib/people-version';
import { createVersionedCache, type VersionedCache } from '../../lib/versioned-cache';
import { overlapsPeriod } from '../absences/period';
import type { SessionInfo } from '../auth/sessions';
import { directoryCompanies } from './policy';
import { matchesAllWords } from './search';

export type DirectoryPage = { page: number; pageSize: number; countOnly: boolean };

/**
 * The given department nodes and every node below them. Looked up first, on their own, so that the
 * people's query compares with known ids, which PostgreSQL estimates from its statistics and reads
 * through users_department_idx and users_division_idx; given as a recursive subquery, it guesses
 * hundreds of nodes and reads every person.
 */
async function subtreeOf(db: Db, nodeIds: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with recursive subtree as (
      select id from ${departments} where id in (${idList(nodeIds)})
      union all
      select d.id from ${departments} d join subtree s on d.parent_id = s.id
    ) select id from subtree`,
  );
  return rows.map((row) => Number(row.id));
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

/**
 * People with an approved absence overlapping the period (either end may be open), on one of the
 * company calendar's two lists: sick leave, or 'vacation', which is every other absence (a vacation, a
 * business trip, leave at own expense), as the calendar draws them. The calendar's side list and its
 * "+N more" ask with these keys, and must find everyone its grid counts.
 */
function awayDuring(list: 'vacation' | 'sick_leave', from: string | undefined, to: string | undefined) {
  if (!from && !to) return undefined;
  const kind = list === 'sick_leave' ? sql`a.kind = 'sick_leave'` : sql`a.kind <> 'sick_leave'`;
  return sql`exists (select 1 from ${absences} a where a.user_id = ${users.id} and ${kind}
    and a.status = 'approved' and ${overlapsPeriod(sql`a.from_date`, sql`a.to_date`, from, to)})`;
}

/** Manager links, optionally of the given manager types only. */
const linksOfType = (types: number[] | undefined) =>
  types?.length ? sql`and ml.manager_type_id in (${idList(types)})` : sql``;

/** The companies a filter lists people of: those it names that the viewer belongs to, else the active one. */
const companiesOf = (db: Db, session: SessionInfo, filter: UsersFilter) =>
  directoryCompanies(db, session, [...(filter.Company ?? []), ...(filter.company ?? [])]);

/** The directory's WHERE over users for a filter (company scope included); undefined when nothing can match. */
export async function conditions(
  db: Db,
  session: SessionInfo,
  filter: UsersFilter,
): Promise<SQL | undefined> {
  const companies = await companiesOf(db, session, filter);
  return companies.length === 0 ? undefined : filterConditions(db, companies, filter);
}

async function filterConditions(db: Db, companies: number[], filter: UsersFilter): Promise<SQL | undefined> {
  // is_active as a bare column, not compared with a parameter: the partial indexes (… where is_active)
  // then match under any plan, a generic one of a prepared statement too.
  const where: (SQL | undefined)[] = [inArray(users.companyId, companies), sql`${users.isActive}`];
  if (filter.q) where.push(matchesAllWords(filter.q));
  for (const [key, column] of Object.entries(ID_COLUMNS)) {
    const ids = filter[key as keyof typeof ID_COLUMNS];
    if (ids?.length) where.push(inArray(column, ids));
  }
  if (filter.birthMonth?.length) {
    where.push(sql`extract(month from ${users.birthdate}) in (${idList(filter.birthMonth)})`);
  }
  if (filter.dms) where.push(sql`${users.dms}`);
  if (filter.company_departments?.length) {
    const nodes = await subtreeOf(db, filter.company_departments);
    where.push(
      nodes.length ? or(inArray(users.departmentId, nodes), inArray(users.divisionId, nodes)) : sql`false`,
    );
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

/** special_order ids first, in their order, then everyone in name order (of users, or of a subquery's rows). */
function ordering(filter: UsersFilter, source: { id: AnyColumn; sortName: AnyColumn } = users): SQL[] {
  const first = filter.special_order ?? [];
  const byName = [asc(source.sortName), asc(source.id)];
  if (first.length === 0) return byName;
  return [sql`array_position(array[${idList(first)}]::int[], ${source.id}) nulls last`, ...byName];
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

/**
 * Up to this many matches, a page is cut from the matches sorted by name; otherwise it is read in name
 * order from users_company_name_idx, skipping those that do not match (or as PostgreSQL sees fit). The
 * count, run first, tells which: PostgreSQL cannot, as it takes a filter to be independent of names,
 * and a place is not (walking the index for one city's people read 20,000 of 100,000 to find 15:
 * 11–23 ms, against 4–7 ms sorted).
 */
export const FEW_MATCHES = 2_000;
/**
 * The same with a search text, whose matches each cost a trigram recheck when found again: walking reads
 * about 15 × company / matches people for a page, sorting reads the matches, so sorting pays below about
 * √(15 × company) matches (~1,200 at 100,000). A two-letter word's 2,000 matches walked in 4–7 ms against
 * 10–14 sorted; a division's people with a name's first letters (430) in 7 ms sorted against 16 walked.
 */
export const FEW_SEARCH_MATCHES = 500;

/**
 * The directory's two statements for a page: how many people match `where`, and the page's rows, whose
 * plan depends on how many match (see FEW_MATCHES).
 */
export function directoryQueries(db: Db, where: SQL, filter: UsersFilter, page: DirectoryPage) {
  const columns = {
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
  };
  const offset = (page.page - 1) * page.pageSize;
  /** The page in name order, by walking the name index (or as PostgreSQL sees fit). */
  const walked = () =>
    db
      .select(columns)
      .from(users)
      .leftJoin(jobPosition, eq(jobPosition.id, users.jobPositionId))
      .leftJoin(department, eq(department.id, users.departmentId))
      .leftJoin(division, eq(division.id, users.divisionId))
      .leftJoin(country, eq(country.id, users.countryId))
      .where(where)
      .orderBy(...ordering(filter))
      .limit(page.pageSize)
      .offset(offset);
  /** The page cut from all matches, found through the filters' indexes and sorted. */
  const sorted = () => {
    const matched = db
      .select({ id: users.id, sortName: users.sortName })
      .from(users)
      .where(where)
      // A LIMIT no page reaches: it keeps PostgreSQL from merging this subquery into the one that
      // sorts, which would bring back the walk along the name index.
      .limit(Number.MAX_SAFE_INTEGER)
      .as('matched');
    const chosen = db
      .select({ id: matched.id, sortName: matched.sortName })
      .from(matched)
      .orderBy(...ordering(filter, matched))
      .limit(page.pageSize)
      .offset(offset)
      .as('chosen');
    return db
      .select(columns)
      .from(chosen)
      .innerJoin(users, eq(users.id, chosen.id))
      .leftJoin(jobPosition, eq(jobPosition.id, users.jobPositionId))
      .leftJoin(department, eq(department.id, users.departmentId))
      .leftJoin(division, eq(division.id, users.divisionId))
      .leftJoin(country, eq(country.id, users.countryId))
      .orderBy(...ordering(filter, chosen));
  };
  return {
    count: db.select({ n: count() }).from(users).where(where),
    rows: (matches: number) =>
      matches <= (filter.q?.trim() ? FEW_SEARCH_MATCHES : FEW_MATCHES) ? sorted() : walked(),
    /** Both plans, for the test that they cut the same pages. */
    plans: { walked, sorted },
  };
}

export type DirectoryAnswer = { count: number; results: UserListItem[] };

/**
 * Directory answers one process keeps at most (decision 0021): a page holds 15–100 people, a few kB to
 * ~40 kB, a count nothing.
 */
export const DIRECTORY_CACHE_ENTRIES = 256;

/** A route's kept directory answers, and the people version they are checked against. */
export type KeptAnswers = { answers: VersionedCache<DirectoryAnswer>; version: PeopleVersion };

export const createDirectoryCache = (version: PeopleVersion): KeptAnswers => ({
  answers: createVersionedCache<DirectoryAnswer>(DIRECTORY_CACHE_ENTRIES),
  version,
});

/**
 * One page of the directory, scoped to the viewer's companies, in name order. With kept answers, one
 * computed under the current people version is reused (decision 0021): instead of the count and the
 * page, which for a filter with a search text read the trigram index twice, no statement where the
 * process has heard the version (decision 0030), one that reads it where it has not.
 */
export async function listUsers(
  db: Db,
  session: SessionInfo,
  filter: UsersFilter,
  page: DirectoryPage,
  kept?: KeptAnswers,
): Promise<DirectoryAnswer> {
  const companies = await companiesOf(db, session, filter);
  if (companies.length === 0) return { count: 0, results: [] };
  const compute = () => answer(db, companies, filter, page);
  if (!kept) return compute();
  return kept.answers.get(JSON.stringify([companies, filter, page]), await kept.version.current(), compute);
}

/**
 * Sends a directory page as the routes answer it (UsersPage), written as JSON here: `listUsers` for the page
 * query (UsersPageQuery, parsed) and the link to the next page, none for a count. The people of a kept
 * answer are checked against the contract and written once, not at every request: checking and writing
 * fifteen people at each request made a kept page cost ~1.7 times a kept count (docs/performance.md).
 */
export async function sendUsersPage(
  reply: FastifyReply,
  db: Db,
  session: SessionInfo,
  filter: UsersFilter,
  query: { page: number; page_size: number; count: boolean },
  { path, kept }: { path: string; kept?: KeptAnswers },
) {
  const { page, page_size, count } = query;
  const result = await listUsers(db, session, filter, { page, pageSize: page_size, countOnly: count }, kept);
  const next = count ? null : nextPage(path, query, result.count);
  // A string of a JSON type goes out as it is, past the route's response serializer.
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"count":${result.count},"next":${JSON.stringify(next)},"results":${resultsJson(result)}}`);
}

const writtenResults = new WeakMap<DirectoryAnswer, string>();

function resultsJson(answer: DirectoryAnswer): string {
  let json = writtenResults.get(answer);
  if (json === undefined) {
    json = JSON.stringify(UsersPage.shape.results.parse(answer.results));
    writtenResults.set(answer, json);
  }
  return json;
}

async function answer(
  db: Db,
  companies: number[],
  filter: UsersFilter,
  page: DirectoryPage,
): Promise<DirectoryAnswer> {
  const where = await filterConditions(db, companies, filter);
  if (!where) return { count: 0, results: [] };
  const queries = directoryQueries(db, where, filter, page);
  const [total] = await queries.count;
  if (page.countOnly || !total?.n) return { count: total?.n ?? 0, results: [] };
  const rows = await queries.rows(total.n);
  const results: UserListItem[] = rows.map((row) => ({
    ...row,
    status: row.status as UserListItem['status'],
    job_position_name: row.job_position_name ?? 'N/A',
  }));
  return { count: total.n, results };
}
