import { USER_STATUS_LABELS } from '@atrium/contracts';
import { useQueries } from '@tanstack/react-query';
import { useCurrentSession } from '../../../app/session';
import type { SelectOption } from '../../../ui';
import { dictionaryQueryOptions, teamNodesQueryOptions } from '../api';
import { LIST_FILTERS, type ListFilterField, type ListFilterKey, type OptionSource } from './people-filters';

type FilterOptions = Partial<Record<ListFilterKey, SelectOption<number>[]>>;

/** The status filter picks status codes (1 Online … 4 Vacation), not UserStatus dictionary ids. */
export const STATUS_OPTIONS: SelectOption<number>[] = Object.entries(USER_STATUS_LABELS).map(
  ([code, label]) => ({ value: Number(code), label }),
);

type Named = { id: number; name: string; img?: string | null };

const itemOptions = (items: readonly Named[]): SelectOption<number>[] =>
  items.map((item) => ({ value: item.id, label: item.name, img: item.img }));

/** birthMonth takes month numbers, not item ids: DOBMonth lists the months January first. */
const monthOptions = (items: readonly Named[]): SelectOption<number>[] =>
  items.map((item, index) => ({ value: index + 1, label: item.name }));

/** Filters whose choices are fetched: all but the status codes. */
type FetchedField = ListFilterField & { source: Exclude<OptionSource, 'statuses'> };
const isFetched = (field: ListFilterField): field is FetchedField => field.source !== 'statuses';

// The select functions are module constants, so each list of options is made once per answer and
// the modal's selects can skip re-rendering.
const optionsQuery = ({ key, source }: FetchedField, companyId: number) => ({
  ...(source === 'teams' ? teamNodesQueryOptions(companyId) : dictionaryQueryOptions(source, companyId)),
  select: key === 'birthMonth' ? monthOptions : itemOptions,
});

/** The choices of the given filters for the active company; a list still loading is missing. */
export function useFilterOptions(keys: readonly ListFilterKey[]): FilterOptions {
  const { company } = useCurrentSession();
  const fields = LIST_FILTERS.filter(isFetched).filter((field) => keys.includes(field.key));
  const results = useQueries({ queries: fields.map((field) => optionsQuery(field, company.id)) });

  const options: FilterOptions = keys.includes('status') ? { status: STATUS_OPTIONS } : {};
  fields.forEach((field, index) => {
    const list = results[index]?.data;
    if (list) options[field.key] = list;
  });
  return options;
}
