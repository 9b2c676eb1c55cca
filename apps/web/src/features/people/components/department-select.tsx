import { Avatar, Group, Select, Text } from '@mantine/core';
import { IconCheck, IconHierarchy2 } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useCurrentSession } from '../../../app/session';
import { useDepartmentTree } from '../api';
import { COMPANY_OPTION, departmentOptions } from '../department-options';

type DepartmentSelectProps = { value: string; onChange: (value: string) => void };

/** The company (with its logo) and then its department nodes, indented by depth. */
export function DepartmentSelect({ value, onChange }: DepartmentSelectProps) {
  const { company } = useCurrentSession();
  const tree = useDepartmentTree(company.id);
  useEffect(() => {
    // Spec §8: a failed call is only logged; the company stays the one choice.
    if (tree.error) console.warn('The department tree could not be loaded', tree.error);
  }, [tree.error]);
  const options = useMemo(() => departmentOptions(tree.data ?? []), [tree.data]);
  const depths = useMemo(() => new Map(options.map((option) => [option.value, option.depth])), [options]);
  const logo = (size: number) => (
    <Avatar
      src={company.logo_small ?? company.logo}
      name={company.name}
      size={size}
      radius="sm"
      alt=""
      aria-hidden
    />
  );

  return (
    // A stand-in for ui/DropdownSelect until its options can be indented and show an image of their own.
    <Select
      aria-label="Department"
      data={[{ value: COMPANY_OPTION, label: company.name }, ...options]}
      value={value}
      onChange={(next) => next !== null && onChange(next)}
      allowDeselect={false}
      // Mantine keeps a closed list in the page by default: every department rendered and positioned at load.
      comboboxProps={{ keepMounted: false }}
      leftSection={value === COMPANY_OPTION ? logo(20) : <IconHierarchy2 size={16} aria-hidden />}
      renderOption={({ option, checked }) => (
        <Group gap="xs" wrap="nowrap" pl={((depths.get(option.value) ?? 1) - 1) * 16} w="100%">
          {option.value === COMPANY_OPTION && logo(20)}
          <Text size="sm" flex={1} truncate>
            {option.label}
          </Text>
          {checked && <IconCheck size={16} aria-hidden />}
        </Group>
      )}
    />
  );
}
