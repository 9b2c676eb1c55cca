import type { UserListItem } from '@atrium/contracts';
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Deferred, lazyPart } from '../../../app/lazy-parts';
import { useWidgets } from '../../../app/widgets/widgets-context';
import { SegmentedControl, SkeletonRows, VisuallyHidden } from '../../../ui';
import { DirectoryList } from '../components/directory-list';
import { PeopleSearch } from '../components/people-search';
import { PeopleTable } from '../components/people-table';
import { fullName } from '../components/person-parts';
import { FilterChips } from '../filters/filter-chips';
import { activeFilterCount, filterBody, type PeopleFilters } from '../filters/people-filters';

// The filter modal (with its selects) loads after the list, or at once when it is opened; the grade and
// group modes when they are chosen.
const FilterModal = lazyPart(async () => (await import('../filters/filter-modal')).FilterModal);
const GradeView = lazyPart(async () => (await import('../components/grade-view')).GradeView);
const GroupView = lazyPart(async () => (await import('../components/group-view')).GroupView);

const DIRECTORY_MODES = [
  { value: 'table', label: 'Table' },
  { value: 'grade', label: 'Grade' },
  { value: 'group', label: 'Group' },
] as const;
type DirectoryMode = (typeof DIRECTORY_MODES)[number]['value'];

/** The mode named by `?mode=`; table when it names none. */
const directoryMode = (param: string | null): DirectoryMode =>
  DIRECTORY_MODES.find((mode) => mode.value === param)?.value ?? 'table';

export type PeoplePageProps = {
  /** Spec §6: the 'isUser' flag hides the company, location and statusVisible filters. */
  isUser?: boolean;
};

/**
 * The people directory at /people: table, grade and group modes (`?mode=`), a filter modal with chips of
 * what is chosen, a name search, and the profile of a clicked person (`?profile={id}`).
 */
export function PeoplePage({ isUser = false }: PeoplePageProps) {
  const [params, setParams] = useSearchParams();
  const mode = directoryMode(params.get('mode'));
  const { selectUser } = useWidgets();
  const [filters, setFilters] = useState<PeopleFilters>({});
  const [q, setQ] = useState('');
  const [modalOpened, modal] = useDisclosure(false);
  // Every list below is keyed by this body, so a new search or filter starts again at page 1.
  const body = useMemo(() => filterBody(filters, q), [filters, q]);
  const filterCount = activeFilterCount(filters);
  const hint = filterCount > 0 || q ? 'Try fewer filters' : undefined;

  const setParam = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, value);
      return next;
    });

  // Spec §2: a click on a person opens their profile, selects them and puts their name in the search.
  const openProfile = (person: UserListItem) => {
    setParam('profile', String(person.id));
    selectUser(person.id);
    setQ(fullName(person));
  };

  return (
    <Stack gap="md">
      <title>People · Atrium</title>
      <Group justify="space-between" gap="sm">
        <Title order={1}>People</Title>
        <SegmentedControl
          aria-label="Directory mode"
          value={mode}
          onChange={(value) => setParam('mode', value)}
          data={DIRECTORY_MODES}
        />
      </Group>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Button
          variant={filterCount > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={
            filterCount > 0 && (
              <Badge size="sm" circle aria-hidden>
                {filterCount}
              </Badge>
            )
          }
          onClick={modal.open}
          // The search input beside it takes the rest of a narrow screen, never this button's label.
          style={{ flexShrink: 0 }}
        >
          Filters
          {filterCount > 0 && <VisuallyHidden>({filterCount} active)</VisuallyHidden>}
        </Button>
        <PeopleSearch value={q} onSearch={setQ} />
      </Group>
      <FilterChips filters={filters} onChange={setFilters} onShowAll={modal.open} />

      {mode === 'table' && (
        <DirectoryList filter={body} hint={hint}>
          {(people) => <PeopleTable people={people} onOpen={openProfile} />}
        </DirectoryList>
      )}
      <Suspense fallback={<SkeletonRows count={6} />}>
        {mode === 'grade' && (
          <GradeView filter={body} grades={filters.grade ?? []} hint={hint} onOpen={openProfile} />
        )}
        {mode === 'group' && <GroupView filter={body} onOpen={openProfile} />}
      </Suspense>

      <Deferred open={modalOpened} part={FilterModal}>
        <FilterModal
          opened={modalOpened}
          onClose={modal.close}
          filters={filters}
          q={q}
          isUser={isUser}
          onApply={(chosen, text) => {
            setFilters(chosen);
            setQ(text);
            modal.close();
          }}
        />
      </Deferred>
    </Stack>
  );
}
