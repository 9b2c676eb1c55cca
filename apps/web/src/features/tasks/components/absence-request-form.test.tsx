import type { TaskFormField, TaskFormResponse, TaskTemplate } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { aTaskField } from '../task-fixtures';
import { NewRequestModal } from './new-request-modal';

const COUNT = 'GET /api/absences/count-days/';
const AVAILABLE = 'GET /api/absences/available/';
const VACATION = 'POST /api/absences/vacation/';

/** The period of the known templates, as the server's default templates define it. */
const PERIOD: TaskFormField[] = [
  aTaskField({ name: 'from_date', title: 'Start date', field_type: 'date', required: true, position: 0 }),
  aTaskField({ name: 'to_date', title: 'End date', field_type: 'date', required: true, position: 1 }),
];

const KNOWN: Record<string, { name: string; type_key: number; fields: TaskFormField[] }> = {
  vacation_approval: { name: 'Vacation', type_key: 24, fields: PERIOD },
  leave_at_own_expense_approval: {
    name: 'Leave at own expense',
    type_key: 22,
    fields: [
      ...PERIOD,
      aTaskField({
        name: 'reason',
        title: 'Reason',
        field_type: 'text',
        extra: { max_len: 500 },
        position: 2,
      }),
    ],
  },
  business_trip_approval: {
    name: 'Business trip',
    type_key: 20,
    fields: [
      ...PERIOD,
      aTaskField({
        name: 'destination',
        title: 'Destination',
        field_type: 'string',
        required: true,
        extra: { max_len: 100 },
        position: 2,
      }),
      aTaskField({
        name: 'purpose',
        title: 'Purpose',
        field_type: 'text',
        required: true,
        extra: { max_len: 1000 },
        position: 3,
      }),
    ],
  },
  official_sick_leave_approval: { name: 'Sick leave', type_key: 28, fields: PERIOD },
  internal_hospital_staff: { name: 'Sick days (staff)', type_key: 26, fields: PERIOD },
  internal_hospital_gph: { name: 'Sick days (contractors)', type_key: 26, fields: PERIOD },
};

const formOf = (key: string): TaskFormResponse => {
  const known = KNOWN[key] as (typeof KNOWN)[string];
  const template: TaskTemplate = {
    key,
    name: known.name,
    icon: null,
    type_key: known.type_key,
    factory: false,
  };
  return { template, fields: known.fields };
};

const DAY_MS = 86_400_000;
/** Calendar days of a period, both ends included, less the holidays in it. */
const daysOf = (call: ApiCall, holidays: string[] = []) => {
  const from = call.query.get('from_date') ?? '';
  const to = call.query.get('to_date') ?? '';
  const all = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return all - holidays.filter((day) => day >= from && day <= to).length;
};

type Options = { available?: number; holidays?: string[]; routes?: Parameters<typeof stubApi>[0] };

/** The modal as /tasks uses it, open on `key`, with a server counting days and giving a balance. */
function renderForm(key = 'vacation_approval', { available = 10, holidays = [], routes = {} }: Options = {}) {
  const api = stubApi({
    [`GET /api/tasks/templates/${key}/form/`]: () => json(200, formOf(key)),
    [COUNT]: (call) => json(200, { count_days: daysOf(call, holidays) }),
    [AVAILABLE]: () => json(200, { count_days: available }),
    ...routes,
  });
  const onCreated = vi.fn();
  function Page() {
    const [open, setOpen] = useState<string | null>(key);
    return (
      <NewRequestModal
        templateKey={open}
        onClose={() => setOpen(null)}
        onCreated={(id) => {
          onCreated(id);
          setOpen(null);
        }}
      />
    );
  }
  const view = renderUi(<Page />);
  const send = () => view.user.click(screen.getByRole('button', { name: 'Send request' }));
  return { ...view, api, onCreated, send };
}

const start = () => screen.getByRole('textbox', { name: 'Start date' });
const end = () => screen.getByRole('textbox', { name: 'End date' });
const days = () => screen.getByRole('textbox', { name: 'Number of days' });

async function typeDate(user: ReturnType<typeof renderUi>['user'], input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('absence request forms', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // Only the date is fixed: Testing Library and user-event keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('opens the vacation form with the start date set to tomorrow, and counts nothing before both dates are set', async () => {
    const { api } = renderForm();

    const dialog = await screen.findByRole('dialog', { name: 'Vacation' });
    expect(within(dialog).getByRole('textbox', { name: 'Start date' })).toHaveValue('21.11.2026');
    expect(end()).toHaveValue('');
    expect(days()).toHaveValue('');
    expect(api.callsTo(COUNT)).toHaveLength(0);
    expect(api.callsTo(AVAILABLE)).toHaveLength(0);
  });

  it('fetches the day count and the balance once both dates are valid, and shows the balance left', async () => {
    const { user, api } = renderForm('vacation_approval', { available: 12, holidays: ['2026-11-24'] });
    await screen.findByRole('dialog', { name: 'Vacation' });

    await user.type(end(), '25.11.202');
    expect(api.callsTo(COUNT)).toHaveLength(0);
    await user.type(end(), '6');

    // Five calendar days, one of them a holiday.
    await waitFor(() => expect(days()).toHaveValue('4'));
    expect(screen.getByText('Available: 8 days')).toBeInTheDocument();
    const [count] = api.callsTo(COUNT);
    expect(Object.fromEntries(count?.query ?? [])).toEqual({
      from_date: '2026-11-21',
      to_date: '2026-11-25',
      kind: 'vacation',
    });
    const [balance] = api.callsTo(AVAILABLE);
    expect(Object.fromEntries(balance?.query ?? [])).toEqual({ date: '2026-11-21', kind: 'vacation' });
  });

  it('moves the end date to start + days − 1 when the count is changed, capped by the balance', async () => {
    const { user } = renderForm('vacation_approval', { available: 10 });
    await screen.findByRole('dialog', { name: 'Vacation' });
    await user.type(end(), '22.11.2026');
    await waitFor(() => expect(days()).toHaveValue('2'));
    expect(screen.getByText('Available: 8 days')).toBeInTheDocument();

    await user.clear(days());
    await user.type(days(), '3');
    await waitFor(() => expect(end()).toHaveValue('23.11.2026'));
    expect(await screen.findByText('Available: 7 days')).toBeInTheDocument();

    // 15 is more than the 10 days available: the count stops at 10, the end date with it.
    await user.clear(days());
    await user.type(days(), '15');
    await waitFor(() => expect(end()).toHaveValue('30.11.2026'));
    expect(days()).toHaveValue('10');
    expect(await screen.findByText('Available: 0 day')).toBeInTheDocument();
  });

  it('refuses a period longer than the balance under the count, and sends nothing', async () => {
    const { user, api, send } = renderForm('vacation_approval', { available: 3 });
    await screen.findByRole('dialog', { name: 'Vacation' });
    await user.type(end(), '25.11.2026');

    expect(await screen.findByText('Number of days must be at most 3')).toBeInTheDocument();
    expect(screen.getByText('Available: -2 days')).toBeInTheDocument();
    await send();
    expect(api.callsTo(VACATION)).toHaveLength(0);
  });

  it('checks the fields before sending: the required end date and count, and no end before the start', async () => {
    const { user, api, send } = renderForm();
    await screen.findByRole('dialog', { name: 'Vacation' });
    await send();

    expect(await screen.findByText('End date is required')).toBeInTheDocument();
    expect(end()).toHaveAccessibleDescription('End date is required');
    expect(days()).toHaveAccessibleDescription('Number of days is required');

    await user.type(end(), '23.11.2026');
    await waitFor(() => expect(days()).toHaveValue('3'));
    expect(screen.queryByText('End date is required')).toBeNull();
    await typeDate(user, start(), '27.11.2026');
    await send();
    expect(await screen.findByText('End date must be on or after 27.11.2026')).toBeInTheDocument();
    expect(api.callsTo(VACATION)).toHaveLength(0);
  });

  it('files the vacation with its dates, shows the server’s refusals under their fields, and hands over the new id', async () => {
    let refuse = true;
    const { user, api, send, onCreated } = renderForm('vacation_approval', {
      routes: {
        [VACATION]: () =>
          refuse
            ? json(422, { missing_fields: { to_date: ['The period overlaps another absence'] } })
            : json(201, { id: 41, chat: 900 }),
      },
    });
    await screen.findByRole('dialog', { name: 'Vacation' });
    await user.type(end(), '24.11.2026');
    await waitFor(() => expect(days()).toHaveValue('4'));
    await send();

    expect(await screen.findByText('The period overlaps another absence')).toBeInTheDocument();
    expect(end()).toHaveAccessibleDescription('The period overlaps another absence');
    expect(onCreated).not.toHaveBeenCalled();

    refuse = false;
    await send();
    await waitFor(() => expect(onCreated).toHaveBeenCalledExactlyOnceWith(41));
    expect(api.callsTo(VACATION).map((call) => call.body)).toEqual([
      { from_date: '2026-11-21', to_date: '2026-11-24' },
      { from_date: '2026-11-21', to_date: '2026-11-24' },
    ]);
  });

  it('takes no start in the past', async () => {
    const { user, api } = renderForm();
    await screen.findByRole('dialog', { name: 'Vacation' });
    await typeDate(user, start(), '19.11.2026');
    await user.type(end(), '22.11.2026');

    await waitFor(() => expect(days()).toHaveValue('2'));
    expect(start()).toHaveValue('21.11.2026');
    expect(api.callsTo(COUNT).map((call) => call.query.get('from_date'))).toEqual(['2026-11-21']);
  });

  it('shows the server’s balance refusal under the count', async () => {
    const { user, send } = renderForm('vacation_approval', {
      routes: {
        [VACATION]: () =>
          json(422, { missing_fields: { count_days: ['Not enough vacation days: 2 available'] } }),
      },
    });
    await screen.findByRole('dialog', { name: 'Vacation' });
    await user.type(end(), '23.11.2026');
    await waitFor(() => expect(days()).toHaveValue('3'));
    await send();

    expect(await screen.findByText('Not enough vacation days: 2 available')).toBeInTheDocument();
    expect(days()).toHaveAccessibleDescription('Not enough vacation days: 2 available');
  });

  it.each(Object.keys(KNOWN))('renders its own form for %s, not the factory one', async (key) => {
    const { api } = renderForm(key);

    const dialog = await screen.findByRole('dialog', { name: KNOWN[key]?.name });
    expect(within(dialog).getByRole('textbox', { name: 'Start date' })).toHaveValue('21.11.2026');
    expect(within(dialog).getByRole('textbox', { name: 'End date' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/filed from its own form/)).toBeNull();
    // Only the vacation's count is chosen; the others show the days counted.
    expect(within(dialog).queryByRole('textbox', { name: 'Number of days' }) !== null).toBe(
      key === 'vacation_approval',
    );
    expect(api.callsTo('POST /api/tasks/factory/')).toHaveLength(0);
  });

  it('shows a sick leave’s selected and available days, and files it under its template', async () => {
    const { user, api, send, onCreated } = renderForm('internal_hospital_gph', {
      available: 5,
      routes: { 'POST /api/absences/sick-leave/': () => json(201, { id: 52, chat: 901 }) },
    });
    await screen.findByRole('dialog', { name: 'Sick days (contractors)' });
    await typeDate(user, start(), '23.11.2026');
    await user.type(end(), '25.11.2026');

    expect(await screen.findByText('Selected: 3 days')).toBeInTheDocument();
    expect(await screen.findByText('Available: 5 days')).toBeInTheDocument();
    expect(api.callsTo(COUNT)[0]?.query.get('kind')).toBe('sick_leave');
    await send();

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(52));
    const [filed] = api.callsTo('POST /api/absences/sick-leave/');
    expect(filed?.path).toBe('/api/absences/sick-leave/?template=internal_hospital_gph');
    expect(filed?.body).toEqual({ from_date: '2026-11-23', to_date: '2026-11-25' });
  });

  it('shows a sick leave’s selected days alone when the server gives no balance for it', async () => {
    const { user } = renderForm('official_sick_leave_approval', {
      routes: { [AVAILABLE]: () => json(400, { error: 'No balance for sick_leave' }) },
    });
    await screen.findByRole('dialog', { name: 'Sick leave' });
    await user.type(end(), '21.11.2026');

    expect(await screen.findByText('Selected: 1 day')).toBeInTheDocument();
    expect(screen.queryByText(/^Available/)).toBeNull();
  });

  it('asks a business trip for its destination and purpose and sends them as input parameters', async () => {
    const { user, api, send, onCreated } = renderForm('business_trip_approval', {
      routes: { 'POST /api/absences/business-trip/': () => json(201, { id: 63, chat: 902 }) },
    });
    await screen.findByRole('dialog', { name: 'Business trip' });
    await user.type(end(), '23.11.2026');
    expect(await screen.findByText('Selected: 3 days')).toBeInTheDocument();
    // No balance for a trip.
    expect(api.callsTo(AVAILABLE)).toHaveLength(0);
    await send();

    expect(await screen.findByText('Destination is required')).toBeInTheDocument();
    expect(screen.getByText('Purpose is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/absences/business-trip/')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Destination' }), 'Lisbon');
    await user.type(screen.getByRole('textbox', { name: 'Purpose' }), 'Customer workshop');
    await send();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(63));
    expect(api.callsTo('POST /api/absences/business-trip/')[0]?.body).toEqual({
      from_date: '2026-11-21',
      to_date: '2026-11-23',
      inputParams: { destination: 'Lisbon', purpose: 'Customer workshop' },
    });
  });

  it('files a leave at own expense with its reason only when one is given', async () => {
    const { user, api, send, onCreated } = renderForm('leave_at_own_expense_approval', {
      routes: { 'POST /api/absences/own-expense/': () => json(201, { id: 70, chat: 903 }) },
    });
    await screen.findByRole('dialog', { name: 'Leave at own expense' });
    await user.type(end(), '22.11.2026');
    await send();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(70));
    expect(api.callsTo('POST /api/absences/own-expense/')[0]?.body).toEqual({
      from_date: '2026-11-21',
      to_date: '2026-11-22',
    });
  });

  it('sends a leave’s reason as an input parameter', async () => {
    const { user, api, send, onCreated } = renderForm('leave_at_own_expense_approval', {
      routes: { 'POST /api/absences/own-expense/': () => json(201, { id: 71, chat: 904 }) },
    });
    await screen.findByRole('dialog', { name: 'Leave at own expense' });
    await user.type(end(), '22.11.2026');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Moving house');
    await send();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(71));
    expect(api.callsTo('POST /api/absences/own-expense/')[0]?.body).toEqual({
      from_date: '2026-11-21',
      to_date: '2026-11-22',
      inputParams: { reason: 'Moving house' },
    });
  });
});
