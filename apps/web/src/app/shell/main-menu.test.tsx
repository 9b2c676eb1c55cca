import type { SessionResponse } from '@atrium/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, aTwoCompanySession, json, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

function renderSignedIn(path: string, session: SessionResponse = aSession()) {
  stubApi({ 'GET /api/auth/session/': () => json(200, session) });
  return renderApp(path);
}

const menuIdOf = (element: HTMLElement) => element.getAttribute('data-menu-id');

describe('main menu', () => {
  it("shows the spec's sections with their ids: Organizations, personal and company", async () => {
    renderSignedIn('/');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });

    const sections = within(menu).getAllByRole('region');
    expect(sections).toEqual(
      ['Organizations', 'Personal', 'Company'].map((name) => within(menu).getByRole('region', { name })),
    );
    expect(sections.map(menuIdOf)).toEqual(['09', '11', '12']);
    const links = [['Northwind'], ['Calendar', 'My tasks'], ['People', 'News']];
    sections.forEach((section, index) => {
      const named = links[index]!.map((name) => within(section).getByRole('link', { name }));
      expect(within(section).getAllByRole('link')).toEqual(named);
    });
  });

  it('links every entry to its route under its menu id', async () => {
    renderSignedIn('/', aTwoCompanySession());
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const organizations = within(menu).getByRole('region', { name: 'Organizations' });
    const entry = (name: string) => {
      const link = within(menu).getByRole('link', { name });
      return [link.getAttribute('href'), menuIdOf(link)];
    };

    for (const company of within(organizations).getAllByRole('link')) {
      expect([company.getAttribute('href'), menuIdOf(company)]).toEqual(['/', '090']);
    }
    expect(entry('Calendar')).toEqual(['/calendar/vacations', '110']);
    expect(entry('My tasks')).toEqual(['/tasks', '112']);
    expect(entry('People')).toEqual(['/people', '121']);
    expect(entry('News')).toEqual(['/news', '123']);
    expect(entry('Switch company')).toEqual(['/switchCompany', '100']);
  });

  it('marks the company in use and the current page', async () => {
    renderSignedIn('/news/edit/5', aTwoCompanySession());
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });

    expect(within(menu).getByRole('link', { name: 'Northwind' })).toHaveAttribute('aria-current', 'true');
    expect(within(menu).getByRole('link', { name: 'Contoso' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'People' })).not.toHaveAttribute('aria-current');
  });

  it('disables "Switch company" for a user of one company', async () => {
    renderSignedIn('/');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });

    const switchCompany = within(menu).getByRole('button', { name: 'Switch company' });
    expect(switchCompany).toBeDisabled();
    expect(menuIdOf(switchCompany)).toBe('100');
    expect(screen.queryByRole('link', { name: 'Switch company' })).toBeNull();
  });

  it('opens each section, showing its placeholder until its screen arrives', async () => {
    const { user, router } = renderSignedIn('/', aTwoCompanySession());
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });

    for (const [name, path, title] of [
      ['Calendar', '/calendar/vacations', 'Calendar'],
      ['My tasks', '/tasks', 'Tasks'],
      ['People', '/people', 'People'],
      ['News', '/news', 'News'],
      ['Switch company', '/switchCompany', 'Switch company'],
    ]) {
      await user.click(within(menu).getByRole('link', { name }));
      // Each screen's code loads on its first visit, which can take a few seconds on a busy machine.
      expect(
        await screen.findByRole('heading', { level: 1, name: title }, { timeout: 3_000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    }
    await user.click(within(menu).getByRole('link', { name: 'Contoso' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('knows the news routes the menu names', async () => {
    const { router } = renderSignedIn('/news/create');
    // The editor is for post editors only; anyone else lands on the feed (both pages' code loads first).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'News' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/news');

    await router.navigate('/news/edit/12');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/news'));
  });
});
