import type { UserListItem, UsersFilterBody } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { RequireSession } from '../../../app/session';
import { theme } from '../../../app/theme';
import { useWidgets, WidgetsProvider } from '../../../app/widgets/widgets-context';
import {
  type ApiCall,
  aDepartment,
  aDictionaryItem,
  aPerson,
  aSession,
  dictionaryRoutes,
  fakeUsersFilter,
  json,
  stubApi,
  stubIntersectionObserver,
} from '../../../test/fake-api';
import { PeoplePage, type PeoplePageProps } from './people-page';

const FILTER = 'POST /api/users/filter/';
const people = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => aPerson(from + index));

const GRADES = [
  aDictionaryItem(31, 'Principal Engineer'),
  aDictionaryItem(32, 'Staff Engineer'),
  aDictionaryItem(33, 'Senior'),
];

/**
 * The fake directory with the filters these tests use beyond fakeUsersFilter's: status, grade (from
 * `grades`, person id → grade id) and Manager (from `managers`, person id → manager id).
 */
function directory(
  everyone: UserListItem[],
  links: { grades?: Record<number, number>; managers?: Record<number, number> } = {},
) {
  return (call: ApiCall) => {
    const body = (call.body ?? {}) as UsersFilterBody;
    const ids = (value: unknown) => (Array.isArray(value) ? value : value == null ? [] : [value]).map(Number);
    const matching = everyone.filter(
      (person) =>
        (body.status === undefined || ids(body.status).includes(person.status)) &&
        (body.grade === undefined || ids(body.grade).includes(links.grades?.[person.id] ?? 0)) &&
        (body.Manager === undefined || ids(body.Manager).includes(links.managers?.[person.id] ?? 0)),
    );
    return fakeUsersFilter(matching)(call);
  };
}

/** The person the widgets are about, as the directory's click leaves it. */
function SelectedUser() {
  const { selectedUserId } = useWidgets();
  return <output aria-label="Selected user">{selectedUserId ?? ''}</output>;
}

/** The page at `path` inside the real session boundary and widget state, with /tasks to land on. */
function renderPage(path: string, routes: Parameters<typeof stubApi>[0] = {}, props: PeoplePageProps = {}) {
  const api = stubApi({
    'GET /api/auth/session/': () => json(200, aSession()),
    ...dictionaryRoutes({ grade: GRADES, UserSpecialEvent: [aDictionaryItem(2, 'Birthday')] }),
    'GET /api/tasks/templates/': () => json(200, { results: [] }),
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [
      {
        Component: RequireSession,
        children: [
          {
            element: (
              <WidgetsProvider>
                <SelectedUser />
                <Outlet />
              </WidgetsProvider>
            ),
            children: [
              { path: '/people', element: <PeoplePage {...props} /> },
              { path: '/tasks', element: <p>Tasks</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    // env="test": Mantine's setting for jsdom, where popovers would otherwise stay hidden.
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { api, router, user };
}

const table = () => screen.getByRole('table', { name: 'People' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const lastBody = (api: ReturnType<typeof stubApi>) => api.callsTo(FILTER).at(-1)?.body;

// Opening the filter modal mounts some 16 selects, which takes jsdom seconds on a busy machine.
describe('people directory page', { timeout: 30_000 }, () => {
  it('shows skeleton rows, then a row per person with what the spec lists', async () => {
    const ada = aPerson(5, {
      first_name: 'Ada',
      last_name: 'Byron',
      status: 3,
      job_position_name: 'Analyst',
      division_name: 'Engineering',
      country: 'Czechia',
      gmt: 3,
      manager_name: 'Maya Chen',
      special_event: 2,
      social: { telegram: '@ada', slack: '@ada' },
    });
    const { api } = renderPage('/people', { [FILTER]: fakeUsersFilter([ada, aPerson(6)]) });

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'People' });
    const [row] = rows();
    for (const text of ['Ada Byron', 'Illness', 'Analyst', 'Engineering', 'Czechia', 'GMT+3', 'Maya Chen']) {
      expect(row).toHaveTextContent(text);
    }
    expect(await within(row as HTMLElement).findByTestId('event-2')).toHaveTextContent('Birthday');
    const telegram = within(row as HTMLElement).getByRole('link', { name: 'Telegram: @ada' });
    expect(telegram).toHaveAttribute('href', 'https://t.me/ada');
    expect(telegram).toHaveAttribute('target', '_blank');
    expect(telegram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(row as HTMLElement).getByRole('img', { name: 'Slack: @ada' })).toBeInTheDocument();
    expect(rows()[1]).not.toHaveTextContent('event-');

    expect(api.callsTo(FILTER)[0]?.path).toBe('/api/users/filter/?page=1&page_size=15');
    expect(api.callsTo(FILTER)[0]?.body).toEqual({});
  });

  it('loads the next page when the end of the list scrolls into view, until there is no next link', async () => {
    const observer = stubIntersectionObserver();
    const { api } = renderPage('/people', { [FILTER]: fakeUsersFilter(people(1, 20)) });
    await screen.findByRole('table', { name: 'People' });
    expect(rows()).toHaveLength(15);

    observer.scrollToEnd();
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(api.callsTo(FILTER)[1]?.path).toBe('/api/users/filter/?page=2&page_size=15');
    expect(observer.watching()).toBe(0);
  });

  it('switches modes through ?mode= without leaving the page', async () => {
    const { router, user } = renderPage('/people?mode=grade', {
      [FILTER]: fakeUsersFilter(people(1, 3)),
      'GET /api/company_department_tree/': () => json(200, { results: [aDepartment(10, { name: 'Sales' })] }),
    });

    expect(await screen.findByRole('radio', { name: 'Lead mode' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Grade' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Show unlinked' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Режим 2' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Group' }));
    expect(router.state.location.search).toBe('?mode=group');
    expect(await screen.findByRole('button', { name: /Sales/ })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Table' }));
    expect(router.state.location.search).toBe('?mode=table');
    expect(await screen.findByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('searches 500 ms after typing stops, at once on Enter, and keeps the submitted query in the history', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user } = renderPage('/people', { [FILTER]: fakeUsersFilter(people(1, 20)) });
    await screen.findByRole('table', { name: 'People' });

    await user.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('textbox', { name: "Employee's name" });
    expect(input).toHaveFocus();
    expect(screen.getByText('No history items')).toBeInTheDocument();
    expect(await screen.findByText('No templates yet')).toBeInTheDocument();

    await user.type(input, 'no1');
    act(() => vi.advanceTimersByTime(499));
    expect(lastBody(api)).toEqual({});
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(lastBody(api)).toEqual({ q: 'no1' }));
    expect(api.callsTo(FILTER).at(-1)?.query.get('page')).toBe('1');
    await waitFor(() => expect(rows()).toHaveLength(11));

    await user.type(input, '2{Enter}');
    await waitFor(() => expect(lastBody(api)).toEqual({ q: 'no12' }));
    expect(document.cookie).toContain('shistory=no12');
    await user.click(input);
    expect(screen.getByRole('button', { name: 'no12' })).toBeInTheDocument();
  });

  it("offers the company's request templates in the search panel; one starts a request on /tasks", async () => {
    const { router, user } = renderPage('/people', {
      [FILTER]: fakeUsersFilter(people(1, 3)),
      'GET /api/tasks/templates/': () =>
        json(200, {
          results: [
            { key: 'business_card_order', name: 'Business cards', icon: 'id', type_key: null, factory: true },
          ],
        }),
    });
    await screen.findByRole('table', { name: 'People' });

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Business cards' }));

    expect(router.state.location.pathname).toBe('/tasks');
    expect(router.state.location.search).toBe('?form=business_card_order&from=list');
  });

  it('opens the profile of a clicked person, selects them and searches for their name', async () => {
    const ada = aPerson(5, { first_name: 'Ada', last_name: 'Byron' });
    const { api, router, user } = renderPage('/people?mode=table', {
      [FILTER]: fakeUsersFilter([aPerson(1), ada]),
    });

    await user.click(await screen.findByRole('button', { name: 'Ada Byron' }));

    expect(router.state.location.pathname).toBe('/people');
    expect(router.state.location.search).toBe('?mode=table&profile=5');
    expect(screen.getByRole('status', { name: 'Selected user' })).toHaveTextContent('5');
    expect(screen.getByRole('textbox', { name: "Employee's name" })).toHaveValue('Ada Byron');
    await waitFor(() => expect(lastBody(api)).toEqual({ q: 'Ada Byron' }));
    expect(api.callsTo(FILTER).at(-1)?.query.get('page')).toBe('1');
  });

  it('applies the modal: the button counts the filters, chips show the values, removing one refilters', async () => {
    const everyone = [aPerson(1, { status: 3 }), aPerson(2, { status: 3 }), aPerson(3)];
    const { api, user } = renderPage('/people', {
      [FILTER]: directory(everyone, { grades: { 1: 33 } }),
    });
    await screen.findByRole('table', { name: 'People' });
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const modal = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(modal).getByRole('radio', { name: 'Illness' }));
    await user.click(within(modal).getByRole('combobox', { name: 'Grade' }));
    await user.click(await within(modal).findByRole('option', { name: 'Senior' }));
    // The count follows 700 ms after the last change.
    await user.click(await within(modal).findByRole('button', { name: 'Show 1 users' }, { timeout: 3000 }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeInTheDocument();
    await waitFor(() => expect(lastBody(api)).toEqual({ grade: [33], status: [3] }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Senior');
    expect(chips).toHaveTextContent('Illness');

    await user.click(within(chips).getByRole('button', { name: 'Remove Senior' }));
    await waitFor(() => expect(lastBody(api)).toEqual({ status: [3] }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toBeInTheDocument();
  });

  it("folds chips past 30 characters of titles into '+N', which opens the filters", async () => {
    const { user } = renderPage('/people', { [FILTER]: fakeUsersFilter(people(1, 3)) });
    await screen.findByRole('table', { name: 'People' });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const modal = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(modal).getByRole('combobox', { name: 'Grade' }));
    for (const grade of GRADES)
      await user.click(await within(modal).findByRole('option', { name: grade.name }));
    await user.click(await within(modal).findByRole('button', { name: 'Show 3 users' }));

    // 'Principal Engineer' (18) + 'Staff Engineer' (14) reach 30: 'Senior' folds into '+1'.
    const chips = await screen.findByRole('group', { name: 'Active filters' });
    await waitFor(() => expect(chips).toHaveTextContent('Staff Engineer'));
    expect(chips).toHaveTextContent('Principal Engineer');
    expect(chips).not.toHaveTextContent('Senior');
    await user.click(within(chips).getByRole('button', { name: '+1 more filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
  });

  it("counts the modal's people 700 ms after a change, and disables the button at '(no results)'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user } = renderPage('/people', { [FILTER]: fakeUsersFilter(people(1, 20)) });
    await screen.findByRole('table', { name: 'People' });
    const counts = () => api.callsTo(FILTER).filter((call) => call.query.get('count') === '1');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const modal = await screen.findByRole('dialog', { name: 'Filters' });
    expect(await within(modal).findByRole('button', { name: 'Show 20 users' })).toBeEnabled();
    expect(counts()[0]?.path).toBe('/api/users/filter/?page=1&page_size=15&count=1');

    await user.type(within(modal).getByRole('textbox', { name: 'Search for any user information' }), 'zzz');
    act(() => vi.advanceTimersByTime(699));
    expect(counts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(counts()).toHaveLength(2));
    expect(counts()[1]?.body).toEqual({ q: 'zzz' });
    expect(await within(modal).findByRole('button', { name: '(no results)' })).toBeDisabled();

    await user.click(within(modal).getByRole('button', { name: 'Reset' }));
    act(() => vi.advanceTimersByTime(700));
    expect(await within(modal).findByRole('button', { name: 'Show 20 users' })).toBeEnabled();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("writes the modal's count with its thousands separated", async () => {
    const { user } = renderPage('/people', { [FILTER]: fakeUsersFilter(people(1, 1200)) });
    await screen.findByRole('table', { name: 'People' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const modal = await screen.findByRole('dialog', { name: 'Filters' });
    expect(await within(modal).findByRole('button', { name: 'Show 1,200 users' })).toBeEnabled();
  });

  it('hides the company, location and visibility filters for isUser', async () => {
    const { user } = renderPage('/people', { [FILTER]: fakeUsersFilter(people(1, 3)) }, { isUser: true });
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const modal = await screen.findByRole('dialog', { name: 'Filters' });

    expect(within(modal).queryByRole('region', { name: 'General' })).not.toBeInTheDocument();
    expect(within(modal).queryByRole('combobox', { name: 'Visibility Status' })).not.toBeInTheDocument();
    for (const name of ['Job Position', 'Department', 'Group', 'Birth month', 'Gender', 'Foot Size']) {
      expect(within(modal).getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(within(modal).getByRole('switch', { name: 'VHI' })).toBeInTheDocument();
  });

  it('says when nobody matches, with a hint once something narrows the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPage('/people', { [FILTER]: fakeUsersFilter([]) });
    expect(await screen.findByText('No people found')).toBeInTheDocument();
    expect(screen.queryByText('Try fewer filters')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: "Employee's name" }), 'zzz{Enter}');
    expect(await screen.findByText('Try fewer filters')).toBeInTheDocument();
  });

  it('in lead mode lists people with a manager, each with their reports on demand', async () => {
    const everyone = [
      aPerson(1, { first_name: 'Maya', last_name: 'Chen', manager_name: 'Helen Ward' }),
      aPerson(2, { first_name: 'Emil', last_name: 'Novak', manager_name: 'Maya Chen' }),
      aPerson(3, { first_name: 'Helen', last_name: 'Ward' }),
    ];
    const { api, user } = renderPage('/people?mode=grade', {
      [FILTER]: directory(everyone, { managers: { 1: 3, 2: 1 } }),
    });

    await user.click(await screen.findByRole('button', { name: 'Reports of Maya Chen' }));
    // Emil is a lead of his own (he has a manager) and one of Maya's reports.
    expect(await screen.findAllByRole('button', { name: 'Emil Novak' })).toHaveLength(2);
    expect(lastBody(api)).toEqual({ Manager: [1] });
    expect(screen.queryByRole('button', { name: 'Helen Ward' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show unlinked' }));
    expect(screen.getByRole('button', { name: 'Helen Ward' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide unlinked' })).toBeInTheDocument();
  });

  it('in group mode of grade mode lists the grades, each with its people on demand', async () => {
    const { api, user } = renderPage('/people?mode=grade', {
      [FILTER]: directory([aPerson(1, { manager_name: 'Boss' })], { grades: { 1: 32 } }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Group mode' }));
    await user.click(await screen.findByRole('button', { name: 'Staff Engineer' }));
    expect(await screen.findByRole('button', { name: 'Person No1' })).toBeInTheDocument();
    expect(lastBody(api)).toEqual({ grade: [32] });
  });

  it('in group mode shows the department tree with head counts, and a department’s people when opened', async () => {
    const { api, user } = renderPage('/people?mode=group', {
      [FILTER]: fakeUsersFilter([aPerson(1, { department: 11 })]),
      'GET /api/company_department_tree/': () =>
        json(200, {
          results: [
            aDepartment(10, { name: 'Engineering', employees_count: 1 }),
            aDepartment(11, { name: 'Platform', parent_id: 10, depth: 2, employees_count: 1 }),
          ],
        }),
    });

    const engineering = await screen.findByRole('button', { name: 'Engineering 2' });
    expect(engineering).toHaveAttribute('aria-expanded', 'false');
    await user.click(engineering);
    await user.click(await screen.findByRole('button', { name: 'Platform 1' }));
    expect(await screen.findByRole('button', { name: 'Person No1' })).toBeInTheDocument();
    expect(lastBody(api)).toEqual({ Department: [11] });
  });

  it('in group mode draws a level of many departments 50 at a time', async () => {
    const teams = Array.from({ length: 120 }, (_, index) =>
      aDepartment(100 + index, { name: `Team ${index + 1}`, parent_id: 10, depth: 2, employees_count: 10 }),
    );
    const { user } = renderPage('/people?mode=group', {
      [FILTER]: fakeUsersFilter([]),
      'GET /api/company_department_tree/': () =>
        json(200, { results: [aDepartment(10, { name: 'Engineering', employees_count: 0 }), ...teams] }),
    });

    await user.click(await screen.findByRole('button', { name: 'Engineering 1,200' }));
    const drawn = () => screen.getAllByRole('button', { name: /^Team \d+ 10$/ });
    expect(drawn()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show 50 more of 70' }));
    expect(drawn()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show 20 more of 20' }));
    expect(drawn()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).not.toBeInTheDocument();
  });
});
