import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession, json, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const LOADED = { timeout: 3000 };

describe('/knowledge-base', () => {
  it('offers the test link "+ NEW (test)", which opens the page saying the knowledge base is coming', async () => {
    stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });
    const { user, router } = renderApp('/knowledge-base');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Knowledge base' }, LOADED),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '+ NEW (test)' });
    expect(link).toHaveAttribute('href', '/knowledge-base/new-1');

    await user.click(link);

    expect(await screen.findByText('The knowledge base is coming', undefined, LOADED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/knowledge-base/new-1');
    expect(screen.getByRole('link', { name: 'Back to the knowledge base' })).toHaveAttribute(
      'href',
      '/knowledge-base',
    );
  });
});
