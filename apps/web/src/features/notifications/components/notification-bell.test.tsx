import type { Notification } from '@atrium/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, stubApi, stubEventSource, stubIntersectionObserver } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { exactTime } from '../when';
import { NotificationBell } from './notification-bell';

type Routes = NonNullable<Parameters<typeof stubApi>[0]>;

/** Notification `id` about task `id + 100`, from Grace Hopper, unread, at a fixed time days ago. */
const aNotification = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'task_step',
  text: `Notice ${id}`,
  task: id + 100,
  actor: { id: 12, first_name: 'Grace', last_name: 'Hopper', avatar: null },
  created_at: '2026-11-02T09:30:00.000Z',
  read: false,
  ...overrides,
});

/**
 * The notification endpoints as the server answers them, over a list kept here (newest first, 20 a
 * page): marking read changes the list, so that refetches show it.
 */
function fakeServer(initial: Notification[]) {
  let list = initial.map((each) => ({ ...each }));
  const unread = () => list.filter((each) => !each.read).length;
  const routes: Routes = {
    'GET /api/notifications/unread/': () => json(200, { unread: unread() }),
    'GET /api/notifications/': (call) => {
      const page = Number(call.query.get('page') ?? 1);
      const next = page * 20 < list.length ? `/api/notifications/?page=${page + 1}` : null;
      const results = list.slice((page - 1) * 20, page * 20);
      return json(200, { count: list.length, unread: unread(), next, results });
    },
    'POST /api/notifications/read-all/': () => {
      list = list.map((each) => ({ ...each, read: true }));
      return json(200, { unread: 0 });
    },
  };
  // The fake API keys routes by path: one per notification.
  for (const { id } of initial) {
    routes[`POST /api/notifications/${id}/read/`] = () => {
      const found = list.find((each) => each.id === id);
      if (!found) return json(404, { error: 'Not found.' });
      found.read = true;
      return json(200, found);
    };
  }
  return {
    api: stubApi(routes),
    /** A notification arrives on the server. */
    add: (notification: Notification) => {
      list = [notification, ...list];
    },
  };
}

/** The bell on /news, in a router that shows where it went. */
function renderBell(notifications: Notification[]) {
  const server = fakeServer(notifications);
  function Where() {
    const location = useLocation();
    return <output aria-label="Location">{location.pathname + location.search}</output>;
  }
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <NotificationBell />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/news'] },
  );
  return { ...server, ...renderUi(<RouterProvider router={router} />) };
}

const findBell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

async function openBell(user: ReturnType<typeof renderUi>['user'], name?: string | RegExp) {
  await user.click(await findBell(name));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the notification bell', () => {
  it('shows the unread count as a badge, and names it for screen readers', async () => {
    renderBell([aNotification(1), aNotification(2), aNotification(3, { read: true })]);
    const bell = await findBell('Notifications, 2 unread');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByText('2')).toBeVisible();
  });

  it('hides the badge at 0', async () => {
    const { api } = renderBell([aNotification(1, { read: true })]);
    await waitFor(() => expect(api.callsTo('GET /api/notifications/unread/')).toHaveLength(1));
    expect(await findBell('Notifications')).toBeInTheDocument();
    expect(screen.queryByText('0')).toBeNull();
  });

  it("caps the badge at '99+'", async () => {
    renderBell(Array.from({ length: 150 }, (_, i) => aNotification(i + 1)));
    await findBell('Notifications, 150 unread');
    expect(screen.getByText('99+')).toBeVisible();
  });

  it('lists the notifications with the actor, the time, and the unread ones marked', async () => {
    const fresh = new Date(Date.now() - 5 * 60_000).toISOString();
    const { user } = renderBell([
      aNotification(2, { text: 'Grace Hopper asks you to approve "Laptop"', created_at: fresh }),
      aNotification(1, { text: 'Your request "Card" was completed', actor: null, read: true }),
    ]);
    const dialog = await openBell(user);

    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Grace Hopper asks you to approve "Laptop"')).toBeVisible();
    expect(within(first).getByText('5 min ago')).toBeVisible();
    expect(within(first).getByText('GH')).toBeVisible();
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    expect(within(first).getByRole('button')).toHaveAttribute('data-unread');

    expect(within(second).getByText('Your request "Card" was completed')).toBeVisible();
    expect(within(second).getByText(exactTime('2026-11-02T09:30:00.000Z'))).toBeVisible();
    expect(within(second).queryByText('Unread')).toBeNull();
    expect(within(second).getByRole('button')).not.toHaveAttribute('data-unread');
  });

  it('marks a notification read on click and opens its task', async () => {
    const { api, user } = renderBell([aNotification(2), aNotification(1)]);
    const dialog = await openBell(user, 'Notifications, 2 unread');

    await user.click(await within(dialog).findByRole('button', { name: /Notice 1/ }));

    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/tasks?taskId=101');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await findBell('Notifications, 1 unread');
    expect(api.callsTo('POST /api/notifications/1/read/')).toHaveLength(1);
    expect(api.callsTo('POST /api/notifications/2/read/')).toHaveLength(0);
  });

  it('opens a read notification without marking it again', async () => {
    const { api, user } = renderBell([aNotification(1, { read: true })]);
    const dialog = await openBell(user);
    await user.click(await within(dialog).findByRole('button', { name: /Notice 1/ }));
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/tasks?taskId=101');
    expect(api.callsTo('POST /api/notifications/1/read/')).toHaveLength(0);
  });

  it("marks all as read with 'Mark all as read'", async () => {
    const { api, user } = renderBell([aNotification(2), aNotification(1)]);
    const dialog = await openBell(user, 'Notifications, 2 unread');
    await within(dialog).findAllByText('Unread');

    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));

    await findBell('Notifications');
    expect(api.callsTo('POST /api/notifications/read-all/')).toHaveLength(1);
    await waitFor(() => expect(within(dialog).queryByText('Unread')).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByText('2')).toBeNull();
  });

  it("says 'No notifications yet' when there are none", async () => {
    const { user } = renderBell([]);
    const dialog = await openBell(user, 'Notifications');
    expect(await within(dialog).findByText('No notifications yet')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('loads the first page, and the next as the end of the list comes into view', async () => {
    const observer = stubIntersectionObserver();
    const { api, user } = renderBell(Array.from({ length: 25 }, (_, i) => aNotification(25 - i)));
    const dialog = await openBell(user);
    await within(dialog).findByText('Notice 25');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(20);
    expect(within(dialog).queryByText('Notice 5')).toBeNull();

    observer.scrollToEnd();

    expect(await within(dialog).findByText('Notice 1')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(25);
    expect(api.callsTo('GET /api/notifications/').map((call) => call.query.get('page'))).toEqual(['1', '2']);
    // The last page is in: nothing more to watch for.
    expect(observer.watching()).toBe(0);
  });

  it("refreshes the badge and the list on a live 'notification' event", async () => {
    const sources = stubEventSource();
    const { add, user } = renderBell([aNotification(1)]);
    const dialog = await openBell(user, 'Notifications, 1 unread');
    await within(dialog).findByText('Notice 1');

    add(aNotification(2, { text: 'Alan Turing approved your request "Card"' }));
    await act(async () => sources.at(-1)?.emit({ type: 'notification', notificationId: 2 }));

    await findBell('Notifications, 2 unread');
    expect(await within(dialog).findByText('Alan Turing approved your request "Card"')).toBeVisible();
  });
});
