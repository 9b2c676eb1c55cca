import type { UserListItem } from '@atrium/contracts';
import { ActionIcon, Box, CloseButton, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMatchesMedia } from '../../../lib/media-query';
import { readSearchHistory, saveSearchQuery } from '../../../lib/search-history';
import { EmptyState, SkeletonRows, UserAvatar } from '../../../ui';
import { useSearchPeople } from '../api';

/** Spec §9: the people search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/** The job position name the server sends when a person has none; it is not shown. */
const NO_POSITION = 'N/A';

/** Below Mantine's `sm` breakpoint the search is an icon button that expands to the header's width. */
const COMPACT_QUERY = '(max-width: 47.99em)';

export type GlobalSearchProps = {
  /** Called with the person's id when a result is opened, after navigating to their profile. */
  onSelect?: (userId: number) => void;
};

/**
 * The header search: finds people by name, position or e-mail as one types and opens a profile at
 * /people?profile={id}. Focused and empty, it offers the last 3 submitted queries (cookie 'shistory').
 * About 320 px wide; on small screens an icon button that opens it over the whole header.
 */
export function GlobalSearch({ onSelect }: GlobalSearchProps) {
  const compact = useMatchesMedia(COMPACT_QUERY);
  const [expanded, setExpanded] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasExpanded = useRef(false);

  useEffect(() => {
    // Closing the expanded search gives the focus back to the button that opened it.
    if (wasExpanded.current && !expanded) openButton.current?.focus();
    wasExpanded.current = expanded;
  }, [expanded]);

  if (!compact) return <SearchBox onSelect={onSelect} maw={320} />;
  if (!expanded) {
    return (
      <ActionIcon
        ref={openButton}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Open search"
        onClick={() => setExpanded(true)}
      >
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
    );
  }
  const collapse = () => setExpanded(false);
  return (
    <Group
      pos="fixed"
      top={0}
      left={0}
      right={0}
      h="var(--app-header-height, 56px)"
      px="sm"
      gap="xs"
      wrap="nowrap"
      bg="var(--mantine-color-body)"
      style={{
        zIndex: 'calc(var(--mantine-z-index-app) + 1)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <SearchBox
        onSelect={(id) => {
          collapse();
          onSelect?.(id);
        }}
        onDismiss={collapse}
        autoFocus
        flex={1}
      />
      <CloseButton aria-label="Close search" onClick={collapse} />
    </Group>
  );
}

type SearchOption = { kind: 'history'; text: string } | { kind: 'person'; person: UserListItem };

type SearchBoxProps = {
  onSelect?: (userId: number) => void;
  /** Escape with the dropdown already closed, or leaving the empty field (the compact search closes). */
  onDismiss?: () => void;
  autoFocus?: boolean;
  maw?: number;
  flex?: number;
};

/** The input with its dropdown of results or history: an ARIA combobox with a listbox. */
function SearchBox({ onSelect, onDismiss, autoFocus, maw, flex }: SearchBoxProps) {
  const navigate = useNavigate();
  const ids = useId();
  const listboxId = `${ids}-listbox`;
  const historyHeadingId = `${ids}-history`;
  const optionId = (index: number) => `${ids}-option-${index}`;

  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [history, setHistory] = useState(readSearchHistory);

  const trimmed = text.trim();
  const showHistory = trimmed === '';

  useEffect(() => {
    // Spec §5: nothing is searched for empty text; otherwise the search waits for a pause in typing.
    if (trimmed === '') {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  const results = useSearchPeople(query);
  useEffect(() => {
    // Spec §8: a failed people search is only logged.
    if (results.error) console.warn('The people search failed', results.error);
  }, [results.error]);

  const options: SearchOption[] = showHistory
    ? [...history].reverse().map((entry) => ({ kind: 'history', text: entry }))
    : (results.data?.results ?? []).map((person) => ({ kind: 'person', person }));
  const activeIndex = open && active < options.length ? active : -1;

  const runSearch = (value: string) => {
    setText(value);
    setQuery(value.trim());
    setActive(-1);
    setOpen(true);
  };

  const submit = () => {
    if (trimmed === '') return;
    setHistory(saveSearchQuery(trimmed));
    setQuery(trimmed);
    setOpen(true);
  };

  const choose = (option: SearchOption) => {
    if (option.kind === 'history') {
      runSearch(option.text);
      return;
    }
    setHistory(saveSearchQuery(trimmed));
    setOpen(false);
    setActive(-1);
    navigate(`/people?profile=${option.person.id}`);
    onSelect?.(option.person.id);
  };

  const move = (step: 1 | -1) => {
    if (!open) {
      setOpen(true);
      return;
    }
    if (options.length === 0) return;
    setActive((current) => {
      const from = current < options.length ? current : -1;
      if (from === -1) return step === 1 ? 0 : options.length - 1;
      return (from + step + options.length) % options.length;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
      else submit();
    } else if (event.key === 'Escape') {
      // The Escape that closes this dropdown closes nothing else (a side panel listening on the page).
      if (open) {
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (onDismiss) {
        event.stopPropagation();
        onDismiss();
      }
    }
  };

  return (
    <Box pos="relative" w="100%" maw={maw} flex={flex} miw={0}>
      <TextInput
        aria-label="Search people"
        placeholder="Search"
        autoComplete="off"
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          if (trimmed === '') onDismiss?.();
        }}
        onKeyDown={onKeyDown}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text === '' ? null : (
            <CloseButton
              size="sm"
              aria-label="Clear search"
              // Keeps the focus in the field, so the history shows right away.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => runSearch('')}
            />
          )
        }
      />
      {open && (
        <Paper
          withBorder
          shadow="md"
          p={4}
          pos="absolute"
          top="calc(100% + 4px)"
          left={0}
          right={0}
          // Spec §9: dropdowns sit at z-index 13.
          style={{ zIndex: 13 }}
          // A press inside the dropdown must not blur the field, or the dropdown would close under it.
          onMouseDown={(event) => event.preventDefault()}
        >
          {showHistory && (
            <Text id={historyHeadingId} size="xs" fw={600} c="dimmed" px="sm" py={4}>
              Search history
            </Text>
          )}
          {showHistory && options.length === 0 && <EmptyState text="No history items" />}
          {!showHistory && results.data === undefined && !results.isError && (
            <Box px="sm" py={6}>
              <SkeletonRows count={3} />
            </Box>
          )}
          {!showHistory && (results.data?.results.length === 0 || (results.isError && !results.data)) && (
            <EmptyState text="No people found" />
          )}
          {options.length > 0 && (
            <Box
              role="listbox"
              id={listboxId}
              aria-labelledby={showHistory ? historyHeadingId : undefined}
              aria-label={showHistory ? undefined : 'People found'}
              mah={360}
              style={{ overflowY: 'auto' }}
            >
              {options.map((option, index) => (
                <Box
                  key={option.kind === 'history' ? `history-${option.text}` : `person-${option.person.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  onClick={() => choose(option)}
                  onMouseEnter={() => setActive(index)}
                  px="sm"
                  py={6}
                  bg={index === activeIndex ? 'var(--mantine-color-default-hover)' : undefined}
                  style={{ borderRadius: 'var(--mantine-radius-sm)', cursor: 'pointer' }}
                >
                  {option.kind === 'history' ? (
                    <Group gap="xs" wrap="nowrap">
                      <IconHistory size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                      <Text size="sm" truncate>
                        {option.text}
                      </Text>
                    </Group>
                  ) : (
                    <PersonResult person={option.person} />
                  )}
                </Box>
              ))}
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
}

function PersonResult({ person }: { person: UserListItem }) {
  const name = `${person.first_name} ${person.last_name}`;
  const position = person.job_position_name === NO_POSITION ? null : person.job_position_name;
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar src={person.avatar} name={name} size={28} decorative />
      <Box miw={0}>
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        {position && (
          <Text size="xs" c="dimmed" truncate>
            {position}
          </Text>
        )}
      </Box>
    </Group>
  );
}
