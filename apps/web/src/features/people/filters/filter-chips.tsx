import { Button, Group, Pill } from '@mantine/core';
import { useFilterOptions } from './filter-options';
import { collapseChips, filterChips, LIST_FILTERS, type PeopleFilters, removeChip } from './people-filters';

type FilterChipsProps = {
  filters: PeopleFilters;
  onChange: (filters: PeopleFilters) => void;
  /** The '+N' of the folded chips opens the filters, where all of them are. */
  onShowAll: () => void;
};

/** The chosen filter values as removable chips, folded into '+N' past 30 characters of titles. */
export function FilterChips({ filters, onChange, onShowAll }: FilterChipsProps) {
  const activeKeys = LIST_FILTERS.filter(({ key }) => (filters[key]?.length ?? 0) > 0).map(({ key }) => key);
  const options = useFilterOptions(activeKeys);
  const chips = filterChips(filters, (key, id) => options[key]?.find((option) => option.value === id)?.label);
  if (chips.length === 0) return null;
  const { shown, hidden } = collapseChips(chips);

  return (
    <Group gap={6} role="group" aria-label="Active filters">
      {shown.map((chip) => (
        <Pill
          key={`${chip.key}-${chip.id}`}
          size="md"
          withRemoveButton
          onRemove={() => onChange(removeChip(filters, chip))}
          // Mantine leaves the x out of the tab order and unnamed; here it is the only way to remove a chip.
          removeButtonProps={{ tabIndex: 0, 'aria-hidden': false, 'aria-label': `Remove ${chip.title}` }}
        >
          {chip.title}
        </Pill>
      ))}
      {hidden > 0 && (
        <Button
          variant="light"
          size="compact-sm"
          radius="xl"
          onClick={onShowAll}
          aria-label={`+${hidden} more filters`}
        >
          +{hidden}
        </Button>
      )}
    </Group>
  );
}
