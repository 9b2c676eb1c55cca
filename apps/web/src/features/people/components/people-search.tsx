import { ActionIcon, CloseButton, Divider, NavLink, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, Suspense, useEffect, useEffectEvent, useId, useState } from 'react';
import { lazyPart } from '../../../app/lazy-parts';
import { readSearchHistory, saveSearchQuery } from '../../../lib/search-history';
import { TemplatesSkeleton } from './templates-skeleton';

// The templates (with their icons) load when the panel first opens, not with the page.
const TaskTemplates = lazyPart(async () => (await import('./task-templates')).TaskTemplates);

/** Spec §9: the name search waits 500 ms after the last keystroke. */
const NAME_SEARCH_DEBOUNCE_MS = 500;

type PeopleSearchProps = {
  /** The directory's search text (q). */
  value: string;
  onSearch: (q: string) => void;
};

/**
 * The top bar's search: a button that opens an inline 'Employee's name' input. Typing searches after a
 * pause, Enter at once (and records the query in the 'shistory' cookie). While the input has the focus, a
 * panel offers the search history and the active task templates.
 */
export function PeopleSearch({ value, onSearch }: PeopleSearchProps) {
  const [expanded, setExpanded] = useState(value !== '');
  const [text, setText] = useState(value);
  const [panelOpened, setPanelOpened] = useState(false);
  const [history, setHistory] = useState(readSearchHistory);
  const debounced = useEffectEvent(onSearch);
  const historyId = useId();
  const trimmed = text.trim();

  // A search set elsewhere (the filter modal, a click on a person) shows here; text being typed is kept.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
    if (value) setExpanded(true);
  }, [value]);

  useEffect(() => {
    if (trimmed === value) return;
    const timer = setTimeout(() => debounced(trimmed), NAME_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, value]);

  const submit = (query: string) => {
    setText(query);
    onSearch(query);
    setHistory(saveSearchQuery(query));
    setPanelOpened(false);
  };

  const close = () => {
    setText('');
    onSearch('');
    setPanelOpened(false);
    setExpanded(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    // Spec §5: empty text is not submitted.
    if (event.key === 'Enter' && trimmed !== '') {
      event.preventDefault();
      submit(trimmed);
    } else if (event.key === 'Escape' && panelOpened) {
      event.stopPropagation();
      setPanelOpened(false);
    }
  };

  if (!expanded) {
    return (
      <ActionIcon variant="default" size="lg" aria-label="Search" onClick={() => setExpanded(true)}>
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
    );
  }

  return (
    <Popover
      opened={panelOpened}
      onDismiss={() => setPanelOpened(false)}
      position="bottom-start"
      width="target"
      shadow="md"
      // In place, so that Tab goes from the input into the panel.
      withinPortal={false}
    >
      <Popover.Target>
        <TextInput
          autoFocus
          aria-label="Employee's name"
          placeholder="Employee's name"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onFocus={() => setPanelOpened(true)}
          onClick={() => setPanelOpened(true)}
          onKeyDown={onKeyDown}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={<CloseButton size="sm" aria-label="Close search" onClick={close} />}
          w={{ base: '100%', xs: 300 }}
        />
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap={4}>
          <Text id={historyId} size="xs" fw={600} c="dimmed" px="xs">
            Search history
          </Text>
          {history.length === 0 ? (
            <Text size="sm" c="dimmed" px="xs">
              No history items
            </Text>
          ) : (
            <Stack
              gap={0}
              component="ul"
              aria-labelledby={historyId}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {[...history].reverse().map((entry) => (
                <li key={entry}>
                  <NavLink
                    component="button"
                    type="button"
                    label={entry}
                    leftSection={<IconHistory size={16} aria-hidden />}
                    onClick={() => submit(entry)}
                    py={6}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                </li>
              ))}
            </Stack>
          )}
          <Divider my={4} />
          <Text size="xs" fw={600} c="dimmed" px="xs">
            Templates
          </Text>
          <Suspense fallback={<TemplatesSkeleton />}>
            <TaskTemplates onChosen={() => setPanelOpened(false)} />
          </Suspense>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
