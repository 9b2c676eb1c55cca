import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompany, createUser } from '../../server/test/fixtures';
import { launchBrowser, startPortal, watchErrors } from './portal';

let portal: Awaited<ReturnType<typeof startPortal>>;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

it('a new user requests a code, reads it from the mail, logs in, lands on / and logs out', async () => {
  const company = await createCompany(portal.db, 'Journey Corp');
  await createUser(portal.db, {
    companyId: company.id,
    email: 'nina@journey.test',
    firstName: 'Nina',
    lastName: 'Berg',
  });
  const page = await browser.newPage();
  const errors = watchErrors(page);

  const home = await page.goto(`${portal.url}/`);
  expect(home?.status()).toBe(200);
  await page.waitForURL('**/login');
  await expect.poll(() => page.getByRole('heading', { name: 'Authorization' }).isVisible()).toBe(true);
  expect(await page.getByText('1/2').isVisible()).toBe(true);

  await page.getByRole('textbox', { name: /e-mail/i }).fill('nina@journey.test');
  await page.getByRole('button', { name: 'Get the Code' }).click();
  await expect.poll(() => page.getByText('2/2').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'nina@journey.test' }).getAttribute('href')).toBe(
    'mailto:nina@journey.test',
  );

  const code = await portal.smtp.codeFor('nina@journey.test');
  await page.getByRole('textbox', { name: /code/i }).fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();

  await page.waitForURL(`${portal.url}/`);
  await expect.poll(() => page.getByText('Welcome, Nina').isVisible()).toBe(true);

  // Log Out lives in the profile settings panel, which the avatar in the header opens.
  await page.getByRole('button', { name: /^Nina Berg/ }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL('**/login');
  // The session is gone on the server: the home page sends the browser back to login.
  await page.goto(`${portal.url}/`);
  await page.waitForURL('**/login');
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  await page.close();
});
