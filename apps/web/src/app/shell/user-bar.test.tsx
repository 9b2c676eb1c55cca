import type { SessionResponse } from '@atrium/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aSession, json, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { Providers } from '../providers';
import { createQueryClient } from '../query-client';
import { RequireSession } from '../session';
import { ProfileSettingsWidget } from '../widgets/profile-settings-widget';
import { useWidgets, WidgetsProvider } from '../widgets/widgets-context';

function renderSignedIn(path: string, session: SessionResponse = aSession()) {
  stubApi({ 'GET /api/auth/session/': () => json(200, session) });
  return renderApp(path);
}

const openSettings = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Ada Lovelace Online' }));
  return screen.getByRole('dialog', { name: 'Profile settings' });
};

describe('user bar', () => {
  it('shows a notifications button and the avatar named with its status for screen readers', async () => {
    const session = aSession();
    session.user.status = 4;
    renderSignedIn('/', session);
    const header = await screen.findByRole('banner');

    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const avatar = within(header).getByRole('button', { name: 'Ada Lovelace Vacation' });
    expect(within(avatar).getByText('Vacation')).toBeInTheDocument();
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the profile settings with the name and position, focus on Close', async () => {
    const { user } = renderSignedIn('/');
    const panel = await openSettings(user);

    expect(within(panel).getByText('Ada Lovelace')).toBeVisible();
    expect(within(panel).getByText('Analyst')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Ada Lovelace Online' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("hides a job position of 'N/A'", async () => {
    const session = aSession();
    session.user.job_position_name = 'N/A';
    const { user } = renderSignedIn('/', session);
    const panel = await openSettings(user);

    expect(within(panel).queryByText('N/A')).toBeNull();
  });

  it('closes on Escape and on Close, giving the focus back to the avatar', async () => {
    const { user } = renderSignedIn('/');
    await openSettings(user);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Profile settings' })).toBeNull();
    const avatar = screen.getByRole('button', { name: 'Ada Lovelace Online' });
    expect(avatar).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Profile settings' })).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Profile settings' })).toBeNull();
    expect(avatar).toHaveFocus();
  });

  it('zooms the avatar in a modal that Escape closes without closing the panel', async () => {
    const { user } = renderSignedIn('/');
    const panel = await openSettings(user);

    await user.click(within(panel).getByRole('button', { name: 'Zoom avatar' }));
    const zoomed = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(zoomed).getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ada Lovelace' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Profile settings' })).toBeVisible();
  });

  it("goes to the user's own profile from 'My Profile' and closes the panel", async () => {
    const { user, router } = renderSignedIn('/');
    const panel = await openSettings(user);

    await user.click(within(panel).getByRole('link', { name: 'My Profile' }));

    // The directory may be a lazy route, which the router enters once its code has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/people'));
    expect(router.state.location.search).toBe('?profile=7');
    expect(screen.queryByRole('dialog', { name: 'Profile settings' })).toBeNull();
  });

  it("goes home from 'My settings' and logs out from 'Log Out'", async () => {
    const { user, router } = renderSignedIn('/news');
    const panel = await openSettings(user);

    await user.click(within(panel).getByRole('link', { name: 'My settings' }));
    expect(router.state.location.pathname).toBe('/');

    await user.click(within(panel).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Authorization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe("'My Profile'", () => {
  it('makes the user the selected user', async () => {
    stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });
    function SelectedUser() {
      return <output aria-label="Selected user">{useWidgets().selectedUserId ?? 'none'}</output>;
    }
    const router = createMemoryRouter([
      {
        Component: RequireSession,
        children: [
          {
            path: '*',
            element: (
              <WidgetsProvider>
                <ProfileSettingsWidget placement={{ open: true, width: 320, offset: 0, layer: 1 }} />
                <SelectedUser />
              </WidgetsProvider>
            ),
          },
        ],
      },
    ]);
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );

    const selected = await screen.findByRole('status', { name: 'Selected user' });
    expect(selected).toHaveTextContent('none');
    await userEvent.click(screen.getByRole('link', { name: 'My Profile' }));
    expect(selected).toHaveTextContent('7');
  });
});
