import type { UserListItem } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { RequireSession } from '../../../app/session';
import { theme } from '../../../app/theme';
import { aDepartment, aPerson, aSession, fakeUsersFilter, json, stubApi } from '../../../test/fake-api';
import { PeopleWidgetBody, type PeopleWidgetBodyProps } from './people-widget-body';

const FILTER = 'POST /api/users/filter/';
const TREE = 'GET /api/company_department_tree/';
const people = (from: number, to: number, overrides: Partial<UserListItem> = {}) =>
  Array.from({ length: to - from + 1 }, (_, index) => aPerson(from + index, overrides));

/** The widget body on /, inside the real session boundary, with a /people page to land on. */
function renderWidget(routes: Parameters<typeof stubApi>[0] = {}, props: PeopleWidgetBodyProps = {}) {
  const session = aSession();
  session.user.department = 4;
  const api = stubApi({ 'GET /api/auth/session/': () => json(200, session), ...routes });
  const onSelect = vi.fn();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [
      {
        Component: RequireSession,
        children: [
          { path: '/', element: <PeopleWidgetBody onSelect={onSelect} {...props} /> },
          { path: '/people', element: <p>People directory</p> },
        ],
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
    // env="test": Mantine's setting for jsdom, where a dropdown would otherwise stay hidden (no layout
    // to position it against) and transitions would wait for animation frames.
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { api, router, user, onSelect };
}

/** Stands in for the browser's layout: the list is 400 px tall, `remaining` px from its end. */
function scrollList(remaining: number) {
  const list = screen.getByRole('list', { name: 'People' });
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
  list.scrollTop = 2000 - 400 - remaining;
  fireEvent.scroll(list);
}

const rows = () => within(screen.getByRole('list', { name: 'People' })).getAllByRole('button');

describe('people widget body', () => {
  it('shows skeleton rows, then the first 15 people of the company with the count of the filter', async () => {
    const { api } = renderWidget({ [FILTER]: fakeUsersFilter(people(1, 40)) });

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('40 in organization')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const [first] = api.callsTo(FILTER);
    expect(first?.path).toBe('/api/users/filter/?page=1&page_size=15');
    expect(first?.body).toEqual({ company: [1] });
    expect(first?.headers.get('X-CSRFToken')).toBe('test-csrf-token');
  });

  it('writes a large count with its thousands separated', async () => {
    renderWidget({ [FILTER]: fakeUsersFilter(people(1, 1200)) });
    expect(await screen.findByText('1,200 in organization')).toBeInTheDocument();
  });

  it('shows name, position and status of a person, and no position when it is N/A', async () => {
    renderWidget({
      [FILTER]: fakeUsersFilter([
        aPerson(1, {
          first_name: 'Grace',
          last_name: 'Hopper',
          job_position_name: 'Rear Admiral',
          status: 4,
        }),
        aPerson(2, { first_name: 'Alan', last_name: 'Turing', job_position_name: 'N/A', status: 2 }),
      ]),
    });

    const grace = await screen.findByRole('button', { name: /Grace Hopper/ });
    expect(grace).toHaveTextContent('Rear Admiral');
    expect(grace).toHaveTextContent('Vacation');
    const alan = screen.getByRole('button', { name: /Alan Turing/ });
    expect(alan).toHaveTextContent('Offline');
    expect(alan).not.toHaveTextContent('N/A');
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
  });

  it('loads the next page 1 s after the list is scrolled within 200 px of its end, and stops at next=null', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderWidget({ [FILTER]: fakeUsersFilter(people(1, 20)) });
    await screen.findByText('20 in organization');
    await waitFor(() => expect(rows()).toHaveLength(15));

    scrollList(500);
    act(() => vi.advanceTimersByTime(2000));
    expect(api.callsTo(FILTER)).toHaveLength(1);

    scrollList(200);
    expect(within(screen.getByRole('list', { name: 'People' })).getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(800));
    expect(api.callsTo(FILTER)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(api.callsTo(FILTER)[1]?.path).toBe('/api/users/filter/?page=2&page_size=15');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // The second page came with next=null: scrolling on asks for nothing more.
    scrollList(0);
    act(() => vi.advanceTimersByTime(3000));
    expect(api.callsTo(FILTER)).toHaveLength(2);
    expect(rows()).toHaveLength(20);
  });

  it('asks for the next page by itself when the first does not fill the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The browser's layout: a 400 px list whose 15 rows take 300 px, so there is nothing to scroll.
    const sizes = { clientHeight: 400, scrollHeight: 300 };
    for (const [name, value] of Object.entries(sizes)) {
      Object.defineProperty(HTMLUListElement.prototype, name, { configurable: true, value });
    }
    try {
      const { api } = renderWidget({ [FILTER]: fakeUsersFilter(people(1, 40)) });
      await screen.findByText('40 in organization');
      await waitFor(() => expect(rows()).toHaveLength(15));
      act(() => vi.advanceTimersByTime(1100));
      await waitFor(() => expect(rows()).toHaveLength(30));
      expect(api.callsTo(FILTER)[1]?.path).toBe('/api/users/filter/?page=2&page_size=15');
    } finally {
      for (const name of Object.keys(sizes)) delete (HTMLUListElement.prototype as never)[name];
    }
  });

  it('asks once however often the list is scrolled while the next page is pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderWidget({ [FILTER]: fakeUsersFilter(people(1, 50)) });
    await screen.findByText('50 in organization');
    await waitFor(() => expect(rows()).toHaveLength(15));

    scrollList(100);
    scrollList(50);
    scrollList(0);
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(api.callsTo(FILTER).map((call) => call.query.get('page'))).toEqual(['1', '2']);
  });

  it('lists the company with its name first, then its department nodes in tree order', async () => {
    const { api, user } = renderWidget({
      [FILTER]: fakeUsersFilter(people(1, 3)),
      [TREE]: () =>
        json(200, {
          results: [
            aDepartment(10, { name: 'Engineering' }),
            aDepartment(11, { name: 'Sales' }),
            aDepartment(12, { name: 'Platform', parent_id: 10, depth: 2 }),
          ],
        }),
    });
    await screen.findByText('3 in organization');
    // The tree is asked for when the pointer reaches the list's button, not with the widget.
    expect(api.callsTo(TREE)).toHaveLength(0);
    await user.hover(screen.getByRole('combobox', { name: 'Department' }));
    await waitFor(() => expect(api.callsTo(TREE)).toHaveLength(1));

    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(api.callsTo(TREE)).toHaveLength(1);
    const options = screen.getAllByRole('option');
    const order = ['Northwind', 'Engineering', 'Platform', 'Sales'];
    expect(options).toHaveLength(4);
    expect(order.map((name) => options.indexOf(screen.getByRole('option', { name })))).toEqual([0, 1, 2, 3]);
  });

  it("renders a large company's first hundred nodes and finds the others by name", async () => {
    const nodes = Array.from({ length: 3000 }, (_, index) =>
      aDepartment(100 + index, { name: `Team ${index + 1}` }),
    );
    const { user } = renderWidget({
      [FILTER]: fakeUsersFilter(people(1, 3)),
      [TREE]: () => json(200, { results: nodes }),
    });
    await screen.findByText('3 in organization');

    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    // The company and the first 99 nodes, then a line telling how to reach the other 2,901.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(100));
    expect(screen.getByText('2,901 more: type to narrow the list')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'team 2999');
    await user.click(await screen.findByRole('option', { name: 'Team 2999' }));
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveTextContent('Team 2999');
  });

  it('starts again at page 1 for the chosen department, sending company_departments', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const everyone = [
      ...people(1, 20),
      aPerson(30, { first_name: 'Linus', last_name: 'Torvalds', department: 10 }),
      aPerson(31, { first_name: 'Margaret', last_name: 'Hamilton', division: 10 }),
    ];
    const { api, user } = renderWidget({
      [FILTER]: fakeUsersFilter(everyone),
      [TREE]: () =>
        json(200, {
          results: [aDepartment(10, { name: 'Engineering' }), aDepartment(11, { name: 'Sales' })],
        }),
    });
    await screen.findByText('22 in organization');
    await waitFor(() => expect(rows()).toHaveLength(15));
    scrollList(0);
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(rows()).toHaveLength(22));

    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Engineering' }));

    expect(await screen.findByText('2 in organization')).toBeInTheDocument();
    await waitFor(() =>
      expect(rows().map((row) => row.textContent)).toEqual([
        expect.stringContaining('Linus Torvalds'),
        expect.stringContaining('Margaret Hamilton'),
      ]),
    );
    const last = api.callsTo(FILTER).at(-1);
    expect(last?.query.get('page')).toBe('1');
    expect(last?.body).toEqual({ company_departments: [10] });
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveTextContent('Engineering');

    // Back to the whole company: page 1 again, not the two pages seen before.
    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    expect(await screen.findByText('22 in organization')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(api.callsTo(FILTER).at(-1)?.body).toEqual({ company: [1] });
    expect(api.callsTo(FILTER).at(-1)?.query.get('page')).toBe('1');
  });

  it('opens the profile of a clicked person and reports the selection', async () => {
    const { router, user, onSelect } = renderWidget({
      [FILTER]: fakeUsersFilter([aPerson(5, { first_name: 'Ada', last_name: 'Byron' })]),
    });

    await user.click(await screen.findByRole('button', { name: /Ada Byron/ }));

    expect(router.state.location.pathname).toBe('/people');
    expect(router.state.location.search).toBe('?profile=5');
    expect(onSelect).toHaveBeenCalledWith(5);
    expect(screen.getByText('People directory')).toBeInTheDocument();
  });

  it("narrows the list to the user's department for the Department tab", async () => {
    const { api } = renderWidget(
      { [FILTER]: fakeUsersFilter([aPerson(1, { department: 4 }), aPerson(2)]) },
      {
        tab: 'department',
      },
    );
    expect(await screen.findByText('1 in organization')).toBeInTheDocument();
    expect(api.callsTo(FILTER)[0]?.body).toEqual({ company: [1], Department: [4] });
  });

  it('lists everyone for the Division tab while the user has no division', async () => {
    const { api } = renderWidget(
      { [FILTER]: fakeUsersFilter([aPerson(1, { department: 4 }), aPerson(2)]) },
      {
        tab: 'division',
      },
    );
    expect(await screen.findByText('2 in organization')).toBeInTheDocument();
    expect(api.callsTo(FILTER)[0]?.body).toEqual({ company: [1] });
  });

  it('logs a failed list without showing an error, and says when nobody matches', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWidget({ [FILTER]: () => json(500, { error: 'Internal server error.' }) });

    expect(await screen.findByText('No people found')).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
