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
    // The widgets' lists mount after the page's first paint.
    expect(await within(calendar).findByText('0 meetings today')).toBeInTheDocument();
    // jsdom's window is 1024 px wide: each 360 px wide, people at the right edge, calendar beside it.
    expect([people.style.right, calendar.style.right]).toEqual(['0px', '360px']);
    expect(people.parentElement).toHaveStyle({ zIndex: '22' });
  });

  it('keeps each widget to its routes, and home opens them again', async () => {
    const { router } = renderSignedIn('/');
    await screen.findByRole('region', { name: 'Calendar' });

    // A page shows once its chunk is there; the one before stays until then.
    await act(() => router.navigate('/people'));
    await screen.findByRole('heading', { name: 'People', level: 1 });
    expect(widget('Peoples')).toBeInTheDocument();
    expect(widget('Calendar')).toBeNull();

    await act(() => router.navigate('/news'));
    await screen.findByRole('heading', { name: 'News', level: 1 });
    expect(widget('Peoples')).toBeNull();

    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { name: 'Welcome, Ada', level: 1 });
    expect(widget('Peoples')).toBeInTheDocument();
    expect(widget('Calendar')).toBeInTheDocument();
  });

  it('lays the widgets out again when the window is resized: full-width sheets on a phone', async () => {
    renderSignedIn('/');
    const calendar = await screen.findByRole('region', { name: 'Calendar' });
    expect([calendar.style.width, calendar.style.right]).toEqual(['360px', '360px']);

    const desktopWidth = window.innerWidth;
    try {
      window.innerWidth = 500;
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
      expect([calendar.style.width, calendar.style.right]).toEqual(['500px', '0px']);
    } finally {
      window.innerWidth = desktopWidth;
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
    }
    expect([calendar.style.width, calendar.style.right]).toEqual(['360px', '360px']);
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
