import type { AddressInfo } from 'node:net';
import type { Logger } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fixedClock } from '../src/lib/clock';
import { createEventBus } from '../src/lib/event-bus';
import { createMailer } from '../src/lib/mail';
import { openTestDatabase } from './database';
import { HttpClient } from './http-client';
import { logIn } from './log-in';
import { startSmtpCatcher } from './smtp-catcher';

/**
 * The whole API on a fresh database, listening on a free port, with a real SMTP server catching its
 * mail and a clock the test controls. One per test file.
 */
export async function createTestApp(
  options: {
    now?: string;
    env?: Record<string, string>;
    /** Sees every SQL statement the app sends (Drizzle's logger). */
    logger?: Logger;
  } = {},
) {
  const database = await openTestDatabase(undefined, { logger: options.logger });
  const smtp = await startSmtpCatcher();
  const clock = fixedClock(options.now ?? '2026-11-20T09:00:00Z');
  const config = loadConfig({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent', DEMO: '0', ...options.env });
  const log = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, log });
  const events = await createEventBus(database);
  const app = await buildApp({
    db: database.db,
    mailer,
    clock,
    config,
    events,
    checkResponses: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    app,
    db: database.db,
    engine: database.engine,
    pglite: database.pglite,
    events,
    smtp,
    clock,
    baseUrl,
    /** A new browser-like client with its own cookies. */
    client: (ip?: string) => new HttpClient(baseUrl, ip),
    /** Requests a code for the address, reads it from the caught mail, and logs the client in. */
    login: (email: string, client = new HttpClient(baseUrl)) => logIn(client, smtp, email),
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
