import type { MeetingEvent, MeetingsDay } from '@atrium/contracts';
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
  aPerson,
  aSession,
  fakeUsersFilter,
  json,
  stubApi,
  stubEventSource,
  stubIntersectionObserver,
} from '../../../test/fake-api';
import { createAppRouter } from '../../../test/render-app';
import { aMeeting } from '../meeting-fixtures';

const DAY = 'GET /api/calendars/events/day/';
const CREATE = 'POST /api/calendars/events/';
const MONDAY = '/calendar/vacations?view=day&date=2026-11-23';
const LOADED = { timeout: 3000 };

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** The signed-in Ada, the meetings of each day by date (none for any other day), and `routes` besides. */
function setUp(days: Record<string, MeetingEvent[]>, more: Record<string, Handler> = {}) {
  return stubApi({
    'GET /api/auth/session/': () => json(200, aSession()),
    [DAY]: (call) => {
      const date = call.query.get('date') ?? '';
      return json(200, { date, results: days[date] ?? [] } satisfies MeetingsDay);
    },
    'GET /api/users/profile/get_avatar/': () => json(200, { avatar: null }),
    ...more,
  });
}

/** The app at `path`, with Mantine's test switch so that selects open in jsdom. */
function renderPage(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createAppRouter(path);
  const user = userEvent.setup();
  render(
    <Providers queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Providers>,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, user, search };
}

const dayHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const daysAsked = (api: ReturnType<typeof setUp>) => api.callsTo(DAY).map((call) => call.query.get('date'));

/** The create form, opened from "Create event +". */
async function openCreateForm(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Create event +' }, LOADED));
  return screen.findByRole('dialog', { name: 'Create event' });
}

/** Types into a field of the form; time fields take their value as the browser's time picker sets it. */
function fill(dialog: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('meetings day view', { timeout: 20_000 }, () => {
  it("lists the address's day, then one more day each time the end is reached, and stops at a day without meetings", async () => {
    const scroll = stubIntersectionObserver();
    const api = setUp({
      '2026-11-23': [
        aMeeting('Design review', '2026-11-23T09:00', '2026-11-23T10:30'),
        aMeeting('Interview', '2026-11-23T14:00', '2026-11-23T15:00'),
      ],
      '2026-11-24': [aMeeting('Planning', '2026-11-24T10:00', '2026-11-24T11:00')],
    });
    renderPage(MONDAY);

    expect(await screen.findByRole('article', { name: 'Interview' }, LOADED)).toBeInTheDocument();
    expect(dayHeadings()).toEqual(['Monday, 23.11.2026']);
    expect(Object.fromEntries(api.callsTo(DAY)[0]?.query ?? [])).toEqual({
      email: 'ada@northwind.test',
      date: '2026-11-23',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    scroll.scrollToEnd();
    expect(await screen.findByRole('article', { name: 'Planning' })).toBeInTheDocument();
    expect(dayHeadings()).toEqual(['Monday, 23.11.2026', 'Tuesday, 24.11.2026']);

    scroll.scrollToEnd();
    expect(await screen.findByText('Nothing found :(')).toBeInTheDocument();
    expect(screen.getByText('No meetings on 25.11.2026, so the list ends here.')).toBeInTheDocument();
    expect(dayHeadings()).toEqual(['Monday, 23.11.2026', 'Tuesday, 24.11.2026', 'Wednesday, 25.11.2026']);
    expect(scroll.watching()).toBe(0);
    scroll.scrollToEnd();
    expect(daysAsked(api)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('writes today into an address without a date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00'));
    setUp({});
    const { search } = renderPage('/calendar/vacations?view=day');

    await waitFor(() => expect(search().get('date')).toBe('2026-11-23'));
    expect(await screen.findByRole('heading', { name: 'Monday, 23.11.2026' }, LOADED)).toBeInTheDocument();
  });

  it('goes from the month to the day view of today with Meetings, and back with Month', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00'));
    setUp(
      {},
      {
        'POST /api/calendars/company/filter/': () => new Promise<Response>(() => {}),
        'GET /api/calendars/company/holidays/': () => json(200, { year: 2026, months: [] }),
        'POST /api/calendars/company/get_missing_users/': () =>
          json(200, { count: 0, next: null, results: [] }),
      },
    );
    const { user, search } = renderPage('/calendar/vacations?view=month&date=2026-11-10');

    await user.click(await screen.findByRole('link', { name: 'Meetings' }, LOADED));
    expect(Object.fromEntries(search())).toEqual({ view: 'day', date: '2026-11-23' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meetings' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Month' }));
    expect(Object.fromEntries(search())).toEqual({ view: 'month', date: '2026-11-23' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
  });

  it('shows what the create form misses, then the refusals of the server on their fields', async () => {
    const api = setUp(
      {},
      {
        [CREATE]: () =>
          json(422, {
            missing_fields: {
              end: ['a meeting lasts at most 24 hours'],
              'attendees.0': ['must be an e-mail address'],
            },
          }),
      },
    );
    const { user } = renderPage(MONDAY);
    const dialog = await openCreateForm(user);
    const field = (label: RegExp) => within(dialog).getByLabelText(label);

    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(field(/^Title/)).toHaveAccessibleDescription('title is required');
    expect(field(/^Start/)).toHaveAccessibleDescription('start is required');
    expect(field(/^End/)).toHaveAccessibleDescription('end is required');
    // The day is the address's own.
    expect(field(/^Date/)).toHaveValue('23.11.2026');

    await user.type(field(/^Title/), 'Design review');
    fill(dialog, /^Start/, '10:00');
    fill(dialog, /^End/, '09:30');
    fill(dialog, /^Link/, 'ftp://files');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(field(/^Title/)).not.toHaveAccessibleDescription('title is required');
    expect(field(/^End/)).toHaveAccessibleDescription('end must be after start');
    expect(field(/^Link/)).toHaveAccessibleDescription('link must be an http(s) address');
    expect(api.callsTo(CREATE)).toHaveLength(0);

    fill(dialog, /^End/, '11:00');
    fill(dialog, /^Link/, '');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() =>
      expect(field(/^End/)).toHaveAccessibleDescription('a meeting lasts at most 24 hours'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Attendees' })).toHaveAccessibleDescription(
      /must be an e-mail address/,
    );
    expect(screen.getByRole('dialog', { name: 'Create event' })).toBeInTheDocument();
  });

  it('creates an event with a colleague picked by name, closes the form and shows the event at once', async () => {
    const created = aMeeting('Design review', '2026-11-23T14:00', '2026-11-23T15:30', {
      uuid: 'new-meeting',
      meeting_link: 'https://meet.example.com/review',
    });
    let answered = false;
    const api = setUp(
      {},
      {
        // Once the event is made, the list's refetch does not come back: what shows is what was put in.
        [DAY]: (call) =>
          answered
            ? new Promise<Response>(() => {})
            : json(200, { date: call.query.get('date') ?? '', results: [] } satisfies MeetingsDay),
        [CREATE]: () => {
          answered = true;
          return json(201, created);
        },
        'POST /api/users/filter/': fakeUsersFilter([
          aPerson(3, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@northwind.test' }),
          aPerson(4, { first_name: 'Alan', last_name: 'Turing', email: 'alan@northwind.test' }),
        ]),
      },
    );
    const { user } = renderPage(MONDAY);
    expect(await screen.findByText('Nothing found :(', {}, LOADED)).toBeInTheDocument();
    const dialog = await openCreateForm(user);

    await user.type(within(dialog).getByLabelText(/^Title/), 'Design review');
    fill(dialog, /^Start/, '14:00');
    fill(dialog, /^End/, '15:30');
    await user.type(within(dialog).getByLabelText(/^Link/), 'https://meet.example.com/review');
    await user.type(within(dialog).getByRole('combobox', { name: 'Attendees' }), 'Grace');
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }, LOADED));
    const chosen = within(dialog).getByRole('list', { name: 'Chosen attendees' });
    expect(within(chosen).getByRole('listitem')).toHaveTextContent('Grace Hopper');
    expect(within(dialog).getByRole('combobox', { name: 'Attendees' })).toHaveValue('');
    await user.click(within(dialog).getByRole('radio', { name: 'Weekly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));

    const card = await screen.findByRole('article', { name: 'Design review' });
    expect(within(card).getByRole('link', { name: 'Join' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create event' })).toBeNull());
    expect(screen.queryByText('Nothing found :(')).toBeNull();
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      title: 'Design review',
      start: new Date('2026-11-23T14:00').toISOString(),
      end: new Date('2026-11-23T15:30').toISOString(),
      link: 'https://meet.example.com/review',
      attendees: ['grace@northwind.test'],
      recurrence: 'weekly',
      recurrence_until: null,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('sends only what the organizer changed when an event is edited', async () => {
    const review = aMeeting('Design review', '2026-11-23T09:00', '2026-11-23T10:00', { recurrence: 'daily' });
    const api = setUp(
      { '2026-11-23': [review] },
      {
        // A daily series begun the week before: the form shows its first day.
        [`GET /api/calendars/events/${review.uuid}/`]: () =>
          json(
            200,
            aMeeting('Design review', '2026-11-16T09:00', '2026-11-16T10:00', { recurrence: 'daily' }),
          ),
        [`PATCH /api/calendars/events/${review.uuid}/`]: (call) =>
          json(200, { ...review, ...(call.body as object) }),
      },
    );
    const { user } = renderPage(MONDAY);
    const card = await screen.findByRole('article', { name: 'Design review' }, LOADED);

    await user.click(within(card).getByRole('button', { name: 'Edit event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const title = await within(dialog).findByLabelText(/^Title/);
    expect(title).toHaveValue('Design review');
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('16.11.2026');
    expect(within(dialog).getByLabelText(/^Start/)).toHaveValue('09:00');
    expect(within(dialog).getByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.clear(title);
    await user.type(title, 'Architecture review');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event' })).toBeNull());
    expect(api.callsTo(`PATCH /api/calendars/events/${review.uuid}/`).map((call) => call.body)).toEqual([
      { title: 'Architecture review' },
    ]);
    // The list is asked again for the changed event.
    await waitFor(() => expect(daysAsked(api)).toEqual(['2026-11-23', '2026-11-23']));
  });

  it('removes an event once the organizer confirms, and not before', async () => {
    let removed = false;
    const interview = aMeeting('Interview', '2026-11-23T14:00', '2026-11-23T15:00');
    setUp(
      {},
      {
        [DAY]: () =>
          json(200, { date: '2026-11-23', results: removed ? [] : [interview] } satisfies MeetingsDay),
        [`DELETE /api/calendars/events/${interview.uuid}/`]: () => {
          removed = true;
          return new Response(null, { status: 204 });
        },
      },
    );
    const { user } = renderPage(MONDAY);
    const card = await screen.findByRole('article', { name: 'Interview' }, LOADED);

    await user.click(within(card).getByRole('button', { name: 'Remove event' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove event' });
    expect(confirm).toHaveTextContent('Are you sure you want to remove "Interview"?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(removed).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Remove event' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove event' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Nothing found :(')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Interview' })).toBeNull();
  });

  it('imports an .ics file and tells how many events came in, or why none did', async () => {
    let answer = json(200, { created: 2, updated: 1, skipped: 0 });
    const api = setUp({}, { 'POST /api/calendars/events/import/': () => answer });
    const { user } = renderPage(MONDAY);
    await screen.findByRole('button', { name: 'Import .ics' }, LOADED);
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    const file = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'team.ics', { type: 'text/calendar' });

    await user.upload(input(), file);
    expect(await screen.findByText('Imported 2 events, updated 1')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/calendars/events/import/');
    expect((call?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(call?.query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    answer = json(422, { error: 'Line 3: DTSTART is missing' });
    await user.upload(input(), file);
    expect(await screen.findByText('Line 3: DTSTART is missing')).toBeInTheDocument();
  });

  it('makes the private link of the meetings feed', async () => {
    setUp(
      {},
      {
        'GET /api/calendars/events/feed/': () => json(404, { error: 'Not found.' }),
        'POST /api/calendars/events/feed/': () =>
          json(201, {
            url: 'https://atrium.test/api/calendars/feed/meet-token.ics',
            created_at: '2026-11-23',
          }),
      },
    );
    const { user } = renderPage(MONDAY);

    await user.click(await screen.findByRole('button', { name: 'Subscribe' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to your meetings' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Your private link' })).toHaveValue(
      'https://atrium.test/api/calendars/feed/meet-token.ics',
    );
    expect(within(dialog).getByRole('button', { name: 'Regenerate link' })).toBeInTheDocument();
  });

  it("shows a meeting someone else made as soon as the server says one of the user's meetings changed", async () => {
    const sources = stubEventSource();
    const days: Record<string, MeetingEvent[]> = {};
    setUp(days);
    renderPage(MONDAY);
    expect(await screen.findByText('Nothing found :(', {}, LOADED)).toBeInTheDocument();

    days['2026-11-23'] = [
      aMeeting('One-on-one', '2026-11-23T16:00', '2026-11-23T16:30', { is_organizer: false }),
    ];
    act(() => sources.at(-1)?.emit({ type: 'meeting.changed', meetingId: 'uuid-one-on-one' }));
    expect(await screen.findByRole('article', { name: 'One-on-one' })).toBeInTheDocument();
  });
});
