import type {
  AwayPerson,
  CalendarDay,
  CalendarFeed,
  CalendarFilterBody,
  CalendarMonth,
  HolidaysYear,
  UserListItem,
  UsersPage,
} from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { theme } from '../../../app/theme';
import {
  type ApiCall,
  aDictionaryItem,
  aPerson,
  aSession,
  dictionaryRoutes,
  json,
  stubApi,
} from '../../../test/fake-api';
import { createAppRouter } from '../../../test/render-app';
import { isoDate } from '../month-grid';

const FILTER = 'POST /api/calendars/company/filter/';
const HOLIDAYS = 'GET /api/calendars/company/holidays/';
const MISSING = 'POST /api/calendars/company/get_missing_users/';
const FEED = '/api/calendars/feed/';

const away = (user: number): AwayPerson => ({
  user,
  first_name: 'Person',
  last_name: `No${user}`,
  avatar: null,
});

/** By date: who the lists name, and how many are away in all when that is more (a busy day). */
type Absences = Record<
  string,
  { vacation?: number[]; sick_leave?: number[]; vacation_count?: number; sick_leave_count?: number }
>;

/** The month as the server answers it: whole weeks Monday to Sunday, `absences` by date. */
function aMonth(year: number, month: number, absences: Absences = {}): CalendarMonth {
  const first = new Date(year, month - 1, 1);
  const last = new Date(year, month, 0);
  const day = new Date(first);
  day.setDate(day.getDate() - ((first.getDay() + 6) % 7));
  const weeks: CalendarMonth['weeks'] = [];
  while (day <= last) {
    const days: CalendarDay[] = [];
    for (let column = 0; column < 7; column++) {
      const date = isoDate(day);
      const { vacation = [], sick_leave = [], ...counts } = absences[date] ?? {};
      days.push({
        date,
        vacation: vacation.map(away),
        sick_leave: sick_leave.map(away),
        vacation_count: counts.vacation_count ?? vacation.length,
        sick_leave_count: counts.sick_leave_count ?? sick_leave.length,
        day_off: column >= 5,
      });
      day.setDate(day.getDate() + 1);
    }
    weeks.push({ week: weeks.length + 1, days });
  }
  return { year, month, weeks };
}

const holidaysOf = (year: number): HolidaysYear => ({
  year,
  months: [
    {
      month: 6,
      weeks: [{ week: 1, days: [{ date: `${year}-06-12`, vacation: true, name: 'Summer Day' }] }],
    },
  ],
});

const page = (results: UserListItem[]): UsersPage => ({ count: results.length, next: null, results });

type Setup = {
  absences?: Absences;
  /** The vacation and sick-leave sets of get_missing_users. */
  vacationPeople?: UserListItem[];
  sickPeople?: UserListItem[];
  filter?: (call: ApiCall) => Response | Promise<Response>;
  feed?: CalendarFeed | null;
  departments?: ReturnType<typeof aDictionaryItem>[];
};

function setUp({
  absences = {},
  vacationPeople = [],
  sickPeople = [],
  filter,
  feed = null,
  departments = [aDictionaryItem(11, 'Sales'), aDictionaryItem(12, 'Support')],
}: Setup = {}) {
  let currentFeed = feed;
  return stubApi({
    'GET /api/auth/session/': () => json(200, aSession()),
    [FILTER]:
      filter ??
      ((call) => {
        const body = call.body as CalendarFilterBody;
        return json(200, aMonth(body.year, body.month, absences));
      }),
    [HOLIDAYS]: (call) => json(200, holidaysOf(Number(call.query.get('year')))),
    [MISSING]: (call) =>
      json(200, page('vacation_from_date' in (call.body as object) ? vacationPeople : sickPeople)),
    ...dictionaryRoutes({
      Department: departments,
      Division: [aDictionaryItem(21, 'Retail')],
    }),
    [`GET ${FEED}`]: () => (currentFeed ? json(200, currentFeed) : json(404, { error: 'Not found.' })),
    [`POST ${FEED}`]: (call) => {
      const { scope } = call.body as { scope: CalendarFeed['scope'] };
      currentFeed = {
        url: `https://atrium.test/api/calendars/feed/${scope}-token.ics`,
        scope,
        created_at: '2026-06-10',
      };
      return json(201, currentFeed);
    },
    [`DELETE ${FEED}`]: () => {
      currentFeed = null;
      return new Response(null, { status: 204 });
    },
  });
}

/** The app at `path`, with Mantine's test switch so popovers and selects open in jsdom. */
function renderPage(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createAppRouter(path);
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <Providers queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Providers>,
  );
  return { router, user };
}

const JUNE = '/calendar/vacations?view=month&date=2026-06-10';
const dateParam = (router: ReturnType<typeof renderPage>['router']) =>
  new URLSearchParams(router.state.location.search).get('date');
const lastBody = (calls: ApiCall[]) => calls.at(-1)?.body as Record<string, unknown>;
const bars = () =>
  [...document.querySelectorAll<HTMLElement>('[data-absence-bar]')].map((bar) => ({
    name: within(bar).getByText(/^Person/).textContent,
    icon: within(bar)
      .getByRole('img', { hidden: true, name: /Vacation|Sick leave/ })
      .getAttribute('aria-label'),
    column: bar.style.gridColumn,
  }));

/** Moves the fake clock by `ms`, then lets the promises and zero-delay timers that follow run. */
async function settle(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
    for (let turn = 0; turn < 20; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      vi.advanceTimersByTime(0);
    }
  });
}

/** Waits for the grid of the month to replace its skeletons. */
const gridShown = () =>
  waitFor(() => expect(document.querySelector('[data-date]')).not.toBeNull(), { timeout: 3000 });

// The page's code loads on first visit and waits out real debounces: slower than a unit test.
describe('company calendar page', { timeout: 20_000 }, () => {
  it('writes view=month and today into an address that lacks them, replacing the entry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 9));
    setUp();
    const { router } = renderPage('/calendar/vacations');

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?view=month&date=2026-06-10'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('button', { name: 'Pick a month: June 2026' })).toBeInTheDocument();
  });

  it('keeps a given date and shows the view switcher with only Month enabled', async () => {
    setUp();
    const { router } = renderPage('/calendar/vacations?date=2026-02-03');

    await waitFor(() => expect(router.state.location.search).toBe('?view=month&date=2026-02-03'));
    expect(await screen.findByRole('radio', { name: 'Month' })).toBeChecked();
    for (const name of ['Day', 'Week', 'Year']) expect(screen.getByRole('radio', { name })).toBeDisabled();
  });

  it('steps months with the arrows, picks one from the year view, and comes back with Today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 9));
    const api = setUp();
    const { router, user } = renderPage('/calendar/vacations?view=month&date=2025-12-20');
    await screen.findByRole('button', { name: 'Pick a month: December 2025' });

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(dateParam(router)).toBe('2026-01-01');
    expect(screen.getByRole('button', { name: 'Pick a month: January 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(dateParam(router)).toBe('2025-11-01');

    await user.click(screen.getByRole('button', { name: 'Pick a month: November 2025' }));
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    await user.click(screen.getByRole('button', { name: 'March 2026' }));
    expect(dateParam(router)).toBe('2026-03-01');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(dateParam(router)).toBe('2026-06-10');
    await waitFor(() => expect(lastBody(api.callsTo(FILTER))).toMatchObject({ year: 2026, month: 6 }), {
      timeout: 3000,
    });
  });

  it('shows 35 skeleton cells while the month loads', async () => {
    setUp({ filter: () => new Promise<Response>(() => {}) });
    renderPage(JUNE);

    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    await waitFor(() => expect(document.querySelectorAll('[data-skeleton-cell]')).toHaveLength(35));
    expect(document.querySelector('[data-date]')).toBeNull();
  });

  it('draws a bar per run of days with the name and a briefcase or first-aid icon, and marks days off', async () => {
    setUp({
      absences: {
        '2026-06-02': { vacation: [1] },
        '2026-06-03': { vacation: [1] },
        '2026-06-04': { vacation: [1] },
        '2026-06-10': { sick_leave: [2] },
      },
    });
    renderPage(JUNE);
    await gridShown();

    expect(bars()).toEqual([
      { name: 'Person No1', icon: 'Vacation', column: '2 / span 3' },
      { name: 'Person No2', icon: 'Sick leave', column: '3 / span 1' },
    ]);
    expect(screen.queryByText('Nothing found :(')).toBeNull();
    // The weekend and the holiday (with its name) are days off; a plain Friday is not.
    await screen.findByText('Summer Day');
    const day = (date: string) => document.querySelector(`[data-date="${date}"]`);
    expect(day('2026-06-13')).toHaveAttribute('data-day-off');
    expect(day('2026-06-19')).not.toHaveAttribute('data-day-off');
    expect(within(day('2026-06-12') as HTMLElement).getByText('Summer Day')).toBeInTheDocument();
  });

  it('counts the people a busy day does not name as "+N more", which opens everyone away that day', async () => {
    const api = setUp({
      absences: {
        '2026-06-10': { vacation: [1, 2], vacation_count: 1414, sick_leave: [3], sick_leave_count: 4 },
        '2026-06-11': { vacation: [1, 2] },
      },
      vacationPeople: [aPerson(1), aPerson(2), aPerson(7)],
      sickPeople: [aPerson(3), aPerson(8)],
    });
    const { user } = renderPage(JUNE);
    await gridShown();

    // 1,412 more on vacation and 3 more ill; the next day names everyone, so it has no "more".
    const more = await screen.findByRole('button', { name: '1,415 more away on 10.06.2026' });
    expect(more).toHaveTextContent('+1,415 more');
    expect(document.querySelectorAll('[data-more-away]')).toHaveLength(1);
    expect(bars().map((bar) => bar.name)).toEqual(['Person No1', 'Person No2', 'Person No3']);

    await user.click(more);
    const list = await screen.findByRole('dialog', { name: 'Away on 10.06.2026' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => within(item).getByText(/^Person/).textContent),
      ).toEqual(['Person No1', 'Person No2', 'Person No7', 'Person No3', 'Person No8']),
    );
    // The day's own period, vacation set first and then the sick-leave set, 15 a page.
    const dayCalls = api
      .callsTo(MISSING)
      .filter((call) => JSON.stringify(call.body).includes('2026-06-10'))
      .map((call) => [call.query.get('page_size'), call.body]);
    expect(dayCalls).toEqual([
      ['15', { vacation_from_date: '2026-06-10', vacation_to_date: '2026-06-10' }],
      ['15', { sick_leave_from_date: '2026-06-10', sick_leave_to_date: '2026-06-10' }],
    ]);
  });

  it('says "Nothing found :(" when nobody is away in the month', async () => {
    setUp();
    renderPage(JUNE);

    expect(await screen.findByText('Nothing found :(', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(document.querySelectorAll('[data-absence-bar]')).toHaveLength(0);
  });

  it('lists the people of the vacation set first, then adds the sick-leave set, over the month', async () => {
    const api = setUp({ vacationPeople: [aPerson(1), aPerson(2)], sickPeople: [aPerson(2), aPerson(3)] });
    renderPage(JUNE);

    const panel = await screen.findByRole('complementary', { name: 'Calendar filters' });
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('checkbox', { name: /^Person/ })
          .map((box) => box.getAttribute('aria-label')),
      ).toEqual(['Person No1', 'Person No2', 'Person No3']),
    );
    expect(
      api.callsTo(MISSING).map((call) => [call.query.get('page'), call.query.get('page_size'), call.body]),
    ).toEqual([
      ['1', '15', { vacation_from_date: '2026-06-01', vacation_to_date: '2026-06-30' }],
      ['1', '15', { sick_leave_from_date: '2026-06-01', sick_leave_to_date: '2026-06-30' }],
    ]);
  });

  it('asks for the ticked people only once someone is unticked', async () => {
    const api = setUp({ vacationPeople: [aPerson(1), aPerson(2)], sickPeople: [aPerson(3)] });
    const { user } = renderPage(JUNE);
    const person2 = await screen.findByRole('checkbox', { name: 'Person No2' }, { timeout: 3000 });
    await screen.findByRole('checkbox', { name: 'Person No3' });
    expect(lastBody(api.callsTo(FILTER))).not.toHaveProperty('users');

    await user.click(person2);
    expect(person2).not.toBeChecked();
    await waitFor(() => expect(lastBody(api.callsTo(FILTER))).toMatchObject({ users: [1, 3] }), {
      timeout: 3000,
    });
  });

  it('clears the exclusions and reloads the people when the department changes', async () => {
    const api = setUp({ vacationPeople: [aPerson(1), aPerson(2)] });
    const { user } = renderPage(JUNE);
    await user.click(await screen.findByRole('checkbox', { name: 'Person No2' }, { timeout: 3000 }));
    await waitFor(() => expect(lastBody(api.callsTo(FILTER))).toMatchObject({ users: [1] }), {
      timeout: 3000,
    });

    const selectAll = screen.getAllByRole('checkbox', { name: 'select all' });
    expect(selectAll[0]).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    expect(selectAll[0]).not.toBeChecked();

    await waitFor(
      () => {
        expect(lastBody(api.callsTo(FILTER))).toEqual({
          year: 2026,
          month: 6,
          detail: true,
          department: [11],
        });
        expect(lastBody(api.callsTo(MISSING))).toMatchObject({ Department: [11] });
      },
      { timeout: 3000 },
    );
    expect(await screen.findByRole('checkbox', { name: 'Person No2' })).toBeChecked();
  });

  it("draws a large company's first 50 departments, finds the others by name and keeps a ticked one in view", async () => {
    const departments = Array.from({ length: 2000 }, (_, index) =>
      aDictionaryItem(100 + index, `Team ${index + 1}`),
    );
    const api = setUp({ departments });
    const { user } = renderPage(JUNE);
    const list = await screen.findByRole('group', { name: 'Department' }, { timeout: 3000 });
    await within(list).findByRole('checkbox', { name: 'Team 1' });
    // 'select all' and the first 50.
    expect(within(list).getAllByRole('checkbox')).toHaveLength(51);
    expect(within(list).getByText('1,950 more: type to narrow the list')).toBeInTheDocument();

    const search = within(list).getByRole('textbox', { name: 'Search department' });
    await user.type(search, 'team 1500');
    await user.click(within(list).getByRole('checkbox', { name: 'Team 1500' }));
    await waitFor(() => expect(lastBody(api.callsTo(FILTER))).toMatchObject({ department: [1599] }), {
      timeout: 3000,
    });
    await user.type(search, 'xyz');
    expect(within(list).getByText('Nothing found')).toBeInTheDocument();

    await user.clear(search);
    expect(within(list).getByRole('checkbox', { name: 'Team 1500' })).toBeChecked();
    expect(within(list).getAllByRole('checkbox')).toHaveLength(52);
  });

  it('waits 700 ms after the last change and then asks once, for the last month chosen', async () => {
    const api = setUp();
    renderPage(JUNE);
    await gridShown();
    expect(api.callsTo(FILTER)).toHaveLength(1);

    // No Testing Library waits or user-event from here: they pause on setTimeout themselves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const next = screen.getByRole('button', { name: 'Next month' });
    fireEvent.click(next);
    act(() => vi.advanceTimersByTime(400));
    fireEvent.click(next);
    act(() => vi.advanceTimersByTime(400));
    fireEvent.click(next);
    await settle(699);
    expect(api.callsTo(FILTER)).toHaveLength(1);
    expect(document.querySelectorAll('[data-skeleton-cell]')).toHaveLength(35);

    await settle(1);
    expect(api.callsTo(FILTER)).toHaveLength(2);
    expect(lastBody(api.callsTo(FILTER))).toMatchObject({ year: 2026, month: 9 });
  });

  it('aborts the month still loading when another month is asked for', async () => {
    setUp({
      filter: (call) =>
        (call.body as CalendarFilterBody).month === 6
          ? new Promise<Response>(() => {})
          : json(200, aMonth(2026, 7)),
    });
    // The fake API does not see the signal: a wrapper around it keeps each filter call's.
    const fakeFetch = globalThis.fetch;
    const signals: (AbortSignal | null | undefined)[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/calendars/company/filter/')) signals.push(init?.signal);
      return fakeFetch(input, init);
    });
    const { user } = renderPage(JUNE);
    await waitFor(() => expect(signals).toHaveLength(1), { timeout: 3000 });
    expect(signals[0]?.aborted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(signals).toHaveLength(2), { timeout: 3000 });
    expect(signals[0]?.aborted).toBe(true);
    await gridShown();
  });

  it('fetches the holidays once per year, however many of its months are shown', async () => {
    const api = setUp();
    const { user } = renderPage('/calendar/vacations?view=month&date=2026-11-10');
    await gridShown();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(lastBody(api.callsTo(FILTER))).toMatchObject({ month: 10 }), {
      timeout: 3000,
    });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(lastBody(api.callsTo(FILTER))).toMatchObject({ year: 2027, month: 1 }), {
      timeout: 3000,
    });

    expect(api.callsTo(HOLIDAYS).map((call) => call.query.get('year'))).toEqual(['2026', '2027']);
  });
});

describe('calendar feed modal', { timeout: 20_000 }, () => {
  it('creates the private link, copies it, regenerates it for another scope and turns it off', async () => {
    const api = setUp();
    const { user } = renderPage(JUNE);
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to the calendar' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    expect(api.callsTo(`POST ${FEED}`).map((call) => call.body)).toEqual([{ scope: 'department' }]);
    const link = await within(dialog).findByRole('textbox', { name: 'Your private link' });
    expect(link).toHaveValue('https://atrium.test/api/calendars/feed/department-token.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://atrium.test/api/calendars/feed/department-token.ics');

    expect(within(dialog).getByText(/makes the old one stop working/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Absences of' }));
    await user.click(await screen.findByRole('option', { name: 'Whole company' }));
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate link' }));
    await waitFor(() => expect(link).toHaveValue('https://atrium.test/api/calendars/feed/all-token.ics'));
    expect(api.callsTo(`POST ${FEED}`).map((call) => call.body)).toEqual([
      { scope: 'department' },
      { scope: 'all' },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${FEED}`)).toHaveLength(1);
    expect(within(dialog).queryByRole('textbox', { name: 'Your private link' })).toBeNull();
  });

  it('says an existing link is on without showing it, and offers to regenerate it', async () => {
    setUp({ feed: { url: null, scope: 'all', created_at: '2026-05-01' } });
    const { user } = renderPage(JUNE);

    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to the calendar' });
    expect(await within(dialog).findByText(/Your link is on/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Regenerate link' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Absences of' })).toHaveValue('Whole company');
  });
});
