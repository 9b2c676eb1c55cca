import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';

const demo = setUpDemoPortal();

/** Widgets slide for 200 ms; a screenshot waits until they have settled. */
const settle = (page: Page) => page.waitForTimeout(400);

const profilePanel = (page: Page) => page.getByRole('region', { name: 'Profile' });

/** Moves the tabs carousel until the tab shows, as a user would, and opens it. */
async function openTab(panel: Locator, name: string) {
  const tab = panel.getByRole('tab', { name, exact: true });
  await expect.poll(() => panel.getByRole('tab').count()).toBeGreaterThan(0);
  for (let moves = 0; !(await tab.isVisible()); moves++) {
    if (moves > 10) throw new Error(`No tab '${name}' in the carousel`);
    const previous = panel.getByRole('button', { name: 'Previous tabs' });
    await ((await previous.isEnabled())
      ? previous
      : panel.getByRole('button', { name: 'Next tabs' })
    ).click();
  }
  await tab.click();
}

describe('the audit log', () => {
  it("HR edits Emil's nickname and finds the change, before and after, in his profile's Audit tab", async () => {
    const [emil] = await demo.portal.db
      .select({ id: users.id, nickname: users.nickname })
      .from(users)
      .where(eq(users.email, 'employee@demo.test'));
    if (!emil) throw new Error('the demo has no Emil');
    const before = emil.nickname?.trim() ? emil.nickname : '—';
    const after = emil.nickname === 'Nova' ? 'Novy' : 'Nova';

    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, demo.portal, 'hr@demo.test');
    await page.goto(`${demo.portal.url}/people?profile=${emil.id}`);
    const panel = profilePanel(page);
    await expect.poll(() => panel.getByRole('heading', { name: 'Emil Novak' }).isVisible()).toBe(true);

    await openTab(panel, 'General');
    await panel.getByRole('button', { name: 'Edit' }).click();
    await panel.getByRole('textbox', { name: 'Nickname', exact: true }).fill(after);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);

    await openTab(panel, 'Audit');
    const history = panel.getByRole('table', { name: 'Profile history' });
    await expect.poll(() => history.isVisible()).toBe(true);
    const newest = history.getByRole('row').nth(1);
    const cells = newest.getByRole('cell');
    expect(await cells.nth(1).textContent()).toBe('Helen Ross');
    expect(await cells.nth(2).textContent()).toBe('Profile edited');
    expect(await cells.nth(3).textContent()).toBe(`Nickname: ${before} → ${after}`);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/audit-1440.png` });

    // On a phone the table becomes cards, the newest first.
    await page.setViewportSize({ width: 375, height: 812 });
    const cards = panel.getByRole('list', { name: 'Profile history' });
    await expect.poll(() => cards.isVisible()).toBe(true);
    const card = cards.locator('> li').first();
    expect(await card.textContent()).toContain(`Profile edited`);
    expect(await card.textContent()).toContain(`Nickname: ${before} → ${after}`);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/audit-375.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the Audit tab from the person themself', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await logIn(page, demo.portal, 'employee@demo.test');
    const [emil] = await demo.portal.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'employee@demo.test'));
    await page.goto(`${demo.portal.url}/people?profile=${emil?.id}`);
    const panel = profilePanel(page);
    await expect.poll(() => panel.getByRole('heading', { name: 'Emil Novak' }).isVisible()).toBe(true);
    await expect.poll(() => panel.getByRole('tab').count()).toBeGreaterThan(0);
    const reply = await page.request.get(`${demo.portal.url}/api/audit/?user_id=${emil?.id}`);
    expect(reply.status()).toBe(403);
    // Walk the whole carousel: no Audit tab anywhere.
    for (let moves = 0; moves < 10; moves++) {
      expect(await panel.getByRole('tab', { name: 'Audit', exact: true }).count()).toBe(0);
      const previous = panel.getByRole('button', { name: 'Previous tabs' });
      if (!(await previous.isEnabled())) break;
      await previous.click();
    }
    await page.close();
  });
});
