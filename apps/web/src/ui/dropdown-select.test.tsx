import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  clearDependents,
  DropdownSelect,
  type DropdownSelectProps,
  LIST_LIMIT,
  type SelectOption,
} from './dropdown-select';
import { renderUi } from './test-utils';

const OFFICES: SelectOption<number>[] = [
  { value: 1, label: 'Berlin' },
  { value: 2, label: 'Zürich' },
  { value: 3, label: 'Île-de-France' },
  { value: 4, label: 'Lisbon', disabled: true },
  { value: 5, label: 'Oslo' },
];

type Extra = Partial<Omit<DropdownSelectProps<number>, 'multiple' | 'value' | 'onChange'>>;

/** A single select holding its own value, as a form would. */
function Single({
  initial = null,
  onChange,
  ...props
}: Extra & { initial?: number | null; onChange?: () => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <DropdownSelect
      label="Office"
      placeholder="Choose an office"
      options={OFFICES}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.();
      }}
      {...props}
    />
  );
}

function Multiple({ initial = [], ...props }: Extra & { initial?: number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <DropdownSelect multiple label="Offices" options={OFFICES} value={value} onChange={setValue} {...props} />
  );
}

const trigger = (name = 'Office') => screen.getByRole('combobox', { name });
const option = (name: string) => screen.getByRole('option', { name });

describe('DropdownSelect', () => {
  it('shows the placeholder, and opens a list of options on click', async () => {
    const { user } = renderUi(<Single />);

    expect(trigger()).toHaveTextContent('Choose an office');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(trigger());

    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Office' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((item) => item.textContent),
    ).toEqual(OFFICES.map((office) => office.label));
    expect(option('Lisbon')).toHaveAttribute('aria-disabled', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', list.id);
  });

  it('keeps no hidden list in the page while closed, which would be positioned at load', async () => {
    const { user, container } = renderUi(<Single />);
    expect(container.querySelector('[role=listbox], [data-combobox-option]')).toBeNull();

    await user.click(trigger());
    await user.click(option('Oslo'));

    expect(container.querySelector('[role=listbox], [data-combobox-option]')).toBeNull();
    expect(trigger()).not.toHaveAttribute('aria-controls');
  });

  it('opens in place with the spec z-index 13', async () => {
    const { user } = renderUi(<Single />);

    await user.click(trigger());

    expect(screen.getByRole('listbox').closest('[data-position]')).toHaveStyle({ zIndex: '13' });
  });

  it.each([
    { room: 'room below', top: 100, opens: 'bottom-start' },
    { room: 'no room below', top: 700, opens: 'top-start' },
  ])('with $room opens $opens', async ({ top, opens }) => {
    // jsdom lays out nothing: give the viewport, the button and the 200 px list their sizes.
    const isList = (element: HTMLElement) => element.dataset.position !== undefined;
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(768);
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1024);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return isList(this) ? 200 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('role') === 'combobox')
        return DOMRect.fromRect({ y: top, width: 240, height: 36 });
      return DOMRect.fromRect({ width: isList(this) ? 240 : 0, height: isList(this) ? 200 : 0 });
    });
    const { user } = renderUi(<Single />);

    await user.click(trigger());

    const dropdown = screen.getByRole('listbox').closest('[data-position]');
    await waitFor(() => expect(dropdown).toHaveAttribute('data-position', opens));
  });

  it('in single mode chooses, closes, marks the choice and gives focus back to the button', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Single onChange={onChange} />);

    await user.click(trigger());
    await user.click(option('Zürich'));

    expect(onChange).toHaveBeenCalledOnce();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Zürich');
    expect(trigger()).toHaveFocus();

    await user.click(trigger());
    expect(option('Zürich')).toHaveAttribute('aria-selected', 'true');
    expect(option('Berlin')).toHaveAttribute('aria-selected', 'false');
  });

  it('does not choose a disabled option', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Single onChange={onChange} />);

    await user.click(trigger());
    await user.click(option('Lisbon'));

    expect(onChange).not.toHaveBeenCalled();
  });

  it('in multiple mode stays open and toggles options with check marks', async () => {
    const { user } = renderUi(<Multiple initial={[1]} />);

    await user.click(trigger('Offices'));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    expect(option('Berlin')).toHaveAttribute('aria-selected', 'true');

    await user.click(option('Oslo'));
    await user.click(option('Berlin'));

    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(option('Oslo')).toHaveAttribute('aria-selected', 'true');
    expect(option('Oslo').querySelector('svg')).toBeInTheDocument();
    expect(option('Berlin')).toHaveAttribute('aria-selected', 'false');
    expect(option('Berlin').querySelector('svg')).not.toBeInTheDocument();
    expect(trigger('Offices')).toHaveTextContent('Oslo');

    await user.click(option('Berlin'));
    // Labels follow the order of the options, not of the clicks.
    expect(trigger('Offices')).toHaveTextContent('Berlin, Oslo');
  });

  it('filters by search text, ignoring case and accents, and says when nothing matches', async () => {
    const { user } = renderUi(<Single searchable />);

    await user.click(trigger());
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Search');
    await waitFor(() => expect(search).toHaveFocus());

    await user.type(search, 'ZURI');
    expect(screen.getAllByRole('option').map((item) => item.textContent)).toEqual(['Zürich']);

    await user.clear(search);
    await user.type(search, 'ile');
    expect(screen.getAllByRole('option').map((item) => item.textContent)).toEqual(['Île-de-France']);

    await user.type(search, 'xyz');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
  });

  it('starts with an empty search on the next opening', async () => {
    const { user } = renderUi(<Single searchable />);

    await user.click(trigger());
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'osl');
    await user.keyboard('{Escape}');
    await user.click(trigger());

    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(OFFICES.length);
  });

  it('shows avatars and a Name search in avatar mode', async () => {
    const people = [
      { value: 'ada', label: 'Ada Lovelace', img: '/media/ada.png' },
      { value: 'alan', label: 'Alan Turing', img: null },
    ];
    const { user } = renderUi(
      <DropdownSelect
        label="Person"
        options={people}
        value="ada"
        onChange={() => {}}
        searchable
        avatarMode
      />,
    );

    expect(trigger('Person').querySelector('img')).toHaveAttribute('src', '/media/ada.png');
    await user.click(trigger('Person'));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', 'Name');
    expect(option('Ada Lovelace').querySelector('img')).toHaveAttribute('src', '/media/ada.png');
    expect(option('Alan Turing')).toHaveTextContent('AT');
  });

  it('moves with the arrow keys, skips disabled options and chooses with Enter', async () => {
    const { user } = renderUi(<Single />);
    trigger().focus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-activedescendant', option('Berlin').id);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Lisbon is disabled, so the third step lands on Oslo.
    expect(trigger()).toHaveAttribute('aria-activedescendant', option('Oslo').id);
    await user.keyboard('{ArrowUp}');
    expect(trigger()).toHaveAttribute('aria-activedescendant', option('Île-de-France').id);

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Île-de-France');
  });

  it('opens and closes from the button with Enter and Space', async () => {
    const { user } = renderUi(<Single />);
    trigger().focus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('jumps to the first and last options with Home and End', async () => {
    const { user } = renderUi(<Single />);
    trigger().focus();

    await user.keyboard('{ArrowDown}{End}');
    expect(trigger()).toHaveAttribute('aria-activedescendant', option('Oslo').id);
    await user.keyboard('{Home}');
    expect(trigger()).toHaveAttribute('aria-activedescendant', option('Berlin').id);
  });

  it('opens on the chosen option', async () => {
    const { user } = renderUi(<Single initial={5} />);
    trigger().focus();

    await user.keyboard('{ArrowDown}');

    expect(trigger()).toHaveAttribute('aria-activedescendant', option('Oslo').id);
  });

  it('works from the search box with the arrow keys and Enter', async () => {
    const { user } = renderUi(<Single searchable />);

    await user.click(trigger());
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'o');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', option('Oslo').id);
    await user.keyboard('{Enter}');

    expect(trigger()).toHaveTextContent('Oslo');
    expect(trigger()).toHaveFocus();
  });

  it('closes on Escape, gives focus back to the button, and keeps the Escape from closing what is around it', async () => {
    const outerEscape = vi.fn();
    const { user } = renderUi(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands in for a side panel that closes on Escape
      <div onKeyDown={(event) => event.key === 'Escape' && outerEscape()}>
        <Single searchable />
      </div>,
    );

    await user.click(trigger());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus());
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    expect(outerEscape).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(outerEscape).toHaveBeenCalledOnce();
  });

  it('closes when Tab moves the focus on', async () => {
    const { user } = renderUi(
      <>
        <Single searchable />
        <Button>Next field</Button>
      </>,
    );

    await user.click(trigger());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus());
    await user.tab();

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const { user } = renderUi(
      <>
        <Single />
        <Button>Elsewhere</Button>
      </>,
    );

    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('does not open when disabled', async () => {
    const { user } = renderUi(<Single disabled />);

    expect(trigger()).toBeDisabled();
    await user.click(trigger());

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('offers Clear only while there is a value, in active-filter style', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Single initial={1} clearable onChange={onChange} />);

    expect(trigger()).toHaveStyle({ borderColor: 'var(--mantine-primary-color-filled)' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect(onChange).toHaveBeenCalledOnce();
    expect(trigger()).toHaveTextContent('Choose an office');
    expect(trigger()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(trigger()).not.toHaveStyle({ borderColor: 'var(--mantine-primary-color-filled)' });
  });

  it('clears a multiple select to an empty list', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <DropdownSelect
        multiple
        label="Offices"
        options={OFFICES}
        value={[1, 2]}
        onChange={onChange}
        clearable
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect(onChange).toHaveBeenCalledWith([]);
  });

  it('marks a required select and ties its error to it', () => {
    renderUi(<Single required error="Office is required" />);

    expect(screen.getByText('*')).toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-required', 'true');
    expect(trigger()).toHaveAttribute('aria-invalid', 'true');
    expect(trigger()).toHaveAccessibleDescription('Office is required');
  });

  it('can keep its label for screen readers only', () => {
    renderUi(<Single hideLabel />);

    expect(trigger()).toBeInTheDocument();
    expect(screen.queryByText('Office')).not.toBeInTheDocument();
  });
});

describe('DropdownSelect with a long list', () => {
  const places: SelectOption<number>[] = Array.from({ length: LIST_LIMIT * 20 }, (_, index) => ({
    value: index + 1,
    label: `Place ${index + 1}`,
  }));

  it('renders the first LIST_LIMIT options, has a search box though not asked to, and finds the rest', async () => {
    const { user } = renderUi(<Single options={places} />);

    await user.click(trigger());
    expect(screen.getAllByRole('option')).toHaveLength(LIST_LIMIT);
    expect(
      screen.getByText(`${(LIST_LIMIT * 19).toLocaleString('en-US')} more: type to narrow the list`),
    ).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'place 1999');
    expect(screen.getAllByRole('option').map((each) => each.textContent)).toEqual(['Place 1999']);
    expect(screen.queryByText(/more: type to narrow/)).not.toBeInTheDocument();
    await user.click(option('Place 1999'));
    expect(trigger()).toHaveTextContent('Place 1999');
  });

  it('keeps the chosen options past the limit in the list, so that they can be unticked', async () => {
    const { user } = renderUi(<Multiple options={places} initial={[1500]} />);

    await user.click(trigger('Offices'));
    expect(screen.getAllByRole('option')).toHaveLength(LIST_LIMIT + 1);
    await user.click(option('Place 1500'));
    expect(trigger('Offices')).not.toHaveTextContent('Place 1500');
  });

  it('tells that it opened, and says more options are loading while they are', async () => {
    const onOpen = vi.fn();
    const { user } = renderUi(<Single onOpen={onOpen} loading />);

    await user.click(trigger());
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('tells of a pointer over its button and of the focus reaching it, before any click', async () => {
    const onIntent = vi.fn();
    const { user } = renderUi(<Single onIntent={onIntent} />);

    await user.hover(trigger());
    expect(onIntent).toHaveBeenCalledTimes(1);
    await user.unhover(trigger());
    await user.tab();
    expect(trigger()).toHaveFocus();
    expect(onIntent).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('indents the nodes of a tree by depth until a search flattens it and tells where each sits', async () => {
    const tree: SelectOption<number>[] = [
      { value: 1, label: 'Engineering', depth: 1 },
      { value: 2, label: 'Platform', depth: 2, hint: 'Engineering' },
    ];
    const { user } = renderUi(<Single options={tree} searchable />);

    await user.click(trigger());
    const row = (name: string) => within(screen.getByRole('listbox')).getByText(name).parentElement;
    expect(row('Platform')?.style.paddingLeft).not.toBe(row('Engineering')?.style.paddingLeft);
    expect(screen.getAllByText('Engineering')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'platform');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(row('Platform')?.style.paddingLeft).toBe('');
    expect(
      within(screen.getByRole('option', { name: /Platform/ })).getByText('Engineering'),
    ).toBeInTheDocument();
  });
});

describe('clearDependents', () => {
  type Filters = { company: number | null; department: number | null; division: number | null; q: string };
  const CHAIN = ['company', 'department', 'division'] as const;
  const filters: Filters = { company: 1, department: 2, division: 3, q: 'ada' };

  it('empties the selects after the changed one and keeps the rest', () => {
    expect(clearDependents<Filters>({ ...filters, company: 9 }, CHAIN, 'company')).toEqual({
      company: 9,
      department: null,
      division: null,
      q: 'ada',
    });
    expect(clearDependents(filters, CHAIN, 'department')).toEqual({ ...filters, division: null });
    expect(clearDependents(filters, CHAIN, 'division')).toEqual(filters);
  });

  it('works as a chain of selects', async () => {
    function Chain() {
      const [values, setValues] = useState({ office: null as number | null, team: null as number | null });
      const set = (key: 'office' | 'team') => (value: number | null) =>
        setValues((old) => clearDependents({ ...old, [key]: value }, ['office', 'team'], key));
      return (
        <>
          <DropdownSelect label="Office" options={OFFICES} value={values.office} onChange={set('office')} />
          <DropdownSelect
            label="Team"
            options={[{ value: 7, label: 'Payroll' }]}
            value={values.team}
            onChange={set('team')}
          />
        </>
      );
    }
    const { user } = renderUi(<Chain />);

    await user.click(trigger('Team'));
    await user.click(option('Payroll'));
    await user.click(trigger('Office'));
    await user.click(option('Oslo'));

    expect(trigger('Office')).toHaveTextContent('Oslo');
    expect(trigger('Team')).not.toHaveTextContent('Payroll');
  });
});
