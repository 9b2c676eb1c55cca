import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { seedDemoIfEmpty } from '../../../scripts/seed/index';
import { webDist } from '../../../scripts/web-build';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { systemClock } from '../../server/src/lib/clock';
import { createEventBus } from '../../server/src/lib/event-bus';
import { createMailer } from '../../server/src/lib/mail';
import { startSmtpCatcher } from '../../server/test/smtp-catcher';

/** The whole portal as `npm start` serves it, on a fresh embedded database, with its mail caught. */
export async function startPortal() {
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const smtp = await startSmtpCatcher();
  const config = loadConfig({ SMTP_URL: smtp.url, DEMO: '0', LOG_LEVEL: 'silent' });
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, log: pino({ level: 'silent' }) });
  // Live updates, as `npm start` wires them; the app closes the bus when it closes.
  const events = await createEventBus(database);
  const app = await buildApp({ db: database.db, mailer, clock: systemClock, config, webDist, events });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    db: database.db,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Collects the page's console errors and uncaught exceptions, which a journey must not produce. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;

/** Logs a page in through the real form, reading the code from the caught mail. */
export async function logIn(page: Page, portal: Portal, email: string) {
  const since = portal.smtp.mails.length;
  await page.goto(`${portal.url}/login`);
  await page.getByRole('textbox', { name: /e-mail/i }).fill(email);
  await page.getByRole('button', { name: 'Get the Code' }).click();
  await page.getByRole('textbox', { name: /code/i }).fill(await portal.smtp.codeFor(email, since));
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${portal.url}/`);
}

/** Screenshots a person looks at after a run; kept out of the repository. */
export const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/atrium-shots';

/**
 * For one test file: a portal seeded with the demo company and a browser, started before its tests and
 * closed after them. Read `demo.portal` and `demo.browser` inside the tests.
 */
export function setUpDemoPortal() {
  const demo = {} as { portal: Portal; browser: Browser };
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [demo.portal, demo.browser] = await Promise.all([startPortal(), launchBrowser()]);
    await seedDemoIfEmpty(demo.portal.db, { info: () => {} });
  });
  afterAll(async () => {
    await demo.browser?.close();
    await demo.portal?.close();
  });
  return demo;
}
