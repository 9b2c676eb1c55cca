import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keptSession } from '../../features/auth/api';
import { aSession, aTwoCompanySession, json, stubApi, switchCompanyRoute } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('/switchCompany', () => {
  it("lists the user's companies, marking the one in use", async () => {
    stubApi({ 'GET /api/auth/session/': () => json(200, aTwoCompanySession()) });
    renderApp('/switchCompany');

    expect(await screen.findByRole('heading', { level: 1, name: 'Switch company' })).toBeInTheDocument();
    const current = screen.getByRole('button', { name: /Northwind/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(current).getByText('Current')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contoso' })).not.toHaveAttribute('aria-current');
  });

  it('switches to the chosen company, refreshes what was cached and goes home under its name', async () => {
    const session = aTwoCompanySession();
    const api = stubApi({
      'GET /api/auth/session/': () => json(200, session),
      'POST /api/auth/switch-company/': switchCompanyRoute(session),
    });
    const { user, router, queryClient } = renderApp('/switchCompany');
    queryClient.setQueryData(['people', 'widget'], { results: [] });

    await user.click(await screen.findByRole('button', { name: 'Contoso' }));

    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Contoso' }),
    ).toBeInTheDocument();
    // Home's route waits for its page and its widgets' chunks before the address changes.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [call] = api.callsTo('POST /api/auth/switch-company/');
    expect(call?.body).toEqual({ company: 2 });
    expect(call?.headers.get('X-CSRFToken')).toBe('test-csrf-token');
    expect(queryClient.getQueryState(['people', 'widget'])?.isInvalidated).toBe(true);
    expect(keptSession()?.company.id).toBe(2);
  });

  it("shows the server's refusal in a notice and stays", async () => {
    stubApi({
      'GET /api/auth/session/': () => json(200, aTwoCompanySession()),
      'POST /api/auth/switch-company/': () => json(403, { error: 'You are not a member of this company.' }),
    });
    const { user, router } = renderApp('/switchCompany');

    await user.click(await screen.findByRole('button', { name: 'Contoso' }));

    expect(await screen.findByText('You are not a member of this company.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/switchCompany');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Northwind' })).toBeInTheDocument();
  });

  it('sends a user of one company home', async () => {
    stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });
    const { router } = renderApp('/switchCompany');

    // Two lazy routes load one after the other here, which takes a while on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
