import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { aMeeting, anAttendee } from '../meeting-fixtures';
import { MeetingCard } from './meeting-card';

const AVATAR = 'GET /api/users/profile/get_avatar/';
const MONDAY_9AM = new Date('2026-11-23T09:00:00');
const fiveAttendees = [1, 2, 3, 4, 5].map((n) => anAttendee(n));

/**
 * Answers each lookup with /avatars/{n}.webp for person n, and fails for the e-mails in `failing`. With
 * `holdUntil`, no lookup is answered before that many have been asked: lookups made one after another
 * would wait forever.
 */
function stubAvatars(failing: string[] = [], holdUntil = 0) {
  let asked = 0;
  let resolve = () => {};
  const allAsked = new Promise<void>((done) => {
    resolve = done;
  });
  return stubApi({
    [AVATAR]: async (call) => {
      asked += 1;
      if (asked >= holdUntil) resolve();
      await allAsked;
      const email = call.query.get('email') ?? '';
      if (failing.includes(email)) return json(500, { error: 'Internal error.' });
      return json(200, { avatar: `/avatars/${/\d+/.exec(email)?.[0]}.webp` });
    },
  });
}

/** The card's title links to the meeting's page, so it needs a router around it. */
const renderCards = (cards: ReactElement) => renderUi(<MemoryRouter>{cards}</MemoryRouter>);

const card = (title: string) => screen.getByRole('article', { name: title });
const pictureOf = (title: string, name: string) =>
  within(within(card(title)).getByRole('group', { name: 'Attendees' }))
    .getByRole('img', { name })
    .querySelector('img')
    ?.getAttribute('src');

describe('meeting card', () => {
  it('shows the title, the Daily format, the hours, weekday and date, and the timing label', () => {
    stubAvatars();
    renderCards(
      <MeetingCard
        meeting={aMeeting('Stand-up', '2026-11-26T10:00', '2026-11-26T10:15', { recurrence: 'daily' })}
        now={MONDAY_9AM}
      />,
    );

    const stand = card('Stand-up');
    expect(within(stand).getByText('Daily')).toBeInTheDocument();
    expect(within(stand).getByText('10:00 AM - 10:15 AM · Thursday · 26.11.2026')).toBeInTheDocument();
    expect(within(stand).getByText('starts in 26 Thursday')).toBeInTheDocument();
  });

  it('labels a weekly meeting Weekly and a single one with no format', () => {
    stubAvatars();
    renderCards(
      <>
        <MeetingCard
          meeting={aMeeting('Planning', '2026-11-23T09:30', '2026-11-23T10:30', { recurrence: 'weekly' })}
          now={MONDAY_9AM}
        />
        <MeetingCard meeting={aMeeting('Review', '2026-11-23T08:30', '2026-11-23T09:30')} now={MONDAY_9AM} />
      </>,
    );

    expect(within(card('Planning')).getByText('Weekly')).toBeInTheDocument();
    expect(within(card('Planning')).getByText('start in 30 minutes')).toBeInTheDocument();
    expect(within(card('Review')).queryByText(/Daily|Weekly/)).toBeNull();
    expect(within(card('Review')).getByText('ongoing')).toBeInTheDocument();
  });

  it('shows 3 attendee avatars, the others as +N, and the attendee count', async () => {
    stubAvatars();
    renderCards(
      <MeetingCard
        meeting={aMeeting('Retro', '2026-11-23T14:00', '2026-11-23T15:00', { attendees: fiveAttendees })}
        now={MONDAY_9AM}
      />,
    );

    const attendees = within(card('Retro')).getByRole('group', { name: 'Attendees' });
    expect(
      within(attendees)
        .getAllByRole('img')
        .map((avatar) => avatar.getAttribute('aria-label')),
    ).toEqual(['Person No1', 'Person No2', 'Person No3', '2 more']);
    expect(within(attendees).getByText('+2')).toBeInTheDocument();
    expect(within(card('Retro')).getByText('5 attendees')).toBeInTheDocument();
    await waitFor(() => expect(pictureOf('Retro', 'Person No2')).toBe('/avatars/2.webp'));
  });

  it('looks each shown address up once, all at the same time, and leaves the avatar empty when a lookup fails', async () => {
    const api = stubAvatars(['person2@northwind.test'], 4);
    renderCards(
      <>
        <MeetingCard
          meeting={aMeeting('Retro', '2026-11-23T14:00', '2026-11-23T15:00', { attendees: fiveAttendees })}
          now={MONDAY_9AM}
        />
        <MeetingCard
          meeting={aMeeting('Demo', '2026-11-23T16:00', '2026-11-23T17:00', {
            attendees: [anAttendee(1, { email: 'PERSON1@northwind.test' }), anAttendee(6)],
          })}
          now={MONDAY_9AM}
        />
      </>,
    );

    await waitFor(() => expect(pictureOf('Retro', 'Person No1')).toBe('/avatars/1.webp'));
    expect(api.callsTo(AVATAR).map((call) => call.query.get('email'))).toEqual([
      'person1@northwind.test',
      'person2@northwind.test',
      'person3@northwind.test',
      'person6@northwind.test',
    ]);
    // The failed one shows the initials instead of a picture.
    const failed = within(card('Retro')).getByRole('img', { name: 'Person No2' });
    expect(failed.querySelector('img')).toBeNull();
    expect(failed).toHaveTextContent('PN');
  });

  it('offers the meeting link, and editing and removal only to the organizer', async () => {
    stubAvatars();
    const onEdit = vi.fn();
    const onRemove = vi.fn();
    const { user } = renderCards(
      <>
        <MeetingCard
          meeting={aMeeting('Mine', '2026-11-23T14:00', '2026-11-23T15:00', {
            meeting_link: 'https://meet.example.com/abc',
          })}
          now={MONDAY_9AM}
          onEdit={onEdit}
          onRemove={onRemove}
        />
        <MeetingCard
          meeting={aMeeting('Theirs', '2026-11-23T16:00', '2026-11-23T17:00', { is_organizer: false })}
          now={MONDAY_9AM}
          onEdit={onEdit}
          onRemove={onRemove}
        />
      </>,
    );

    const join = within(card('Mine')).getByRole('link', { name: 'Join' });
    expect(join).toHaveAttribute('href', 'https://meet.example.com/abc');
    expect(join).toHaveAttribute('target', '_blank');
    await user.click(within(card('Mine')).getByRole('button', { name: 'Edit event' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Mine' }));
    await user.click(within(card('Mine')).getByRole('button', { name: 'Remove event' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ title: 'Mine' }));

    expect(within(card('Theirs')).queryByRole('button')).toBeNull();
    expect(within(card('Theirs')).queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it("links the title to the meeting's page", () => {
    stubAvatars();
    renderCards(
      <MeetingCard meeting={aMeeting('Retro', '2026-11-23T14:00', '2026-11-23T15:00')} now={MONDAY_9AM} />,
    );

    expect(within(card('Retro')).getByRole('link', { name: 'Retro' })).toHaveAttribute(
      'href',
      '/calendar/events/uuid-retro',
    );
  });
});
