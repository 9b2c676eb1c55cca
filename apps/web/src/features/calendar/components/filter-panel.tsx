import type { UserListItem } from '@atrium/contracts';
import { Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Bone } from '../../../ui/bone';
import { UserAvatar } from '../../../ui/user-avatar';

type Option = { id: number; name: string };

type ChoiceListProps = {
  label: string;
  options: readonly Option[] | undefined;
  /** The chosen ids; none chosen means all ('select all' ticked). */
  value: readonly number[];
  onChange: (value: number[]) => void;
};

/** A structure filter: 'select all' first, then each choice. Picking some narrows; 'select all' clears. */
function ChoiceList({ label, options, value, onChange }: ChoiceListProps) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} fz="sm" mb={8}>
        {label}
      </Text>
      <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
        <Stack gap={8}>
          <Checkbox size="sm" label="select all" checked={value.length === 0} onChange={() => onChange([])} />
          {options === undefined
            ? [0, 1, 2].map((index) => <Bone key={index} height={16} width="70%" />)
            : options.map((option) => (
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
        </Stack>
      </ScrollArea.Autosize>
    </fieldset>
  );
}

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
