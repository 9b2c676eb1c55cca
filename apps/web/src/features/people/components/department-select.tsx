import { IconHierarchy2 } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useCurrentSession } from '../../../app/session';
import { CompanyLogo } from '../../../ui/company-logo';
import { DropdownSelect, type SelectOption } from '../../../ui/dropdown-select';
import { useDepartmentTree } from '../api';
import { COMPANY_OPTION, departmentOptions } from '../department-options';

type DepartmentSelectProps = { value: string; onChange: (value: string) => void };

/**
 * The company (with its logo) and then its department nodes, indented by depth. Searchable: a large
 * company has thousands of nodes, of which the list renders the first hundred (ui/DropdownSelect).
 * The tree is loaded when a pointer or the focus first reaches the list's button, not with the home
 * page: at 100,000 people it is 14,652 nodes, 1.3 MB of JSON to fetch and read on every visit for a list
 * most visits never open, and the moment before the click is most of the time it takes.
 */
export function DepartmentSelect({ value, onChange }: DepartmentSelectProps) {
  const { company } = useCurrentSession();
  const [wanted, setWanted] = useState(false);
  const tree = useDepartmentTree(company.id, wanted || value !== COMPANY_OPTION);
  useEffect(() => {
    // Spec §8: a failed call is only logged; the company stays the one choice.
    if (tree.error) console.warn('The department tree could not be loaded', tree.error);
  }, [tree.error]);
  const options = useMemo(
    (): SelectOption<string>[] => [
      { value: COMPANY_OPTION, label: company.name, icon: <CompanyLogo company={company} size={20} /> },
      ...departmentOptions(tree.data ?? []),
    ],
    [company, tree.data],
  );

  return (
    <DropdownSelect
      label="Department"
      hideLabel
      searchable
      options={options}
      value={value}
      onChange={(next) => next !== null && onChange(next)}
      onOpen={() => setWanted(true)}
      onIntent={() => setWanted(true)}
      loading={tree.isFetching && !tree.data}
      leftSection={
        value === COMPANY_OPTION ? (
          <CompanyLogo company={company} size={20} />
        ) : (
          <IconHierarchy2 size={16} aria-hidden />
        )
      }
    />
  );
}
