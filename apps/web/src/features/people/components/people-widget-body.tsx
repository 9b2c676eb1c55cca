import type { UserListItem, UsersFilterBody } from '@atrium/contracts';
import { Box, NavLink, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import {
  memo,
  type UIEvent,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { useCurrentSession } from '../../../app/session';
import { Bone, EmptyState, SkeletonRows, UserAvatar } from '../../../ui';
import { usePeopleWidget } from '../api';
import { COMPANY_OPTION } from '../department-options';
import { type PeopleTab, peopleTabFilter } from '../people-tabs';
import { DepartmentSelect } from './department-select';

/** Spec §9: the next page is asked for when the list is scrolled within 200 px of its end… */
export const NEAR_BOTTOM_PX = 200;
/** …and loaded 1 s later. */
export const NEXT_PAGE_DELAY_MS = 1000;

/** The job position name the server sends when a person has none; the widget then shows no position. */
const NO_POSITION = 'N/A';

export type PeopleWidgetBodyProps = {
  /** Called with the person's id when their row is clicked, after navigating to their profile. */
  onSelect?: (userId: number) => void;
  /**
   * The tab of the spec's All / Department / Division model, which is not rendered; a tab the session user
   * cannot use (no department or division) lists everyone, as All does.
   */
  tab?: PeopleTab;
};

/**
 * The content of the people widget under the shell's 'Peoples' title: how many people the current filter
 * holds, a department picker (the company itself first) and an infinitely scrolling list of people.
 * Give it a bounded height (a flex child with min-height 0): the list scrolls inside it.
 */
export function PeopleWidgetBody({ onSelect, tab = 'all' }: PeopleWidgetBodyProps) {
  const { user, company } = useCurrentSession();
  // The choice belongs to a company: after a company switch the widget starts again from the company.
  const [choice, setChoice] = useState({ companyId: company.id, value: COMPANY_OPTION });
  const department = choice.companyId === company.id ? choice.value : COMPANY_OPTION;

  const filter = useMemo<UsersFilterBody>(
    () => ({
      ...(department === COMPANY_OPTION
        ? { company: [company.id] }
        : { company_departments: [Number(department)] }),
      ...peopleTabFilter(tab, user),
    }),
    [department, company.id, tab, user],
  );
  const people = usePeopleWidget(filter);
  const count = people.data?.pages[0]?.count;

  return (
    <Stack gap="sm" h="100%" mih={0}>
      {/* Aligned with the frame's title; the rows below bring their own padding. */}
      <Stack gap="sm" px="md">
        {count === undefined ? (
          people.isPending && <Bone height={12} width={120} style={{ marginBlock: 4 }} />
        ) : (
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {count.toLocaleString('en-US')} in organization
          </Text>
        )}
        <DepartmentSelect
          value={department}
          onChange={(value) => setChoice({ companyId: company.id, value })}
        />
      </Stack>
      {/* Keyed by the filter, so a new department starts at the top with no load-more timer pending. */}
      <PeopleList key={JSON.stringify(filter)} filter={filter} onSelect={onSelect} />
    </Stack>
  );
}

type PeopleListProps = { filter: UsersFilterBody; onSelect?: (userId: number) => void };

function PeopleList({ filter, onSelect }: PeopleListProps) {
  const navigate = useNavigate();
  const { data, error, hasNextPage, isFetching, isFetchingNextPage, isPending, fetchNextPage } =
    usePeopleWidget(filter);
  const listRef = useRef<HTMLUListElement>(null);
  const [waiting, requestMore] = useDelayedLoadMore(hasNextPage && !isFetching, fetchNextPage);
  // A page of people renders as a deferred update, in slices: its answer comes as one update of the query,
  // which would otherwise render every row in the same task (PeopleRows is memoised, so the urgent render
  // skips it).
  const shown = useDeferredValue(data);
  const people = useMemo(() => shown?.pages.flatMap((page) => page.results) ?? [], [shown]);
  const pageCount = shown?.pages.length ?? 0;

  useEffect(() => {
    // Spec: a failed people list is only logged.
    if (error) console.warn('The people list could not be loaded', error);
  }, [error]);

  // A page that does not fill the list leaves nothing to scroll, so the next one is asked for at once.
  // Without a layout (clientHeight 0) nothing can be measured and the list waits for a scroll.
  useEffect(() => {
    const list = listRef.current;
    if (pageCount > 0 && list && list.clientHeight > 0 && isNearBottom(list)) requestMore();
  }, [pageCount, requestMore]);

  const open = useCallback(
    (person: UserListItem) => {
      navigate(`/people?profile=${person.id}`);
      onSelect?.(person.id);
    },
    [navigate, onSelect],
  );

  if (isPending || (data && !shown)) {
    return (
      <Box px="sm">
        <SkeletonRows count={6} />
      </Box>
    );
  }
  if (people.length === 0) return <EmptyState text="No people found" icon={IconUsers} />;

  return (
    <Box
      ref={listRef}
      component="ul"
      aria-label="People"
      onScroll={(event: UIEvent<HTMLUListElement>) => {
        if (isNearBottom(event.currentTarget)) requestMore();
      }}
      flex={1}
      mih={0}
      m={0}
      p={0}
      style={{ listStyle: 'none', overflowY: 'auto' }}
    >
      <PeopleRows people={people} onOpen={open} />
      {waiting || isFetchingNextPage ? (
        <Box component="li" px="sm" py={6}>
          <SkeletonRows count={2} />
        </Box>
      ) : null}
    </Box>
  );
}

const isNearBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;

/**
 * Asks for the next page NEXT_PAGE_DELAY_MS after `request()`, once at a time and only while `canLoad`
 * (checked both when asked and when the delay is over). The pending request dies with the component.
 */
function useDelayedLoadMore(canLoad: boolean, loadMore: () => unknown) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ canLoad, loadMore });
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    latest.current = { canLoad, loadMore };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const request = useCallback(() => {
    if (timer.current !== undefined || !latest.current.canLoad) return;
    setWaiting(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setWaiting(false);
      if (latest.current.canLoad) void latest.current.loadMore();
    }, NEXT_PAGE_DELAY_MS);
  }, []);

  return [waiting, request] as const;
}

type PeopleRowsProps = { people: readonly UserListItem[]; onOpen: (person: UserListItem) => void };

const PeopleRows = memo(function PeopleRows({ people, onOpen }: PeopleRowsProps) {
  return people.map((person) => (
    <li key={person.id}>
      <PersonRow person={person} onOpen={() => onOpen(person)} />
    </li>
  ));
});

type PersonRowProps = { person: UserListItem; onOpen: () => void };

function PersonRow({ person, onOpen }: PersonRowProps) {
  const name = `${person.first_name} ${person.last_name}`;
  const position = person.job_position_name === NO_POSITION ? null : person.job_position_name;
  return (
    <NavLink
      component="button"
      type="button"
      onClick={onOpen}
      leftSection={<UserAvatar src={person.avatar} name={name} status={person.status} size={36} decorative />}
      label={name}
      description={position}
      noWrap
      styles={{ label: { fontWeight: 500 } }}
      py={6}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
