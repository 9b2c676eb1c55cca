import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { aPerson, fakeUsersFilter, setCookie, stubApi } from '../../../test/fake-api';
import { GlobalSearch } from './global-search';

const FILTER = 'POST /api/users/filter/';
const PEOPLE = [
  aPerson(1, { first_name: 'Ada', last_name: 'Lovelace', job_position_name: 'Analyst' }),
  aPerson(2, { first_name: 'Adam', last_name: 'Smith', job_position_name: 'N/A' }),
  aPerson(3, { first_name: 'Grace', last_name: 'Hopper', job_position_name: 'Engineer' }),
];

/** The search in a header stand-in on /, with a /people page that shows the search too. */
function renderSearch() {
  const api = stubApi({ [FILTER]: fakeUsersFilter(PEOPLE) });
  const onSelect = vi.fn();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const header = <GlobalSearch onSelect={onSelect} />;
  const router = createMemoryRouter(
    [
      { path: '/', element: header },
      {
        path: '/people',
        element: (
          <>
            {header}
            <p>People directory</p>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const input = screen.getByRole('combobox', { name: 'Search people' });
  return { api, router, user, onSelect, input };
}

/** As renderSearch, for a screen where the search starts as an icon button. */
function renderSearchCompact() {
  stubApi({ [FILTER]: fakeUsersFilter(PEOPLE) });
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '/', element: <GlobalSearch /> }]);
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { user: userEvent.setup() };
}

const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

/** Types `text` and lets the debounce pass, then waits for the results. */
async function search(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.type(input, text);
  expect(await screen.findByRole('listbox', { name: 'People found' }, { timeout: 2000 })).toBeInTheDocument();
}

describe('global search', () => {
  it('is an input with the placeholder Search', () => {
    const { input } = renderSearch();
    expect(input).toHaveAttribute('placeholder', 'Search');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('waits 500 ms after the last keystroke, then asks once for the whole text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, input } = renderSearch();

    await user.type(input, 'ada');
    act(() => vi.advanceTimersByTime(400));
    expect(api.callsTo(FILTER)).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(api.callsTo(FILTER)).toHaveLength(1));
    const [call] = api.callsTo(FILTER);
    expect(call?.body).toEqual({ q: 'ada' });
    expect(call?.path).toBe('/api/users/filter/?page=1&page_size=10');
    expect(await screen.findByRole('option', { name: /Ada Lovelace/ })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(api.callsTo(FILTER)).toHaveLength(1);
  });

  it('searches nothing for empty or whitespace text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, input } = renderSearch();

    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    act(() => vi.advanceTimersByTime(2000));

    expect(api.callsTo(FILTER)).toHaveLength(0);
    expect(screen.getByText('Search history')).toBeInTheDocument();
    expect(document.cookie).not.toContain('shistory');
  });

  it('shows each result with avatar, name and position, and no position when it is N/A', async () => {
    const { user, input } = renderSearch();
    await search(user, input, 'ad');

    expect(options()).toHaveLength(2);
    const [ada, adam] = options();
    expect(ada).toHaveTextContent('Ada Lovelace');
    expect(ada).toHaveTextContent('Analyst');
    expect(adam).toHaveTextContent('Adam Smith');
    expect(adam).not.toHaveTextContent('N/A');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the results with the arrow keys, wrapping around, and Escape closes', async () => {
    const { user, input } = renderSearch();
    await search(user, input, 'ad');
    const [ada, adam] = options();

    await user.keyboard('{ArrowDown}');
    expect(ada).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', ada?.id);
    await user.keyboard('{ArrowDown}');
    expect(adam).toHaveAttribute('aria-selected', 'true');
    expect(ada).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(ada).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(adam).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'People found' })).toBeInTheDocument();
  });

  it('opens the active result on Enter', async () => {
    const { router, user, input, onSelect } = renderSearch();
    await search(user, input, 'ad');

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(router.state.location.pathname).toBe('/people');
    expect(router.state.location.search).toBe('?profile=2');
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens a clicked result and keeps the query in the history', async () => {
    const { router, user, input, onSelect } = renderSearch();
    await search(user, input, 'grace');

    await user.click(screen.getByRole('option', { name: /Grace Hopper/ }));

    expect(router.state.location.search).toBe('?profile=3');
    expect(screen.getByText('People directory')).toBeInTheDocument();
    expect(onSelect).toHaveBeenCalledWith(3);
    expect(document.cookie).toContain('shistory=grace');
  });

  it("shows 'Search history' with 'No history items' when focused and empty", async () => {
    const { user, input } = renderSearch();

    await user.click(input);

    expect(screen.getByText('Search history')).toBeInTheDocument();
    expect(screen.getByText('No history items')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('keeps the last 3 submitted queries in the cookie shistory, oldest dropped, no duplicates', async () => {
    const { user, input } = renderSearch();

    for (const query of ['alpha', 'beta', 'gamma', 'beta', 'smith, j']) {
      await user.clear(input);
      await user.type(input, `${query}{Enter}`);
    }

    expect(document.cookie).toContain('shistory=gamma,beta,smith%2C%20j');
    await user.clear(input);
    expect(screen.getByText('Search history')).toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Search history' })).toBeInTheDocument();
    expect(options().map((option) => option.textContent)).toEqual(['smith, j', 'beta', 'gamma']);
  });

  it('fills the input with a chosen history item and searches it at once', async () => {
    setCookie('shistory', 'hopper,ada');
    const { api, user, input } = renderSearch();

    await user.click(input);
    expect(options().map((option) => option.textContent)).toEqual(['ada', 'hopper']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(input).toHaveValue('hopper');
    expect(await screen.findByRole('option', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(api.callsTo(FILTER).map((call) => call.body)).toEqual([{ q: 'hopper' }]);

    await user.clear(input);
    await user.click(screen.getByRole('option', { name: 'ada' }));
    expect(input).toHaveValue('ada');
    expect(await screen.findByRole('option', { name: /Ada Lovelace/ })).toBeInTheDocument();
  });

  it('is an icon button on small screens that opens the search over the header and closes back to it', async () => {
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    }));
    const { user } = renderSearchCompact();
    const openButton = screen.getByRole('button', { name: 'Open search' });
    expect(screen.queryByRole('combobox', { name: 'Search people' })).not.toBeInTheDocument();

    await user.click(openButton);
    const input = screen.getByRole('combobox', { name: 'Search people' });
    expect(input).toHaveFocus();
    expect(screen.getByText('No history items')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByText('No history items')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Search people' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open search' }));
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.getByRole('button', { name: 'Open search' })).toBeInTheDocument();
  });

  it('searches at once on Enter, without waiting for the debounce', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, input } = renderSearch();

    await user.type(input, 'hop{Enter}');

    await waitFor(() => expect(api.callsTo(FILTER)).toHaveLength(1));
    expect(await screen.findByRole('option', { name: /Grace Hopper/ })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(api.callsTo(FILTER)).toHaveLength(1);
    expect(document.cookie).toContain('shistory=hop');
  });
});
