import type {
  CalendarFeed,
  CalendarFilterBody,
  CalendarMonth,
  DictionaryResponse,
  HolidaysYear,
  UsersPage,
} from '@atrium/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, http } from '../../lib/http';
import type { AbsenceKind } from './month-grid';

/** Spec §9: the calendar's user list pages by 15 people. */
export const CALENDAR_USERS_PAGE_SIZE = 15;

/** Who is away on each day of a month (POST /api/calendars/company/filter/). */
export const calendarMonthQueryOptions = (body: CalendarFilterBody) =>
  queryOptions({
    queryKey: ['calendar', 'month', body],
    // The signal lets TanStack Query abort the call when a newer filter replaces it.
    queryFn: ({ signal }) => http.post<CalendarMonth>('/api/calendars/company/filter/', body, { signal }),
  });

/** A year's company holidays, fetched once per year: paging through its months reuses the answer. */
export const holidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: ['calendar', 'holidays', year],
    queryFn: ({ signal }) =>
      http.get<HolidaysYear>(`/api/calendars/company/holidays/?year=${year}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whose absences a user list covers: a period (yyyy-mm-dd, both days included) and the structure filters. */
export type PeopleScope = { from: string; to: string; department: number[]; division: number[] };

/** Which set a page of the user list comes from: the vacation set first, then the sick-leave set. */
export type MissingUsersPageParam = { kind: AbsenceKind; page: number };

/** The list's body for one set: that kind's date keys over the period, plus the structure filters. */
export function missingUsersBody(kind: AbsenceKind, { from, to, department, division }: PeopleScope) {
  return {
    [`${kind}_from_date`]: from,
    [`${kind}_to_date`]: to,
    ...(department.length > 0 && { Department: department }),
    ...(division.length > 0 && { Division: division }),
  };
}

/**
 * The people away in the period (POST /api/calendars/company/get_missing_users/): the month of the side
 * panel, or one day of the grid's "+N more". Spec §7: the vacation set is paged through first, then the
 * sick-leave set is added, each 15 a page.
 */
export const missingUsersQueryOptions = (scope: PeopleScope) =>
  infiniteQueryOptions({
    queryKey: ['calendar', 'missing-users', scope],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({
        page: String(pageParam.page),
        page_size: String(CALENDAR_USERS_PAGE_SIZE),
      });
      return http.post<UsersPage>(
        `/api/calendars/company/get_missing_users/?${query}`,
        missingUsersBody(pageParam.kind, scope),
        { signal },
      );
    },
    initialPageParam: { kind: 'vacation', page: 1 } as MissingUsersPageParam,
    getNextPageParam: (lastPage, _pages, last) => nextMissingUsersPage(lastPage, last),
  });

/** The page after `last`: the next of its set, else the first of the sick-leave set, else none. */
export function nextMissingUsersPage(lastPage: UsersPage, last: MissingUsersPageParam) {
  // A server that keeps sending next links stops at the last page its count allows.
  const more = lastPage.next !== null && last.page < Math.ceil(lastPage.count / CALENDAR_USERS_PAGE_SIZE);
  if (more) return { kind: last.kind, page: last.page + 1 } satisfies MissingUsersPageParam;
  return last.kind === 'vacation'
    ? ({ kind: 'sick_leave', page: 1 } satisfies MissingUsersPageParam)
    : undefined;
}

type Named = { id: number; name: string };

// Defined once, so that the query keeps its selected list from render to render (TanStack Query runs a
// new select function again) and the panel's lists are not folded and drawn again each time.
const toNamed = (items: DictionaryResponse['results']): Named[] =>
  items.map(({ id, name }) => ({ id, name }));

/** The Department or Division dictionary of the company: the side panel's structure choices. */
export const structureQueryOptions = (name: 'Department' | 'Division', companyId: number) =>
  queryOptions({
    // The same key as the directory's dictionaries, so both screens share one cached list.
    queryKey: ['dictionaries', name, companyId],
    queryFn: () =>
      http
        .get<DictionaryResponse>(`/api/dictionaries/${name}/?company=${companyId}`)
        .then(({ results }) => results),
    select: toNamed,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export type FeedScope = CalendarFeed['scope'];

/** The user's iCal feed, or null when they have none (the server answers 404). */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: ['calendar', 'feed'],
    queryFn: () =>
      http.get<CalendarFeed>('/api/calendars/feed/').catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });

/** Creates the feed, or replaces it with a new link (the old one stops working). */
export const createCalendarFeed = (scope: FeedScope) =>
  http.post<CalendarFeed>('/api/calendars/feed/', { scope });

/** Turns the feed off: its link stops working. */
export const deleteCalendarFeed = () => http.delete('/api/calendars/feed/');
