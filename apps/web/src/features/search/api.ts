import type { UsersFilterBody, UsersPage } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** How many people the header search shows at most. */
export const SEARCH_RESULTS_SIZE = 10;

/**
 * People of the active company matching `q` in name, e-mail, nickname, position or department
 * (POST /api/users/filter/; the server matches word prefixes, ignoring case and accents).
 */
export function searchPeople(q: string) {
  const query = new URLSearchParams({ page: '1', page_size: String(SEARCH_RESULTS_SIZE) });
  const body: UsersFilterBody = { q };
  return http.post<UsersPage>(`/api/users/filter/?${query}`, body);
}

export const searchPeopleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', 'people', q],
    queryFn: () => searchPeople(q),
    // Spec §5: a search runs only for non-empty text.
    enabled: q.trim() !== '',
    staleTime: 60_000,
    // The previous results stay while the next ones load, so the dropdown does not flicker as one types.
    placeholderData: keepPreviousData,
  });

export const useSearchPeople = (q: string) => useQuery(searchPeopleQueryOptions(q));
