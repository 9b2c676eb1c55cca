import type { DictionaryName, UsersFilterBody } from '@atrium/contracts';

/** The filters of the modal that pick ids from a list, by the spec's internal names (§3). */
export type ListFilterKey =
  | 'company'
  | 'location'
  | 'jobPosition'
  | 'grade'
  | 'legalEntity'
  | 'employmentType'
  | 'jobPositionOfficial'
  | 'department'
  | 'division'
  | 'groups'
  | 'status'
  | 'statusVisible'
  | 'birthMonth'
  | 'gender'
  | 'shoeSize'
  | 'clothingSize'
  | 'nutrition';

/**
 * The directory's filters as the modal holds them: chosen ids per list filter, and VHI on or off. Values
 * come from form controls, so they may hold what the server must not get (0, NaN): see `filterBody`.
 */
export type PeopleFilters = Partial<Record<ListFilterKey, readonly number[]>> & { dms?: boolean };

export type FilterSection = 'general' | 'work' | 'status' | 'personal' | 'other';

/** Where a list filter's choices come from: a dictionary, the team level of the structure, or the status codes. */
export type OptionSource = DictionaryName | 'teams' | 'statuses';

export type ListFilterField = {
  key: ListFilterKey;
  label: string;
  section: FilterSection;
  source: OptionSource;
  /** Spec §6: the isUser flag hides the company, location and statusVisible filters. */
  hiddenForUser?: boolean;
};

/** Every list filter in the modal's order, with the spec's labels (§3 "Filters for people"). */
export const LIST_FILTERS: readonly ListFilterField[] = [
  { key: 'company', label: 'Company', section: 'general', source: 'Company', hiddenForUser: true },
  { key: 'location', label: 'Location', section: 'general', source: 'UserLocation', hiddenForUser: true },
  { key: 'jobPosition', label: 'Job Position', section: 'work', source: 'UserJobPosition' },
  { key: 'grade', label: 'Grade', section: 'work', source: 'grade' },
  { key: 'legalEntity', label: 'Legal Entity', section: 'work', source: 'legal_entity' },
  { key: 'employmentType', label: 'Registration Type', section: 'work', source: 'job_format' },
  { key: 'jobPositionOfficial', label: 'Official Job Position', section: 'work', source: 'job_position' },
  { key: 'department', label: 'Department', section: 'work', source: 'Department' },
  { key: 'division', label: 'Division', section: 'work', source: 'Division' },
  { key: 'groups', label: 'Group', section: 'work', source: 'teams' },
  { key: 'status', label: 'Status', section: 'status', source: 'statuses' },
  {
    key: 'statusVisible',
    label: 'Visibility Status',
    section: 'status',
    source: 'UserStatusVisible',
    hiddenForUser: true,
  },
  { key: 'birthMonth', label: 'Birth month', section: 'personal', source: 'DOBMonth' },
  { key: 'gender', label: 'Gender', section: 'personal', source: 'Gender' },
  { key: 'shoeSize', label: 'Foot Size', section: 'other', source: 'foot_size' },
  { key: 'clothingSize', label: 'Clothing Size', section: 'other', source: 'clothing_size' },
  { key: 'nutrition', label: 'Nutrition', section: 'other', source: 'nutrition' },
];

export const VHI_LABEL = 'VHI';

/**
 * Filters sent under another key than their name. A person's `department` is the deepest node they sit in
 * (often a team), so the Department filter asks for the chosen node and everything under it.
 */
const WIRE_KEYS: Partial<Record<ListFilterKey, keyof UsersFilterBody>> = {
  department: 'company_departments',
};

/** An id a form may hold is sent only when it is one: spec §4 drops falsy and NaN values. */
const isId = (value: number) => Number.isInteger(value) && value > 0;

/** The body of POST /api/users/filter/ for these filters and search text; empty choices are left out. */
export function filterBody(filters: PeopleFilters, q = ''): UsersFilterBody {
  const body: Record<string, number[] | string | true> = {};
  const text = q.trim();
  if (text) body.q = text;
  for (const { key } of LIST_FILTERS) {
    const ids = (filters[key] ?? []).filter(isId);
    if (ids.length > 0) body[WIRE_KEYS[key] ?? key] = ids;
  }
  if (filters.dms === true) body.dms = true;
  return body as UsersFilterBody;
}

/** How many filters are in use (the badge on the filter button); the search text is not one. */
export function activeFilterCount(filters: PeopleFilters): number {
  const { q: _search, ...rest } = filterBody(filters);
  return Object.keys(rest).length;
}

/** One chosen value of one filter, as the chips bar shows it. */
export type FilterChip = { key: ListFilterKey | 'dms'; id: number; title: string };

/**
 * A chip per chosen value in the modal's order, titled by `titleOf` (the value's name), and one for VHI.
 * Values without a known title yet (their list is loading) wait rather than show a bare id.
 */
export function filterChips(
  filters: PeopleFilters,
  titleOf: (key: ListFilterKey, id: number) => string | undefined,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const { key } of LIST_FILTERS) {
    for (const id of (filters[key] ?? []).filter(isId)) {
      const title = titleOf(key, id);
      if (title !== undefined) chips.push({ key, id, title });
    }
  }
  if (filters.dms === true) chips.push({ key: 'dms', id: 1, title: VHI_LABEL });
  return chips;
}

/** Spec §9: chips are shown until their titles add up to 30 characters. */
const CHIPS_TITLE_BUDGET = 30;

/**
 * The chips to show and how many fold into '+N': each chip is shown while the titles before it add up to
 * less than the budget, so the first chip always shows and the one that reaches 30 is the last shown.
 */
export function collapseChips<T extends { title: string }>(chips: readonly T[], budget = CHIPS_TITLE_BUDGET) {
  let length = 0;
  let shown = 0;
  for (const chip of chips) {
    if (length >= budget) break;
    length += chip.title.length;
    shown++;
  }
  return { shown: chips.slice(0, shown), hidden: chips.length - shown };
}

/** The filters without one chip's value. */
export function removeChip(filters: PeopleFilters, chip: FilterChip): PeopleFilters {
  if (chip.key === 'dms') return { ...filters, dms: false };
  return { ...filters, [chip.key]: (filters[chip.key] ?? []).filter((id) => id !== chip.id) };
}
