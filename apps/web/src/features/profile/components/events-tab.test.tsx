import type { BalanceVariable, VacationLogEntry } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi, stubIntersectionObserver } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { EventsTab } from './events-tab';

const VALUES = 'GET /api/user_vars/values/';
const HISTORY = 'GET /api/user_vars/12/history/';

const aVariable = (type: 'diff' | 'add', value: number, overrides: Partial<BalanceVariable> = {}) =>
  ({
    id: type === 'diff' ? 1 : 2,
    name: type === 'diff' ? 'Vacation days' : 'Vacation days used',
    value,
    unit: 'day',
    type,
    user_var_type: 'vacation',
    task_template: 'vacation_approval',
    active: true,
    total: 28,
    ...overrides,
  }) satisfies BalanceVariable;

const anEntry = (id: number, overrides: Partial<VacationLogEntry> = {}): VacationLogEntry => ({
  id,
  type: 'plus',
  value: 2.33,
  count_days: 0,
  from_date: null,
  to_date: null,
  show_at: '2026-11-01',
  created_at: '2026-11-01T00:00:00.000Z',
  event: 'Monthly accrual',
  ...overrides,
});

const page = (results: VacationLogEntry[], next: string | null = null) =>
  json(200, { count: results.length, next, results });

function renderTab(variables: BalanceVariable[], entries: VacationLogEntry[] = []) {
  const api = stubApi({
    [VALUES]: () => json(200, { count: variables.length, next: null, results: variables }),
    [HISTORY]: () => page(entries),
  });
  return { ...renderUi(<EventsTab userId={12} />), api };
}

describe('Events tab', { timeout: 15_000 }, () => {
  it('shows the days available and used of the person asked for', async () => {
    const { api } = renderTab([aVariable('diff', 12), aVariable('add', 16)]);

    expect(await screen.findByText('12 days available')).toBeInTheDocument();
    expect(screen.getByText('16 days used')).toBeInTheDocument();
    expect(api.callsTo(VALUES)[0]?.path).toBe('/api/user_vars/values/?user=12');
  });

  it("reads 'day' for a count of 1 or less and says 'Was not used' when nothing was used", async () => {
    renderTab([aVariable('diff', 1), aVariable('add', 0)]);

    expect(await screen.findByText('1 day available')).toBeInTheDocument();
    expect(screen.getByText('Was not used')).toBeInTheDocument();
  });

  it("says 'Not available' when the person has no vacation balance", async () => {
    renderTab([aVariable('diff', 5, { user_var_type: 'overtime' })]);

    expect(await screen.findByText('Not available')).toBeInTheDocument();
    // Another kind of balance is not the vacation days.
    expect(screen.queryByText('5 days available')).toBeNull();
  });

  it('lists the log under Type / Event, Period and Quantity, received and written-off days signed', async () => {
    renderTab(
      [aVariable('diff', 10)],
      [
        anEntry(2, {
          type: 'minus',
          value: 5,
          count_days: 5,
          from_date: '2026-12-01',
          to_date: '2026-12-05',
          event: 'Vacation',
        }),
        anEntry(1),
      ],
    );

    const table = await screen.findByRole('table', { name: 'Vacation history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type / Event', 'Period', 'Quantity']);
    const [, vacation, accrual] = within(table).getAllByRole('row');
    expect(
      within(vacation as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['VacationWritten off', '01.12.2026 – 05.12.2026', '−5 days']);
    expect(
      within(accrual as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Monthly accrualReceived', '01.11.2026', '+2.33 days']);
  });

  it('says so when the log is empty', async () => {
    renderTab([aVariable('diff', 10)]);

    expect(await screen.findByText('Vacation days record updates not found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for 50 entries a page and loads the next page at the end of the list', async () => {
    const observer = stubIntersectionObserver();
    const first = Array.from({ length: 50 }, (_, index) => anEntry(100 - index));
    const api = stubApi({
      [VALUES]: () => json(200, { count: 0, next: null, results: [] }),
      [HISTORY]: (call) =>
        call.query.get('page') === '2'
          ? page([anEntry(1, { event: 'Grant for the anniversary' })])
          : page(first, '/api/user_vars/12/history/?page=2&page_size=50&user_var_type=vacation'),
    });
    renderUi(<EventsTab userId={12} />);

    const table = await screen.findByRole('table', { name: 'Vacation history' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(Object.fromEntries(api.callsTo(HISTORY)[0]?.query ?? [])).toEqual({
      page: '1',
      page_size: '50',
      user_var_type: 'vacation',
    });

    observer.scrollToEnd();
    expect(await screen.findByText('Grant for the anniversary')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(52);
    expect(api.callsTo(HISTORY).map((call) => call.query.get('page'))).toEqual(['1', '2']);
    // The last page has no next link: nothing more is watched for.
    await waitFor(() => expect(observer.watching()).toBe(0));
  });

  it('shows placeholder rows while the log loads', async () => {
    stubApi({
      [VALUES]: () => new Promise<Response>(() => {}),
      [HISTORY]: () => new Promise<Response>(() => {}),
    });
    renderUi(<EventsTab userId={12} />);

    expect(await screen.findByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Vacation days record updates not found')).toBeNull();
  });

  it('shows nothing of the balance to a viewer the server refuses', async () => {
    stubApi({
      [VALUES]: () => json(403, { error: 'You may not see this.' }),
      [HISTORY]: () => json(403, { error: 'You may not see this.' }),
    });
    renderUi(<EventsTab userId={12} />);

    expect(await screen.findByText('Only the person, their managers and HR see this')).toBeInTheDocument();
    expect(screen.queryByText('Vacation days')).toBeNull();
    expect(screen.queryByText('Not available')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
