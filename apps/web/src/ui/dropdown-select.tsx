import { CloseButton, Combobox, Group, Input, InputBase, Text, useCombobox } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { moreMatchesText, useOptionWindow } from './option-window';
import { UserAvatar } from './user-avatar';

export type SelectValue = string | number;

export type SelectOption<V extends SelectValue = SelectValue> = {
  value: V;
  label: string;
  /** A picture shown as a round avatar in `avatarMode` (initials when missing). */
  img?: string | null;
  /** Shown before the label in the list (a company's logo, say). */
  icon?: ReactNode;
  /** Its level in a tree (1 = top), indented by it while no search narrows the list. */
  depth?: number;
  /** A dimmed line under the label while a search flattens the list: where a tree's node sits in it. */
  hint?: string;
  disabled?: boolean;
};

type CommonProps<V extends SelectValue> = {
  options: SelectOption<V>[];
  /** The accessible name, shown above the control unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  /**
   * A search box at the top of the list ('Search', or 'Name' in avatar mode). A list of more than
   * LIST_LIMIT options always has one: only that many are rendered, and the search reaches the rest.
   */
  searchable?: boolean;
  /** Options are people or companies: each shows its `img` as a round avatar. */
  avatarMode?: boolean;
  disabled?: boolean;
  /** Adds the asterisk; an `error` then colours the border. */
  required?: boolean;
  error?: string | null;
  /** An x that empties the choice, shown while there is one, with the control in active-filter style. */
  clearable?: boolean;
  /** Shown at the start of the button, before the chosen label. */
  leftSection?: ReactNode;
  /** Called when the list opens: options loaded only when someone looks at them start loading here. */
  onOpen?: () => void;
  /**
   * Called when a pointer comes over the button or the button takes the focus: such options can start
   * loading in the moment before the click.
   */
  onIntent?: () => void;
  /** More options are on their way: a line under the list says so. */
  loading?: boolean;
};

type SingleProps<V extends SelectValue> = CommonProps<V> & {
  multiple?: false;
  value: V | null;
  onChange: (value: V | null) => void;
};

type MultipleProps<V extends SelectValue> = CommonProps<V> & {
  multiple: true;
  value: V[];
  onChange: (value: V[]) => void;
};

export type DropdownSelectProps<V extends SelectValue = SelectValue> = SingleProps<V> | MultipleProps<V>;

/** The spec's z-index for an open dropdown; it holds inside the side widget or modal the select sits in. */
const DROPDOWN_Z_INDEX = 13;

/** The most options an open list renders (chosen ones beyond it too); a search finds the others. */
export const LIST_LIMIT = 100;

const labelOf = (option: SelectOption) => option.label;

/**
 * The app's one select: a button showing the chosen label(s) that opens a list with check marks, optionally
 * searchable, single or multiple. The list opens upward when there is no room below (Floating UI's flip,
 * which measures the real list) and closes on a click outside or Escape, which gives focus back to the button.
 *
 * Keys: ArrowDown/ArrowUp open the list and move through it, Enter chooses, Escape closes, Tab leaves; Home/End jump to the
 * first/last option from the button (in the search box they move the caret, as in any text field).
 */
export function DropdownSelect<V extends SelectValue>(props: DropdownSelectProps<V>) {
  const {
    options,
    label,
    hideLabel,
    placeholder,
    avatarMode,
    disabled,
    required,
    error,
    clearable,
    leftSection,
    onOpen,
    onIntent,
    loading,
  } = props;
  const searchable = props.searchable || options.length > LIST_LIMIT;
  const [search, setSearch] = useState('');
  // Mantine marks the keyboard-active option in the DOM; screen readers learn it from aria-activedescendant.
  const [activeId, setActiveId] = useState<string>();
  // The list is in the page only while open (keepMounted below): the button names it itself, and an
  // arrow key that opens it picks an option once the list is there.
  const listId = useId();
  const [pickOnOpen, setPickOnOpen] = useState(false);
  const combobox = useCombobox({
    onDropdownOpen: () => {
      if (searchable) combobox.focusSearchInput();
      onOpen?.();
    },
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setActiveId(undefined);
      setSearch('');
    },
  });

  const { dropdownOpened: opened, selectActiveOption } = combobox;
  useEffect(() => {
    if (!opened || !pickOnOpen) return;
    setPickOnOpen(false);
    // Starts on the chosen option, or the first one.
    setActiveId(selectActiveOption() ?? undefined);
  }, [opened, pickOnOpen, selectActiveOption]);

  const chosen: V[] = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const chosenOptions = options.filter((option) => chosen.includes(option.value));
  const hasValue = chosen.length > 0;
  const showClear = clearable && hasValue && !disabled;
  const searching = search.trim() !== '';
  const { shown, hidden } = useOptionWindow(
    options,
    labelOf,
    search,
    (option) => chosen.includes(option.value),
    LIST_LIMIT,
  );

  const focusTrigger = () => combobox.targetRef.current?.focus();

  const choose = (optionValue: string) => {
    const option = options.find((candidate) => String(candidate.value) === optionValue);
    if (!option) return;
    if (props.multiple) {
      props.onChange(
        chosen.includes(option.value)
          ? props.value.filter((value) => value !== option.value)
          : [...props.value, option.value],
      );
      return;
    }
    props.onChange(option.value);
    combobox.closeDropdown();
    focusTrigger();
  };

  const clear = () => {
    if (props.multiple) props.onChange([]);
    else props.onChange(null);
    focusTrigger();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = (select: () => string | null) => {
      event.preventDefault();
      setActiveId(select() ?? undefined);
    };
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!opened) {
          event.preventDefault();
          combobox.openDropdown('keyboard');
          setPickOnOpen(true);
        } else move(event.key === 'ArrowDown' ? combobox.selectNextOption : combobox.selectPreviousOption);
        break;
      case 'Home':
      case 'End':
        if (!opened || event.currentTarget === combobox.searchRef.current) return;
        if (event.key === 'Home') move(combobox.selectFirstOption);
        else {
          // Stepping back from the first option wraps to the last enabled one.
          combobox.updateSelectedOptionIndex(0);
          move(combobox.selectPreviousOption);
        }
        break;
      case 'Enter':
        if (opened && combobox.getSelectedOptionIndex() !== -1) {
          // Otherwise the button would also take the Enter as a click and toggle the list.
          event.preventDefault();
          combobox.clickSelectedOption();
        }
        break;
      case 'Escape':
        if (!opened) return;
        // Only the list closes, not a side panel or modal around it.
        event.stopPropagation();
        combobox.closeDropdown('keyboard');
        focusTrigger();
        break;
      case 'Tab':
        // Focus is leaving the control; an open list would be left behind. It closes once the focus has
        // moved: closing unmounts the list, and the search box in it would take the focus along.
        window.setTimeout(() => combobox.closeDropdown('keyboard'));
        break;
    }
  };

  const avatarFor = (option: SelectOption<V>, size: number) =>
    avatarMode && <UserAvatar name={option.label} src={option.img} size={size} decorative />;
  const single = !props.multiple ? chosenOptions[0] : undefined;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={choose}
      position="bottom-start"
      zIndex={DROPDOWN_Z_INDEX}
      // In place rather than in a portal, so that z-index 13 stacks within the widget or modal around it.
      withinPortal={false}
      // Mantine keeps a closed list in the page and places it at load, reading the page's computed style:
      // 41 ms of the home page's start at a phone's CPU, for the meetings widget's select alone.
      keepMounted={false}
    >
      <Combobox.Target
        targetType="button"
        withKeyboardNavigation={false}
        withExpandedAttribute
        // Mantine's own aria-expanded follows a ref that a list mounted on opening sets too late.
        aria-expanded={opened}
        aria-controls={opened ? listId : undefined}
        aria-activedescendant={opened ? activeId : undefined}
      >
        <InputBase
          component="button"
          type="button"
          pointer
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          withAsterisk={required}
          aria-required={required}
          error={error}
          disabled={disabled}
          leftSection={leftSection}
          onClick={() => combobox.toggleDropdown()}
          onKeyDown={onKeyDown}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          styles={{
            input: showClear
              ? {
                  borderColor: 'var(--mantine-primary-color-filled)',
                  backgroundColor: 'var(--mantine-primary-color-light)',
                  color: 'var(--mantine-primary-color-light-color)',
                }
              : undefined,
          }}
          rightSection={
            showClear ? (
              <CloseButton
                aria-label="Clear"
                size="sm"
                c="var(--mantine-primary-color-light-color)"
                // Keeps the focus (and an open list) where it is until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={clear}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={showClear ? 'all' : 'none'}
        >
          {hasValue ? (
            <Group gap="xs" wrap="nowrap">
              {single && avatarFor(single, 20)}
              <Text component="span" inherit truncate miw={0}>
                {chosenOptions.map((option) => option.label).join(', ')}
              </Text>
            </Group>
          ) : (
            <Input.Placeholder>{placeholder}</Input.Placeholder>
          )}
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown>
        {searchable && (
          <Combobox.Search
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              // The old keyboard position points into a list that has just changed.
              combobox.resetSelectedOption();
              setActiveId(undefined);
            }}
            placeholder={avatarMode ? 'Name' : 'Search'}
            aria-label={avatarMode ? 'Name' : 'Search'}
            withKeyboardNavigation={false}
            onKeyDown={onKeyDown}
            aria-activedescendant={activeId}
          />
        )}
        <Combobox.Options
          id={listId}
          aria-label={label}
          aria-multiselectable={props.multiple || undefined}
          mah={280}
          style={{ overflowY: 'auto' }}
        >
          {shown.length === 0 ? (
            <Combobox.Empty>Nothing found</Combobox.Empty>
          ) : (
            shown.map((option) => {
              const selected = chosen.includes(option.value);
              return (
                <Combobox.Option
                  key={option.value}
                  value={String(option.value)}
                  disabled={option.disabled}
                  active={selected}
                  aria-selected={selected}
                >
                  <Group
                    gap="xs"
                    wrap="nowrap"
                    pl={!searching && option.depth ? (option.depth - 1) * 16 : undefined}
                  >
                    {avatarFor(option, 24)}
                    {option.icon}
                    <Text component="span" inherit truncate flex={1} miw={0}>
                      {option.label}
                      {searching && option.hint && (
                        <Text component="span" display="block" fz="xs" c="dimmed" truncate>
                          {option.hint}
                        </Text>
                      )}
                    </Text>
                    {selected && (
                      <IconCheck
                        size={16}
                        style={{ color: 'var(--mantine-primary-color-filled)' }}
                        aria-hidden
                      />
                    )}
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
        {(hidden > 0 || loading) && (
          <Combobox.Footer>
            <Text fz="xs" c="dimmed" role={loading ? 'status' : undefined}>
              {loading ? 'Loading…' : moreMatchesText(hidden)}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** Keys of T that may hold null: the only ones a chain can clear. */
type NullableKey<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];

/**
 * For a chain of selects where each narrows the next (company → department → division): after `changed` got its
 * new value, empties every select later in `chain` (spec: choosing clears dependent later selects).
 */
export function clearDependents<T extends object>(
  values: T,
  chain: readonly NullableKey<T>[],
  changed: NullableKey<T>,
): T {
  const index = chain.indexOf(changed);
  if (index === -1) return values;
  return { ...values, ...Object.fromEntries(chain.slice(index + 1).map((key) => [key, null])) };
}
