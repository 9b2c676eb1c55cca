import type { MeetingEvent, MeetingsPage } from '@atrium/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, json, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { aMeeting } from '../meeting-fixtures';

const EVENTS = 'GET /api/calendars/events/';

/** The upcoming list served 2 a page (the page size asked is only recorded), with a next link as the server makes it. */
function stubEvents(events: MeetingEvent[]) {
  return stubApi({
    'GET /api/auth/session/': () => json(200, aSession()),
    [EVENTS]: (call) => {
      const page = Number(call.query.get('page'));
      const next = page * 2 < events.length ? `/api/calendars/events/?page=${page + 1}&page_size=10` : null;
      return json(200, {
        count: events.length,
        next,
        results: events.slice((page - 1) * 2, page * 2),
      } satisfies MeetingsPage);
    },
  });
}

describe("the home calendar widget's meetings", () => {
  it("loads the session user's meetings, page after page while they are today's, and shows today's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T13:47:00'));
    const api = stubEvents([
      aMeeting('Release night', '2026-11-22T22:00', '2026-11-23T09:00'),
      aMeeting('Design review', '2026-11-23T09:00', '2026-11-23T10:30'),
      aMeeting('Interview', '2026-11-23T10:00', '2026-11-23T11:00'),
      aMeeting('Tomorrow', '2026-11-24T09:00', '2026-11-24T10:00'),
      aMeeting('Next week', '2026-11-30T09:00', '2026-11-30T10:00'),
    ]);
    renderApp('/');

    const widget = await screen.findByRole('region', { name: 'Calendar' });
    expect(await within(widget).findByText('3 meetings today')).toBeInTheDocument();
    expect(
      within(widget)
        .getAllByRole('article')
        .map((block) => [block.getAttribute('aria-label'), block.dataset.lane]),
    ).toEqual([
      ['Release night', '1/1'],
      ['Design review', '1/2'],
      ['Interview', '2/2'],
    ]);
    expect(within(widget).getByRole('article', { name: 'Interview' }).querySelector('a')).toHaveAttribute(
      'href',
      '/calendar/vacations?view=day&date=2026-11-23',
    );
    // Page 2 ended with tomorrow's meeting: page 3 is not asked for.
    const calls = api.callsTo(EVENTS).map((call) => Object.fromEntries(call.query));
    expect(calls).toEqual(
      [1, 2].map((page) => ({
        email: 'ada@northwind.test',
        page: String(page),
        page_size: '10',
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      })),
    );
  });

  it('says how many meetings there are only once it knows', async () => {
    stubApi({
      'GET /api/auth/session/': () => json(200, aSession()),
      [EVENTS]: () => new Promise<Response>(() => {}),
    });
    renderApp('/');

    const widget = await screen.findByRole('region', { name: 'Calendar' });
    expect(await within(widget).findByRole('list', { name: "Today's timeline" })).toBeInTheDocument();
    expect(within(widget).queryByText(/meetings today/)).toBeNull();
  });

  it('shows no meetings when the list cannot be loaded', async () => {
    stubApi({
      'GET /api/auth/session/': () => json(200, aSession()),
      [EVENTS]: () => json(500, { error: 'Internal error.' }),
    });
    renderApp('/');

    const widget = await screen.findByRole('region', { name: 'Calendar' });
    // The widget's list mounts after the page's first paint.
    expect(await within(widget).findByText('0 meetings today')).toBeInTheDocument();
    expect(within(widget).queryByRole('article')).toBeNull();
  });
});
