import type {
  DepartmentTreeResponse,
  DictionaryName,
  DictionaryResponse,
  LevelTypesResponse,
  UsersFilterBody,
  UsersPage,
} from '@atrium/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Spec §9: the people widget asks for 15 people a page. */
export const PEOPLE_WIDGET_PAGE_SIZE = 15;

type UsersPageRequest = { filter: UsersFilterBody; page: number; pageSize: number };

/** One page of POST /api/users/filter/: the people matching `filter`, with the total count and next link. */
export function fetchUsersPage({ filter, page, pageSize }: UsersPageRequest): Promise<UsersPage> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return http.post<UsersPage>(`/api/users/filter/?${query}`, filter);
}

/**
 * The page after `lastPageNumber`, or undefined when there is none: the server gave no next link, or the
 * next page would lie beyond ceil(total / page size) + 1 (spec §9, a guard against a server that keeps
 * sending next links).
 */
export function nextPeoplePage(
  lastPage: UsersPage,
  lastPageNumber: number,
  pageSize = PEOPLE_WIDGET_PAGE_SIZE,
) {
  if (lastPage.next === null) return undefined;
  const next = lastPageNumber + 1;
  return next > Math.ceil(lastPage.count / pageSize) + 1 ? undefined : next;
}

export const peopleWidgetQueryOptions = (filter: UsersFilterBody) =>
  infiniteQueryOptions({
    queryKey: ['people', 'widget', filter],
    queryFn: ({ pageParam }) =>
      fetchUsersPage({ filter, page: pageParam, pageSize: PEOPLE_WIDGET_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) => nextPeoplePage(lastPage, lastPageNumber),
    // Spec §4: the list starts again from page 1 on a department change and on leaving, so a list
    // nobody shows is dropped at once instead of being refetched page by page when it comes back.
    gcTime: 0,
  });

/** The people widget's list: page 1 first, further pages on demand (`fetchNextPage`). */
export const usePeopleWidget = (filter: UsersFilterBody) =>
  useInfiniteQuery(peopleWidgetQueryOptions(filter));

/** The department nodes of a company, as GET /api/company_department_tree/ lists them. */
export function fetchDepartmentTree(companyId: number) {
  const query = new URLSearchParams({ company_id: String(companyId) });
  return http
    .get<DepartmentTreeResponse>(`/api/company_department_tree/?${query}`)
    .then(({ results }) => results);
}

export const departmentTreeQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['structure', 'department-tree', companyId],
    queryFn: () => fetchDepartmentTree(companyId),
    // The structure changes rarely; spec §9 keeps query results without a stale time.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The company's tree; `enabled` false waits until it is wanted (a list not yet opened). */
export const useDepartmentTree = (companyId: number, enabled = true) =>
  useQuery({ ...departmentTreeQueryOptions(companyId), enabled });

/** Spec §9: the directory pages by 15 people. */
export const DIRECTORY_PAGE_SIZE = 15;

/** The directory's list for `filter`, page 1 first; further pages on demand (`fetchNextPage`). */
export const directoryQueryOptions = (filter: UsersFilterBody) =>
  infiniteQueryOptions({
    queryKey: ['people', 'directory', filter],
    queryFn: ({ pageParam }) => fetchUsersPage({ filter, page: pageParam, pageSize: DIRECTORY_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) =>
      nextPeoplePage(lastPage, lastPageNumber, DIRECTORY_PAGE_SIZE),
    // Spec §4: a search or filter starts at page 1, also when it repeats an earlier one, so a list
    // nobody shows is dropped rather than kept with all the pages it had.
    gcTime: 0,
  });

/** How many people match `filter` (count=1: the server counts without sending rows). */
export function fetchUsersCount(filter: UsersFilterBody) {
  const query = new URLSearchParams({ page: '1', page_size: String(DIRECTORY_PAGE_SIZE), count: '1' });
  return http.post<UsersPage>(`/api/users/filter/?${query}`, filter).then(({ count }) => count);
}

export const usersCountQueryOptions = (filter: UsersFilterBody) =>
  queryOptions({ queryKey: ['people', 'count', filter], queryFn: () => fetchUsersCount(filter) });

/** Spec §9: dictionaries are cached for the whole session (logout clears the query cache). */
const SESSION_CACHE = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

/** One dictionary's items as a company sees them (GET /api/dictionaries/{name}/). */
export const dictionaryQueryOptions = (name: DictionaryName, companyId: number) =>
  queryOptions({
    queryKey: ['dictionaries', name, companyId],
    queryFn: () =>
      http
        .get<DictionaryResponse>(`/api/dictionaries/${name}/?company=${companyId}`)
        .then(({ results }) => results),
    ...SESSION_CACHE,
  });

/** The depth of the structure's team level (1 Division, 2 Department, 3 Team). */
const TEAM_DEPTH = 3;

/** The nodes of the company's team level (depth 3), which the directory's Group filter picks from. */
export const teamNodesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['structure', 'team-nodes', companyId],
    queryFn: async () => {
      const { results: types } = await http.get<LevelTypesResponse>(
        `/api/company_level_types/?company=${companyId}`,
      );
      const team = types.find((type) => type.depth === TEAM_DEPTH);
      if (!team) return [];
      const query = new URLSearchParams({ company: String(companyId), level_type: String(team.id) });
      const { results } = await http.get<DepartmentTreeResponse>(`/api/company_levels/?${query}`);
      return results;
    },
    ...SESSION_CACHE,
  });
