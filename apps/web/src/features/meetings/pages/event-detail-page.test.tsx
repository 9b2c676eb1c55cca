import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, json, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { aMeeting, anAttendee } from '../meeting-fixtures';

const LOADED = { timeout: 3000 };
const AVATAR = 'GET /api/users/profile/get_avatar/';

const detail = (name: string) => screen.getByRole('group', { name });

describe('/calendar/events/{uuid}', () => {
  it('shows the meeting: title, date, hours, link, organizer and attendees', async () => {
    const retro = aMeeting('Sprint retro', '2026-11-26T14:00', '2026-11-26T15:00', {
      uuid: 'retro-uuid',
      meeting_link: 'https://meet.example.com/retro',
      recurrence: 'weekly',
      attendees: [anAttendee(1), anAttendee(2)],
      count_attendees: 2,
    });
    const api = stubApi({
      'GET /api/auth/session/': () => json(200, aSession()),
      'GET /api/calendars/events/retro-uuid/': () => json(200, retro),
      [AVATAR]: (call) =>
        json(200, {
          avatar: call.query.get('email') === 'person2@northwind.test' ? '/avatars/2.webp' : null,
        }),
    });
    renderApp('/calendar/events/retro-uuid');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sprint retro' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('Weekly')).toBeInTheDocument();
    expect(within(detail('Date')).getByText('Thursday, 26.11.2026')).toBeInTheDocument();
    expect(within(detail('Hours')).getByText('2:00 PM - 3:00 PM')).toBeInTheDocument();
    expect(
      within(detail('Link')).getByRole('link', { name: 'https://meet.example.com/retro' }),
    ).toHaveAttribute('target', '_blank');
    expect(within(detail('Organizer')).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(detail('Organizer')).getByText('ada@northwind.test')).toBeInTheDocument();
    const attendees = within(detail('Attendees (2)')).getAllByRole('listitem');
    expect(attendees.map((attendee) => attendee.textContent)).toEqual([
      'PNPerson No1person1@northwind.test',
      'PNPerson No2person2@northwind.test',
    ]);
    await waitFor(() => expect(attendees[1]?.querySelector('img')).toHaveAttribute('src', '/avatars/2.webp'));
    expect(api.callsTo('GET /api/calendars/events/retro-uuid/')[0]?.query.get('tz')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(screen.getByRole('link', { name: 'Meetings' })).toHaveAttribute(
      'href',
      '/calendar/vacations?view=day&date=2026-11-26',
    );
  });

  it("says 'Meeting not found' when the server knows no such meeting for the user", async () => {
    stubApi({
      'GET /api/auth/session/': () => json(200, aSession()),
      'GET /api/calendars/events/gone-uuid/': () => json(404, { error: 'Not found.' }),
    });
    renderApp('/calendar/events/gone-uuid');

    expect(await screen.findByText('Meeting not found', undefined, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('/calendar/personal', () => {
  it('says the personal calendar is coming and links to the day view', async () => {
    stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });
    renderApp('/calendar/personal');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Personal calendar' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('Your personal calendar is coming')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the day view' })).toHaveAttribute(
      'href',
      '/calendar/vacations?view=day',
    );
  });
});
