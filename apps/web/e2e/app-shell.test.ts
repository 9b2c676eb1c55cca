import { describe, expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { noHorizontalOverflow, settle } from './screen';

const demo = setUpDemoPortal();

describe('the app shell', () => {
  it('shows home with both widgets and the menu, and the settings panel opens and closes', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, demo.portal, 'employee@demo.test');

    await expect.poll(() => page.getByRole('region', { name: 'Peoples' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'Calendar' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/\d+ in organization/).isVisible()).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const entry of ['Calendar', 'My tasks', 'People', 'News']) {
      expect(await menu.getByRole('link', { name: entry }).isVisible(), entry).toBe(true);
    }
    expect(await menu.getByRole('button', { name: 'Switch company' }).isDisabled()).toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/home-1440.png` });

    const avatar = page.getByRole('button', { name: /^Emil Novak/ });
    await avatar.click();
    const settings = page.getByRole('dialog', { name: /profile settings/i });
    await expect.poll(() => settings.getByText('Emil Novak').isVisible()).toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/settings-1440.png` });
    await settings.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => settings.isVisible()).toBe(false);

    await avatar.click();
    await expect.poll(() => settings.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => settings.isVisible()).toBe(false);
    expect(await noHorizontalOverflow(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets hr@demo.test switch to Demo Labs, and the header follows', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, demo.portal, 'hr@demo.test');
    const header = page.getByRole('banner');
    await expect.poll(() => header.getByText('Demo Corp').first().isVisible()).toBe(true);

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Switch company' })
      .click();
    await page.waitForURL('**/switchCompany');
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/switch-company-1440.png` });
    await page.getByRole('button', { name: /Demo Labs/ }).click();
    await page.waitForURL(`${demo.portal.url}/`);
    await expect.poll(() => header.getByText('Demo Labs').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a 375 px phone, with the menu in a drawer', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 375, height: 812 } });
    await logIn(page, demo.portal, 'manager@demo.test');
    await expect.poll(() => page.getByRole('region', { name: 'Peoples' }).isVisible()).toBe(true);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/home-375.png` });
    await page.getByRole('button', { name: /menu/i }).first().click();
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'People' }).isVisible(),
      )
      .toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/menu-375.png` });
    await page.close();
  });

  // Each script is a request at a phone's round trip, six at a time over HTTP/1.1; the build gathers a
  // route's lazy modules by the routes that need them (route-chunks.ts). Left to the bundler's own
  // splitting, / alone fetched 23.
  it('loads each main page, on a first visit, in at most a dozen scripts', async () => {
    const login = await demo.browser.newPage();
    await logIn(login, demo.portal, 'manager@demo.test');
    const cookies = await login.context().cookies();
    await login.close();
    for (const address of ['/', '/people', '/tasks', '/calendar/vacations', '/news']) {
      const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.context().addCookies(cookies);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${demo.portal.url}${address}`, { waitUntil: 'networkidle' });
      expect(await page.getByRole('heading', { level: 1 }).first().isVisible(), address).toBe(true);
      expect(scripts.length, `${address}: ${scripts.join(' ')}`).toBeLessThanOrEqual(12);
      await page.close();
    }
  });
});
