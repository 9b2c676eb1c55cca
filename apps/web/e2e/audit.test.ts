import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { everyTab, openTab, profilePanel } from './profile-panel';
import { settle } from './screen';

const demo = setUpDemoPortal();

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
    const reply = await page.request.get(`${demo.portal.url}/api/audit/?user_id=${emil?.id}`);
    expect(reply.status()).toBe(403);
    // The whole carousel, first window to last: no Audit tab anywhere.
    expect(await everyTab(panel)).not.toContain('Audit');
    await page.close();
  });
});
