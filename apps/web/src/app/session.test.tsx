import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { keepSession, keptSession } from '../features/auth/api';
import { aSession, json, stubApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const storeSession = () => keepSession(aSession());

describe('auth boundary', () => {
  it('sends a visitor without a session to /login, dropping the rest of the address', async () => {
    stubApi();
    const { router } = renderApp('/people?profile=3');

    expect(await screen.findByRole('heading', { name: 'Authorization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('never redirects from /test', async () => {
    const api = stubApi();
    const { router } = renderApp('/test');

    expect(screen.getByRole('heading', { name: 'Test page' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/test');
    expect(api.calls).toEqual([]);
  });

  it('shows the user kept from the last visit at once, then refreshes the session', async () => {
    storeSession();
    const fresh = aSession();
    fresh.user.first_name = 'Augusta';
    const api = stubApi({ 'GET /api/auth/session/': () => json(200, fresh) });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome, Augusta' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/session/')).toHaveLength(1);
    expect(keptSession()).toEqual(fresh);
  });

  it('does not show a user kept by a build that knew another shape of session', async () => {
    localStorage.setItem('atrium.session', JSON.stringify({ shape: 'an older build', value: aSession() }));
    let answer: (response: Response) => void = () => {};
    const api = stubApi({
      'GET /api/auth/session/': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/');

    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/auth/session/')).toHaveLength(1));
    const fresh = aSession();
    fresh.user.first_name = 'Augusta';
    answer(json(200, fresh));
    expect(await screen.findByRole('heading', { name: 'Welcome, Augusta' })).toBeInTheDocument();
    expect(keptSession()).toEqual(fresh);
  });

  it('keeps the kept user when the refresh fails for another reason than 401', async () => {
    storeSession();
    const api = stubApi({ 'GET /api/auth/session/': () => json(500, { error: 'Internal server error.' }) });
    const { router } = renderApp('/');

    await waitFor(() => expect(api.callsTo('GET /api/auth/session/')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('forgets the kept user and goes to /login when the server says 401', async () => {
    storeSession();
    stubApi();
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Authorization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('atrium.session')).toBeNull();
  });

  it('shows the header and a "Page not found" screen with a way home for an unknown route', async () => {
    stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });
    const { user, router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Northwind' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Ada Lovelace Online' })).toHaveTextContent('AL');

    await user.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('logout', () => {
  it('ends the session on the server, clears all stored state and the cache, and goes to /login', async () => {
    storeSession();
    localStorage.setItem('atrium.permissions', '[]');
    localStorage.setItem('another-app', 'kept');
    let signedIn = true;
    const api = stubApi({
      'GET /api/auth/session/': () =>
        signedIn ? json(200, aSession()) : json(401, { error: 'No session.' }),
      'POST /api/auth/logout/': () => {
        signedIn = false;
        return json(200, { ok: true });
      },
    });
    const { user, router, queryClient } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace Online' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: 'Authorization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('POST /api/auth/logout/')[0]?.headers.get('X-CSRFToken')).toBe('test-csrf-token');
    expect(localStorage.getItem('atrium.session')).toBeNull();
    expect(localStorage.getItem('atrium.permissions')).toBeNull();
    expect(localStorage.getItem('another-app')).toBe('kept');
    expect(queryClient.getQueryData(['auth', 'session'])).toBeNull();

    // Nothing is left to show the home page with: it sends the visitor back to /login.
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Authorization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('still ends the local session when the server cannot be reached, logging the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    storeSession();
    stubApi({
      'GET /api/auth/session/': () => json(200, aSession()),
      'POST /api/auth/logout/': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { router } = renderApp('/logout');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('atrium.session')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Logout request failed', expect.any(Error));
  });
});
