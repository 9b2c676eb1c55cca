import { USER_STATUS_LABELS, type UserStatus } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../../scripts/seed/index';
import { queryRows } from '../../server/src/db/client';
import { addDepartments } from '../../server/test/structure-fixtures';
import { launchBrowser, logIn, startPortal, watchErrors } from './portal';

let portal: Awaited<ReturnType<typeof startPortal>>;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  await seedDemoIfEmpty(portal.db, { info: () => {} });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

it('an employee filters the directory by department and status, searches a name and opens a profile', async () => {
  // Emil's department (the parent of the team he sits in) and status, whatever the seed drew for him.
  const [emil] = await queryRows<{ id: number; department: string; status: UserStatus }>(
    portal.db,
    sql`select u.id, d.name as department, u.status
          from users u join departments t on t.id = u.department_id join departments d on d.id = t.parent_id
         where u.email = 'employee@demo.test'`,
  );
  if (!emil) throw new Error('The demo seed has no employee@demo.test in a team');
  const status = USER_STATUS_LABELS[emil.status];

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchErrors(page);
  await logIn(page, portal, 'employee@demo.test');

  await page.goto(`${portal.url}/people`);
  const table = page.getByRole('table', { name: 'People' });
  // The end of the list is within reach of a 900 px window, so a second page may follow at once (a poll can
  // miss the first alone); no more until the list is scrolled. The header row, then 15 people a page.
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThanOrEqual(16);
  await page.waitForTimeout(1500);
  expect([16, 31]).toContain(await table.getByRole('row').count());

  await page.getByRole('button', { name: 'Filters' }).click();
  const modal = page.getByRole('dialog', { name: 'Filters' });
  await modal.getByRole('combobox', { name: 'Department' }).click();
  await modal.getByRole('option', { name: emil.department, exact: true }).click();
  await modal.getByRole('combobox', { name: 'Department' }).press('Escape');
  // The live count is asked for 700 ms after the last change, with both filters.
  const counted = page.waitForResponse(
    (response) => response.url().includes('count=1') && response.request().postDataJSON()?.status,
  );
  await modal.getByRole('radiogroup', { name: 'Status' }).getByText(status, { exact: true }).click();
  const { count } = (await (await counted).json()) as { count: number };
  expect(count).toBeGreaterThanOrEqual(1);
  const show = modal.getByRole('button', { name: `Show ${count} users` });
  await expect.poll(() => show.isEnabled()).toBe(true);
  await show.click();

  await expect.poll(() => page.getByRole('button', { name: 'Filters (2 active)' }).isVisible()).toBe(true);
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect.poll(() => chips.textContent()).toContain(emil.department);
  expect(await chips.textContent()).toContain(status);
  // Their first page; over 15 of them, the second may follow at once, as above.
  const firstPage = Math.min(count, 15) + 1;
  const secondPage = count > 15 ? Math.min(count, 30) + 1 : firstPage;
  await expect
    .poll(() => table.getByRole('row').count())
    .toSatisfy((rows: number) => rows === firstPage || rows === secondPage);

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('textbox', { name: "Employee's name" }).fill('Emil');
  await page.keyboard.press('Enter');
  await expect.poll(() => table.getByRole('row').count()).toBe(2);

  await table.getByRole('button', { name: 'Emil Novak' }).click();
  await page.waitForURL(`${portal.url}/people?profile=${emil.id}`);
  // Visiting /login signed out asks for the session once and gets a 401.
  expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  await page.close();
});

it("shows the whole of a long select's list in the filters, its search box above the modal's header", async () => {
  // Enough departments for the list to be tall, in a window short enough for it to open upward.
  await addDepartments(portal.db, 30, 'Extra team');
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await logIn(page, portal, 'hr@demo.test');
  await page.goto(`${portal.url}/people`);
  await page.getByRole('button', { name: 'Filters' }).click();
  const modal = page.getByRole('dialog', { name: 'Filters' });
  const department = modal.getByRole('combobox', { name: 'Department' });
  await department.click();
  const search = modal.getByRole('textbox', { name: 'Search', exact: true });
  await search.waitFor();
  const list = await search.boundingBox();
  const button = await department.boundingBox();
  if (!list || !button) throw new Error('The list or its button is not on the page');
  expect(list.y, 'the list opened upward').toBeLessThan(button.y);
  // What a click at the search box's middle would reach: the box, not the header drawn over it.
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('aria-label'), {
    x: list.x + list.width / 2,
    y: list.y + list.height / 2,
  });
  expect(hit).toBe('Search');
  await search.fill('extra team 30');
  await expect.poll(() => modal.getByRole('option').allTextContents()).toEqual(['Extra team 30']);
  await page.close();
});
