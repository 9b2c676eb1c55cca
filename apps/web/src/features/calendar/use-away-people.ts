import type { UserListItem } from '@atrium/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  type MissingUsersPageParam,
  missingUsersQueryOptions,
  nextMissingUsersPage,
  type PeopleScope,
} from './api';

/** The people of all loaded pages, each once (the sick-leave set may repeat someone of the vacation set). */
function uniquePeople(pages: readonly { results: UserListItem[] }[] | undefined) {
  if (!pages) return undefined;
  const seen = new Map<number, UserListItem>();
  for (const page of pages)
    for (const person of page.results) if (!seen.has(person.id)) seen.set(person.id, person);
  return [...seen.values()];
}

/**
 * The people away in a period, 15 a page: the side panel's month and a day's "+N more" list. Spec §4:
 * once the vacation set is loaded (or has no more pages), the sick-leave set is added without waiting for
 * "Load more"; further pages of either set come on demand.
 */
export function useAwayPeople(scope: PeopleScope) {
  const query = useInfiniteQuery(missingUsersQueryOptions(scope));
  const { data, isFetching, fetchNextPage } = query;
  const people = useMemo(() => uniquePeople(data?.pages), [data]);
  const lastParam = (data?.pageParams as MissingUsersPageParam[] | undefined)?.at(-1);
  const lastPage = data?.pages.at(-1);
  const startsSickSet =
    lastParam?.kind === 'vacation' &&
    lastPage &&
    nextMissingUsersPage(lastPage, lastParam)?.kind === 'sick_leave';
  useEffect(() => {
    if (startsSickSet && !isFetching) void fetchNextPage();
  }, [startsSickSet, isFetching, fetchNextPage]);
  return {
    /** Undefined while the first page loads. */
    people,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void fetchNextPage(),
  };
}
