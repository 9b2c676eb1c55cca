import type { UserListItem, UsersFilterBody } from '@atrium/contracts';
import { IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
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

  const loaded = useMemo(() => data?.pages.flatMap((page) => page.results), [data]);
  // The rows, the directory's heaviest render, are a deferred update: React renders them in slices
  // between which the browser stays responsive, instead of in one long task when a page arrives.
  const shown = useDeferredValue(loaded);
  if (isPending || shown === undefined) return <SkeletonRows count={8} variant="table" columns={5} />;
  const people = keep ? shown.filter(keep) : shown;
  if (people.length === 0 && !hasNextPage) {
    return <EmptyState text="No people found" hint={hint} icon={IconUsers} />;
  }
  return (
    <>
      {people.length > 0 && children(people)}
      {isFetchingNextPage && <SkeletonRows count={2} variant="table" columns={5} />}
      {/* Only below the rows of the last page: above them, it would still be in view and ask again. */}
      {hasNextPage && !isFetchingNextPage && shown === loaded && (
        <LoadMore key={data?.pages.length} onVisible={() => void fetchNextPage()} />
      )}
    </>
  );
}
