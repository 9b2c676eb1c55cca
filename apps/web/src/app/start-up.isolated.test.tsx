import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepSession } from '../features/auth/api';
import { aSession, json, stubApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { preloadPage } from './router';

// main.tsx renders the app once preloadPage has the page's chunks: a page that suspends on its first
// render shows the route's loader, and React then holds its content back for up to 300 ms.
describe('the first render of a page', () => {
  it("shows the route's loader when the page's chunk is not there yet", () => {
    keepSession(aSession());
    stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });
    renderApp('/people');

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
  });

  it('shows the page at once, without the loader, once preloadPage has its chunks', async () => {
    keepSession(aSession());
    stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });
    await preloadPage('/');
    renderApp('/');

    expect(screen.getByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
