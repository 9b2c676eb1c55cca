import type { UserListItem } from '@atrium/contracts';
import { Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { Bone } from '../../../ui/bone';
import { moreMatchesText, useOptionWindow } from '../../../ui/option-window';
import { UserAvatar } from '../../../ui/user-avatar';

type Option = { id: number; name: string };

/** From this many choices a list has a search box; a short one is read at a glance. */
const SEARCH_FROM = 9;
/**
 * The most choices a list draws (chosen ones beyond it too): a company of 100,000 people has thousands
 * of departments, whose checkboxes took 0.9 s of script to draw on a desktop, and redrew on every tick.
 */
const CHOICES_SHOWN = 50;

const nameOf = (option: Option) => option.name;

type ChoiceListProps = {
  label: string;
  options: readonly Option[] | undefined;
  /** The chosen ids; none chosen means all ('select all' ticked). */
  value: readonly number[];
  onChange: (value: number[]) => void;
};

/**
 * A structure filter: 'select all' first, then each choice. Picking some narrows; 'select all' clears.
 * A long list has a search box and draws its first CHOICES_SHOWN matches. Memoised: ticking a person
 * away does not draw the structure lists again.
 */
const ChoiceList = memo(function ChoiceList({ label, options, value, onChange }: ChoiceListProps) {
  const [search, setSearch] = useState('');
  const { shown, hidden } = useOptionWindow(
    options ?? [],
    nameOf,
    search,
    (option) => value.includes(option.id),
    CHOICES_SHOWN,
  );
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} fz="sm" mb={8}>
        {label}
      </Text>
      {options !== undefined && options.length >= SEARCH_FROM && (
        <TextInput
          size="xs"
          mb={8}
          placeholder="Search"
          aria-label={`Search ${label.toLowerCase()}`}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
        <Stack gap={8}>
          <Checkbox size="sm" label="select all" checked={value.length === 0} onChange={() => onChange([])} />
          {options === undefined
            ? [0, 1, 2].map((index) => <Bone key={index} height={16} width="70%" />)
            : shown.map((option) => (
                <Checkbox
                  key={option.id}
                  size="sm"
                  label={option.name}
                  checked={value.includes(option.id)}
                  onChange={(event) =>
                    onChange(
                      event.currentTarget.checked
                        ? [...value, option.id]
                        : value.filter((id) => id !== option.id),
                    )
                  }
                />
              ))}
          {options !== undefined && search.trim() !== '' && shown.length === 0 && (
            <Text c="dimmed" fz="sm">
              Nothing found
            </Text>
          )}
          {hidden > 0 && (
            <Text c="dimmed" fz="xs">
              {moreMatchesText(hidden)}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </fieldset>
  );
});

export type FilterPanelProps = {
  departments: readonly Option[] | undefined;
  divisions: readonly Option[] | undefined;
  department: readonly number[];
  division: readonly number[];
  onDepartment: (value: number[]) => void;
  onDivision: (value: number[]) => void;
  /** The people away in the month, or undefined while the first page loads. */
  people: readonly UserListItem[] | undefined;
  excluded: ReadonlySet<number>;
  onToggle: (id: number, ticked: boolean) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** The side panel: department and division, then the people found, each untickable to hide them. */
export function FilterPanel(props: FilterPanelProps) {
  const { people, excluded, onToggle } = props;
  return (
    <Stack gap="lg">
      <ChoiceList
        label="Department"
        options={props.departments}
        value={props.department}
        onChange={props.onDepartment}
      />
      <ChoiceList
        label="Division"
        options={props.divisions}
        value={props.division}
        onChange={props.onDivision}
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" fw={600} fz="sm" mb={8}>
          People away
        </Text>
        {people === undefined ? (
          <Stack gap={8}>
            {[0, 1, 2].map((index) => (
              <Bone key={index} height={24} />
            ))}
          </Stack>
        ) : people.length === 0 ? (
          <Text c="dimmed" fz="sm">
            Nobody this month.
          </Text>
        ) : (
          <Stack gap={8}>
            {people.map((person) => {
              const name = `${person.first_name} ${person.last_name}`;
              return (
                <Checkbox
                  key={person.id}
                  size="sm"
                  checked={!excluded.has(person.id)}
                  onChange={(event) => onToggle(person.id, event.currentTarget.checked)}
                  aria-label={name}
                  label={
                    <Group gap={8} wrap="nowrap">
                      <UserAvatar name={name} src={person.avatar} size={22} decorative />
                      <Text fz="sm" truncate>
                        {name}
                      </Text>
                    </Group>
                  }
                  styles={{ body: { alignItems: 'center' }, labelWrapper: { minWidth: 0 } }}
                />
              );
            })}
            {props.hasMore && (
              <Button variant="subtle" size="xs" loading={props.loadingMore} onClick={props.onLoadMore}>
                Load more
              </Button>
            )}
          </Stack>
        )}
      </fieldset>
    </Stack>
  );
}
