import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aFormConfig, aProfile, aSession, json, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

function renderSignedIn(path: string) {
  stubApi({
    'GET /api/auth/session/': () => json(200, aSession()),
    'GET /api/users/12/': () => json(200, aProfile(12, { first_name: 'Ada', last_name: 'Lovelace' })),
    'GET /api/users/form-fields/': () => json(200, aFormConfig('hr')),
  });
  return renderApp(path);
}

/** A widget on screen: hidden ones (visibility: hidden) are not in the accessibility tree. */
const widget = (name: string) => screen.queryByRole('region', { name });

describe('side widgets', () => {
  it('opens people and calendar on home, side by side above the page', async () => {
    renderSignedIn('/');

    const people = await screen.findByRole('region', { name: 'Peoples' });
    const calendar = screen.getByRole('region', { name: 'Calendar' });
    expect(within(calendar).getByText('0 meetings today')).toBeInTheDocument();
    // jsdom's window is 1024 px wide: each 360 px wide, people at the right edge, calendar beside it.
    expect([people.style.right, calendar.style.right]).toEqual(['0px', '360px']);
    expect(people.parentElement).toHaveStyle({ zIndex: '22' });
  });

  it('keeps each widget to its routes, and home opens them again', async () => {
    const { router } = renderSignedIn('/');
    await screen.findByRole('region', { name: 'Calendar' });

    await act(() => router.navigate('/people'));
    expect(widget('Peoples')).toBeInTheDocument();
    expect(widget('Calendar')).toBeNull();

    await act(() => router.navigate('/news'));
    expect(widget('Peoples')).toBeNull();

    await act(() => router.navigate('/'));
    expect(widget('Peoples')).toBeInTheDocument();
    expect(widget('Calendar')).toBeInTheDocument();
  });

  it('closes a widget with its Close button, pushing it off screen', async () => {
    const { user } = renderSignedIn('/');
    const calendar = await screen.findByRole('region', { name: 'Calendar' });

    await user.click(within(calendar).getByRole('button', { name: 'Close' }));

    expect(widget('Calendar')).toBeNull();
    expect(calendar).toHaveStyle({ transform: 'translateX(100%)', visibility: 'hidden' });
    expect(within(calendar).queryByText('0 meetings today')).toBeNull();
  });

  it('shows the profile of ?profile= on /people, resizes it and closes it by dropping the query', async () => {
    const { user, router } = renderSignedIn('/people?profile=12&mode=table');

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(await within(profile).findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(profile.style.width).toBe('512px');

    await user.click(within(profile).getByRole('button', { name: 'Full width' }));
    expect(profile.style.width).toBe('1024px');
    expect(within(profile).getByRole('button', { name: 'Half width' })).toBeInTheDocument();

    await user.click(within(profile).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('?mode=table');
    expect(widget('Profile')).toBeNull();
  });

  it('opens the user-creation page in the profile widget for profile=_new_', async () => {
    renderSignedIn('/people?profile=_new_');
    const panel = await screen.findByRole('region', { name: 'Profile' });
    expect(await within(panel).findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
