import { Button, Group, Modal, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { DropdownSelect, SegmentedControl, type SelectOption } from '../../../ui';
import { usersCountQueryOptions } from '../api';
import { STATUS_OPTIONS, useFilterOptions } from './filter-options';
import {
  type FilterSection,
  filterBody,
  LIST_FILTERS,
  type ListFilterField,
  type ListFilterKey,
  type PeopleFilters,
  VHI_LABEL,
} from './people-filters';

/** Spec §9: the live count waits 700 ms after the last change. */
const COUNT_DEBOUNCE_MS = 700;
/** Spec §9: the filter modal is 740 px wide. */
const MODAL_WIDTH = 740;
/** On a phone the modal takes the whole screen. */
const FULL_SCREEN_QUERY = '(max-width: 47.99em)';

const ALL_STATUSES = 'all';

export type FilterModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The page's filters and search, which the modal starts from each time it opens. */
  filters: PeopleFilters;
  q: string;
  /** 'Show {n} users': the chosen filters and search become the page's. */
  onApply: (filters: PeopleFilters, q: string) => void;
  /** Spec §6: hides the company, location and statusVisible filters. */
  isUser?: boolean;
};

/**
 * The directory's filters: a search over any user information, the spec's sections of filters, and a
 * 'Show {n} users' button that counts the matching people as the choice changes.
 */
export function FilterModal({ opened, onClose, ...form }: FilterModalProps) {
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY);
  return (
    <Modal.Root opened={opened} onClose={onClose} size={MODAL_WIDTH} fullScreen={fullScreen}>
      <Modal.Overlay />
      <Modal.Content>
        {/* Mounted only while open, so each opening starts from the page's filters. */}
        <FilterForm onClose={onClose} {...form} />
      </Modal.Content>
    </Modal.Root>
  );
}

type FilterFormProps = Omit<FilterModalProps, 'opened'>;

function FilterForm({ filters, q, onApply, onClose, isUser = false }: FilterFormProps) {
  const [draft, setDraft] = useState(filters);
  const [text, setText] = useState(q);
  const fields = LIST_FILTERS.filter((field) => !(isUser && field.hiddenForUser));
  const options = useFilterOptions(fields.map((field) => field.key));

  const body = useMemo(() => filterBody(draft, text), [draft, text]);
  const [settled] = useDebouncedValue(body, COUNT_DEBOUNCE_MS);
  const { data: count } = useQuery({ ...usersCountQueryOptions(settled), placeholderData: keepPreviousData });

  // Stable, so that a change re-renders only the select it concerns (FilterSelect is memoised).
  const choose = useCallback(
    (key: ListFilterKey, ids: readonly number[]) => setDraft((current) => ({ ...current, [key]: ids })),
    [],
  );
  const select = (field: ListFilterField) => (
    <FilterSelect
      key={field.key}
      field={field}
      options={options[field.key]}
      value={draft[field.key]}
      onChange={choose}
    />
  );

  const selectsOf = (section: FilterSection) =>
    fields.filter((field) => field.section === section && field.key !== 'status').map(select);
  const status = draft.status?.length === 1 ? String(draft.status[0]) : ALL_STATUSES;
  const general = selectsOf('general');

  return (
    <>
      {/* Under an open select's list (z-index 13, ui/DropdownSelect): Mantine's sticky header (1000) hid the
          top of a list that opened upward, its search box among it. */}
      <Modal.Header style={{ gap: 'var(--mantine-spacing-md)', zIndex: 12 }}>
        <Modal.Title fw={600}>Filters</Modal.Title>
        <TextInput
          aria-label="Search for any user information"
          placeholder="Search for any user information"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          flex={1}
          data-autofocus
        />
      </Modal.Header>
      <Modal.Body>
        <Stack gap="lg">
          {general.length > 0 && <FilterGroup title="General">{general}</FilterGroup>}
          <FilterGroup title="Work">{selectsOf('work')}</FilterGroup>
          <FilterGroup
            title="Status"
            before={
              <SegmentedControl
                aria-label="Status"
                fullWidth
                value={status}
                onChange={(value) => choose('status', value === ALL_STATUSES ? [] : [Number(value)])}
                data={[
                  { value: ALL_STATUSES, label: 'All' },
                  ...STATUS_OPTIONS.map((option) => ({ value: String(option.value), label: option.label })),
                ]}
              />
            }
          >
            {selectsOf('status')}
          </FilterGroup>
          <FilterGroup title="Personal">{selectsOf('personal')}</FilterGroup>
          <FilterGroup
            title="Other"
            after={
              <Switch
                label={VHI_LABEL}
                checked={draft.dms === true}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, dms: event.currentTarget.checked }))
                }
              />
            }
          >
            {selectsOf('other')}
          </FilterGroup>
        </Stack>
        <Group
          justify="space-between"
          pos="sticky"
          bottom={0}
          py="md"
          mt="md"
          bg="var(--mantine-color-body)"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
        >
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              setDraft({});
              setText('');
            }}
          >
            Reset
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              disabled={count === 0}
              onClick={() => onApply(draft, text.trim())}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {count === 0
                ? '(no results)'
                : count === undefined
                  ? 'Show users'
                  : `Show ${count.toLocaleString('en-US')} users`}
            </Button>
          </Group>
        </Group>
      </Modal.Body>
    </>
  );
}

type FilterGroupProps = { title: string; before?: ReactNode; after?: ReactNode; children: ReactNode[] };

/** One titled section of the modal: its selects two to a row (one on a phone). */
function FilterGroup({ title, before, after, children }: FilterGroupProps) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {before}
      {children.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {children}
        </SimpleGrid>
      )}
      {after}
    </Stack>
  );
}

type FilterSelectProps = {
  field: ListFilterField;
  options: SelectOption<number>[] | undefined;
  value: readonly number[] | undefined;
  onChange: (key: ListFilterKey, ids: readonly number[]) => void;
};

/** One list filter: a searchable multiple select of its dictionary's items. */
const FilterSelect = memo(function FilterSelect({ field, options, value, onChange }: FilterSelectProps) {
  return (
    <DropdownSelect<number>
      multiple
      searchable
      clearable
      label={field.label}
      placeholder="All"
      options={options ?? NO_OPTIONS}
      value={value ? [...value] : []}
      onChange={(ids) => onChange(field.key, ids)}
    />
  );
});

/** What a select lists while its dictionary loads. */
const NO_OPTIONS: SelectOption<number>[] = [];
