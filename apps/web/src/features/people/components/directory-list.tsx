import type { UserListItem, UsersFilterBody } from '@atrium/contracts';
import { IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { EmptyState, LoadMore, SkeletonRows } from '../../../ui';
import { directoryQueryOptions } from '../api';

type DirectoryListProps = {
  filter: UsersFilterBody;
  /** People the view leaves out (grade mode's unlinked ones); the pages still load past them. */
  keep?: (person: UserListItem) => boolean;
  /** What to try when nobody matches (only when there are filters to loosen). */
  hint?: string;
  children: (people: UserListItem[]) => ReactNode;
};

/**
 * The directory's people for `filter`: skeleton rows while page 1 loads, the empty text when nobody
 * matches, and the next page whenever the end of the list scrolls into view.
 */
export function DirectoryList({ filter, keep, hint, children }: DirectoryListProps) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery(
    directoryQueryOptions(filter),
  );

  useEffect(() => {
    // Spec §8: a failed people list is only logged.
    if (error) console.warn('The people list could not be loaded', error);
  }, [error]);

  if (isPending) return <SkeletonRows count={8} variant="table" columns={5} />;
  const loaded = data?.pages.flatMap((page) => page.results) ?? [];
  const people = keep ? loaded.filter(keep) : loaded;
  if (people.length === 0 && !hasNextPage) {
    return <EmptyState text="No people found" hint={hint} icon={IconUsers} />;
  }
  return (
    <>
      {people.length > 0 && children(people)}
      {isFetchingNextPage && <SkeletonRows count={2} variant="table" columns={5} />}
      {hasNextPage && !isFetchingNextPage && (
        <LoadMore key={data?.pages.length} onVisible={() => void fetchNextPage()} />
      )}
    </>
  );
}
