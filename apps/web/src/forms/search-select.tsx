import type { UsersPage } from '@atrium/contracts';
import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../lib/http';
import { UserAvatar } from '../ui';

/** Spec §9: user, manager and autocomplete searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

type OptionValue = number | string;
type SearchOption = {
  value: OptionValue;
  label: string;
  /** People: their picture, with initials when null. */
  avatar?: string | null;
  /** People: their job position. */
  description?: string | null;
  /** People: their work e-mail, when the list gave it. */
  email?: string;
};

type SearchSelectProps = {
  label: string;
  value: OptionValue | null;
  /** The value chosen, and its option (what a person picker knows of the person). */
  onChange: (value: OptionValue | null, option: SearchOption | null) => void;
  /** Options matching a non-empty search text. */
  search: (q: string) => Promise<SearchOption[]>;
  /** The option of a value chosen before this control showed it, when only its id is known. */
  resolve?: (value: OptionValue) => Promise<SearchOption | null>;
  /** Names this search in the query cache. */
  cacheKey: readonly unknown[];
  /** The chosen option, when the caller knows it (e.g. the current manager). */
  selected?: SearchOption | null;
  withAvatars?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  description?: string | null;
  placeholder?: string;
};

/** A select whose options come from the server as the user types, one search per pause. */
export function SearchSelect({
  label,
  value,
  onChange,
  search,
  resolve,
  cacheKey,
  selected,
  withAvatars,
  required,
  disabled,
  error,
  description,
  placeholder = 'Search',
}: SearchSelectProps) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<SearchOption | null>(null);
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const known = [chosen, selected].find((option) => option && option.value === value) ?? null;
  // Choosing puts the option's label into the search box; that is no new search.
  const found = useQuery({
    queryKey: [...cacheKey, 'search', q],
    queryFn: () => search(q),
    enabled: q !== '' && q !== known?.label,
  });
  const resolved = useQuery({
    queryKey: [...cacheKey, 'resolve', value],
    queryFn: () => (resolve && value !== null ? resolve(value) : null),
    enabled: !!resolve && value !== null && !known,
  });
  const current = known ?? resolved.data ?? null;
  const options = [...(current ? [current] : []), ...(found.data ?? [])].filter(
    (option, index, all) => all.findIndex((other) => other.value === option.value) === index,
  );
  const byValue = new Map(options.map((option) => [option.value, option]));

  return (
    <Select<OptionValue>
      label={label}
      description={description}
      withAsterisk={required}
      disabled={disabled}
      error={error}
      placeholder={placeholder}
      searchable
      clearable={!required}
      searchValue={text}
      onSearchChange={setText}
      // The server has matched already (on more than the label, e.g. e-mail): keep all it found.
      filter={({ options: all }) => all}
      data={options.map(({ value: optionValue, label: optionLabel }) => ({
        value: optionValue,
        label: optionLabel,
      }))}
      value={value}
      onChange={(next) => {
        const option = next === null ? null : (byValue.get(next) ?? null);
        setChosen(option);
        onChange(next, option);
      }}
      nothingFoundMessage={q && !found.isFetching ? 'Nothing found' : undefined}
      rightSection={found.isFetching ? <Loader size={14} /> : undefined}
      renderOption={({ option }) => {
        const person = byValue.get(option.value);
        if (!withAvatars || !person) return option.label;
        return <PersonLabel person={person} avatarSize={24} />;
      }}
    />
  );
}

/** The server's word for a person without a job position. */
const NO_POSITION = 'N/A';

type Person = {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  job_position_name: string;
  email?: string;
};

export const personOption = (person: Person): SearchOption => ({
  value: person.id,
  label: `${person.first_name} ${person.last_name}`,
  avatar: person.avatar,
  description: person.job_position_name === NO_POSITION ? null : person.job_position_name,
  ...(person.email !== undefined && { email: person.email }),
});

/** Spec: the user search asks for page 1 of 10 people. */
const findPeople = (body: { q: string } | { ids: number[] }) =>
  http
    .post<UsersPage>('/api/users/filter/?page=1&page_size=10', body)
    .then(({ results }) => results.map(personOption));

type PickerProps = Omit<SearchSelectProps, 'search' | 'resolve' | 'cacheKey' | 'withAvatars'>;

/** Picks a person by name, e-mail or position; the value is their user id. */
export function UserIdPicker(props: PickerProps) {
  return (
    <SearchSelect
      {...props}
      search={(q) => findPeople({ q })}
      resolve={(id) => findPeople({ ids: [Number(id)] }).then((people) => people[0] ?? null)}
      cacheKey={['forms', 'people']}
      placeholder="Name"
      withAvatars
    />
  );
}

type ChoicesResponse = { results: { id: number | string; name: string }[] };

/** The choices of a values URL matching `q` (spec: a trailing slash is added to the URL). */
export function fetchChoices(url: string, q: string): Promise<SearchOption[]> {
  const base = url.endsWith('/') ? url : `${url}/`;
  return http
    .get<ChoicesResponse>(`${base}?${new URLSearchParams({ q })}`)
    .then(({ results }) => results.map(({ id, name }) => ({ value: id, label: name })));
}

/** A person as pickers and lists show them: avatar, name, and their position underneath. */
export function PersonLabel({ person, avatarSize }: { person: SearchOption; avatarSize: number }) {
  return (
    <Group gap={avatarSize > 24 ? 'sm' : 'xs'} wrap="nowrap">
      <UserAvatar name={person.label} src={person.avatar} size={avatarSize} decorative />
      <Stack gap={0}>
        <Text size="sm">{person.label}</Text>
        {person.description && (
          <Text size="xs" c="dimmed">
            {person.description}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
