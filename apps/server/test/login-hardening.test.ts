import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { loginCodes, sessions } from '../src/db/schema/index';
import { fixedClock } from '../src/lib/clock';
import { type Mail, type Mailer, useOnceHold } from '../src/lib/mail';
import {
  CODES_PER_EMAIL,
  FAILED_CHECKS_PER_EMAIL,
  FAILED_CHECKS_PER_EMAIL_PER_DAY,
  FAILED_CHECKS_PER_IP,
  MAIL_BACKED_UP,
} from '../src/modules/auth/service';
import { openTestDatabase } from './database';
import { createCompany, createUser } from './fixtures';
import { HttpClient } from './http-client';

const MINUTE = 60_000;
const clock = fixedClock('2026-11-20T09:00:00Z');
/** Every line the server logs, as JSON. */
const logLines: string[] = [];
const mails: Mail[] = [];
/** When set, the mailer fails the way a transport that quotes the whole message in its error would. */
let mailFails = false;
/** When set, the mailer finds no room for a mail in the time it is given. */
let mailBackedUp = false;
/** Rooms for a mail held and neither sent through nor released: each one leaked would starve the mailer. */
let roomsHeld = 0;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let baseUrl: string;
let companyId: number;
let ipSerial = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  // No pid, host or time in the lines, so that no number there can pass for a code.
  const logger = pino(
    { level: 'debug', base: null, timestamp: false },
    { write: (line: string) => void logLines.push(line) },
  );
  const mailer: Mailer = {
    async send(mail) {
      if (mailFails) throw new Error(`550 message refused: ${mail.subject}\n${mail.text}`);
      mails.push(mail);
    },
    async hold() {
      if (mailBackedUp) return null;
      roomsHeld++;
      return useOnceHold(
        (mail) => {
          roomsHeld--;
          return mailer.send(mail);
        },
        () => roomsHeld--,
      );
    },
  };
  const config = loadConfig({ DEMO: '0', SMTP_URL: 'smtp://127.0.0.1:9' });
  app = await buildApp({ db: database.db, mailer, clock, config, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  companyId = (await createCompany(database.db)).id;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  // Each test starts a day later, so that no throttle window of one reaches into the next.
  clock.advance(2 * 24 * 60 * MINUTE);
  mailFails = false;
  mailBackedUp = false;
});

/** A browser at its own client address, with its CSRF token. */
async function browser(ip = `10.1.0.${++ipSerial}`) {
  const client = new HttpClient(baseUrl, ip);
  await client.csrf();
  return client;
}

const newUser = () => createUser(database.db, { companyId });

async function mailedCode(email: string, client?: HttpClient): Promise<string> {
  const since = mails.length;
  const response = await (client ?? (await browser())).post('/api/auth/request-code/', { email });
  expect(response.status).toBe(200);
  for (let i = 0; i < 100; i++) {
    const mail = mails.slice(since).find((m) => m.to === email);
    const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** A 6-digit code that is not the one mailed. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const check = (client: HttpClient, email: string, otp: string) =>
  client.post('/api/auth/check-code/', { email, otp });

async function sessionsOf(userId: number) {
  const [row] = await database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

describe('one code, one session', () => {
  it('opens exactly one session when one code is submitted many times at once from many browsers', async () => {
    const user = await newUser();
    const code = await mailedCode(user.email);
    const browsers = await Promise.all(Array.from({ length: 10 }, () => browser()));
    const answers = await Promise.all(browsers.map((b) => check(b, user.email, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    expect(await sessionsOf(user.id)).toBe(1);
    const winner = browsers[answers.findIndex((a) => a.status === 200)] as HttpClient;
    expect((await winner.get('/api/auth/session/')).body.user.id).toBe(user.id);
    for (const loser of browsers.filter((b) => b !== winner)) {
      expect(loser.cookies.has('sessionid')).toBe(false);
    }
  });
});

describe('a new session token at every login', () => {
  it('never adopts a session cookie the browser brought (fixation)', async () => {
    const user = await newUser();
    const client = await browser();
    const planted = 'a'.repeat(43);
    client.cookies.set('sessionid', planted);
    const code = await mailedCode(user.email, client);
    expect((await check(client, user.email, code)).status).toBe(200);
    const token = client.cookies.get('sessionid');
    expect(token).toBeDefined();
    expect(token).not.toBe(planted);
    client.cookies.set('sessionid', planted);
    expect((await client.get('/api/auth/session/')).status).toBe(401);
  });

  it('replaces the session of a browser that logs in again, and ends the old one on the server', async () => {
    const first = await newUser();
    const second = await newUser();
    const client = await browser();
    expect((await check(client, first.email, await mailedCode(first.email, client))).status).toBe(200);
    const before = client.cookies.get('sessionid') as string;

    // The same person again, then someone else in the same browser: a new token each time.
    expect((await check(client, first.email, await mailedCode(first.email, client))).status).toBe(200);
    const again = client.cookies.get('sessionid') as string;
    expect(again).not.toBe(before);
    expect(await sessionsOf(first.id)).toBe(1);

    expect((await check(client, second.email, await mailedCode(second.email, client))).status).toBe(200);
    const other = client.cookies.get('sessionid') as string;
    expect(other).not.toBe(again);
    expect((await client.get('/api/auth/session/')).body.user.id).toBe(second.id);
    expect(await sessionsOf(first.id)).toBe(0);

    for (const dead of [before, again]) {
      const replay = new HttpClient(baseUrl);
      replay.cookies.set('sessionid', dead);
      expect((await replay.get('/api/auth/session/')).status).toBe(401);
    }
  });
});

describe('what the log keeps of a failed login', () => {
  it('logs who failed, from where and why, but never a code or the mail', async () => {
    const user = await newUser();
    const from = `10.2.0.${++ipSerial}`;
    const client = await browser(from);
    const since = logLines.length;

    const code = await mailedCode(user.email, client);
    const guess = wrong(code);
    expect((await check(client, user.email, guess)).status).toBe(400);
    expect((await check(client, 'nobody@example.test', code)).status).toBe(400);
    clock.advance(11 * MINUTE);
    expect((await check(client, user.email, code)).status).toBe(400);

    // A mail the transport refuses, quoting it whole in its error.
    mailFails = true;
    const failedMail = await client.post('/api/auth/request-code/', { email: user.email });
    expect(failedMail.status).toBe(200);
    const mailedAt = Date.now();
    while (
      !logLines.slice(since).some((l) => l.includes('login_code_not_sent')) &&
      Date.now() - mailedAt < 2000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const lines = logLines.slice(since);
    const entries = lines.map((line) => JSON.parse(line));
    const failures = entries.filter((e) => e.event === 'login_failed');
    expect(failures.map((e) => e.reason)).toEqual(['wrong-code', 'unknown-account', 'no-live-code']);
    for (const failure of failures) {
      expect(failure.ip).toBe(from);
      expect(failure.level).toBe(40);
    }
    expect(failures[0]).toMatchObject({ email: user.email, user_id: user.id });
    const unsent = entries.find((e) => e.event === 'login_code_not_sent');
    expect(unsent).toMatchObject({ to: user.email, level: 50 });
    expect(unsent.reason).toMatch(/^550 message refused/);

    const text = lines.join('\n');
    for (const secret of [code, guess]) expect(text).not.toMatch(new RegExp(`\\b${secret}\\b`));
    expect(text).not.toMatch(/login code:|Your code to log in|can be used once|Hello /);
  });

  it('logs a successful login by user id, without the code', async () => {
    const user = await newUser();
    const client = await browser();
    const code = await mailedCode(user.email, client);
    const since = logLines.length;
    expect((await check(client, user.email, code)).status).toBe(200);
    const lines = logLines.slice(since);
    expect(lines.map((line) => JSON.parse(line)).find((e) => e.event === 'login')).toMatchObject({
      user_id: user.id,
    });
    expect(lines.join('\n')).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});

describe('rate limits of sending codes', () => {
  it(`sends at most ${CODES_PER_EMAIL} codes to one address in 15 minutes, however many client addresses ask, even at once`, async () => {
    const user = await newUser();
    const browsers = await Promise.all(Array.from({ length: 12 }, () => browser()));
    const answers = await Promise.all(
      browsers.map((b) => b.post('/api/auth/request-code/', { email: user.email })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(CODES_PER_EMAIL);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - CODES_PER_EMAIL);
    const [codes] = await database.db
      .select({ n: count() })
      .from(loginCodes)
      .where(eq(loginCodes.userId, user.id));
    expect(codes?.n).toBe(CODES_PER_EMAIL);
  });

  it('answers every address alike, 503 to retry in a minute, when no room for its mail comes in time, and counts none of it', async () => {
    const user = await newUser();
    const client = await browser();
    const since = logLines.length;
    mailBackedUp = true;
    const answers = [];
    for (const email of [user.email, 'nobody@example.test'])
      for (let i = 0; i <= CODES_PER_EMAIL; i++)
        answers.push(await client.post('/api/auth/request-code/', { email }));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('60');
      expect(answer.body).toEqual({ error: MAIL_BACKED_UP, retry_after: 60 });
    }
    const [codes] = await database.db
      .select({ n: count() })
      .from(loginCodes)
      .where(eq(loginCodes.userId, user.id));
    expect(codes?.n).toBe(0);
    const refusals = logLines.slice(since).map((line) => JSON.parse(line));
    expect(refusals.filter((e) => e.event === 'login_code_mail_backed_up')).toHaveLength(answers.length);

    // No throttle hit was recorded: once mail flows, the address gets its code at once.
    mailBackedUp = false;
    expect(await mailedCode(user.email, client)).toMatch(/^\d{6}$/);
  });

  it('keeps no room for a mail once answered: a code sent or not, an unknown address, a throttled request', async () => {
    const user = await newUser();
    const browsers = await Promise.all(Array.from({ length: 8 }, () => browser()));
    mailFails = true;
    const answers = await Promise.all(
      browsers.flatMap((b) => [
        b.post('/api/auth/request-code/', { email: user.email }),
        b.post('/api/auth/request-code/', { email: 'nobody@example.test' }),
      ]),
    );
    // Five codes for the address, the rest throttled; the unknown address is throttled past five too.
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2 * (8 - CODES_PER_EMAIL));
    expect(roomsHeld).toBe(0);
  });
});

describe('rate limits of checking codes', () => {
  it(`refuses checks for an address after ${FAILED_CHECKS_PER_EMAIL} failures in 15 minutes from any client addresses, the right code included`, async () => {
    const user = await newUser();
    const code = await mailedCode(user.email);
    // Many addresses, at once: the count holds under concurrency.
    const guesses = await Promise.all(
      Array.from({ length: FAILED_CHECKS_PER_EMAIL + 5 }, async (_, i) =>
        check(await browser(), user.email, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
      ),
    );
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(FAILED_CHECKS_PER_EMAIL);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(5);

    const fresh = await mailedCode(user.email);
    const refused = await check(await browser(), user.email, fresh);
    expect(refused.status).toBe(429);
    expect(refused.body.retry_after).toBe(15 * 60);
    expect(refused.headers.get('retry-after')).toBe('900');
    // Still refused until the first failure leaves the window, then a new code works.
    clock.advance(9 * MINUTE);
    expect((await check(await browser(), user.email, fresh)).status).toBe(429);
    clock.advance(6 * MINUTE);
    const code2 = await mailedCode(user.email);
    expect((await check(await browser(), user.email, code2)).status).toBe(200);
  });

  it(`refuses an address for the day after ${FAILED_CHECKS_PER_EMAIL_PER_DAY} failures, spread over the day`, async () => {
    const user = await newUser();
    let failures = 0;
    while (failures < FAILED_CHECKS_PER_EMAIL_PER_DAY) {
      const code = await mailedCode(user.email);
      for (let i = 0; i < 5 && failures < FAILED_CHECKS_PER_EMAIL_PER_DAY; i++, failures++) {
        expect((await check(await browser(), user.email, wrong(code))).status).toBe(400);
      }
      clock.advance(16 * MINUTE);
    }
    const code = await mailedCode(user.email);
    const refused = await check(await browser(), user.email, code);
    expect(refused.status).toBe(429);
    expect(refused.body.retry_after).toBeGreaterThan(15 * 60);
    clock.advance(24 * 60 * MINUTE);
    const later = await mailedCode(user.email);
    expect((await check(await browser(), user.email, later)).status).toBe(200);
  });

  it('forgets the failures of an address once its owner logs in', async () => {
    const user = await newUser();
    const code = await mailedCode(user.email);
    const client = await browser();
    for (let i = 0; i < FAILED_CHECKS_PER_EMAIL - 1; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      // The fifth miss voids the code; ask for a new one then.
      expect((await check(await browser(), user.email, guess)).status).toBe(400);
    }
    const latest = await mailedCode(user.email, client);
    expect((await check(client, user.email, latest)).status).toBe(200);
    for (let i = 0; i < FAILED_CHECKS_PER_EMAIL; i++) {
      expect((await check(await browser(), user.email, wrong(latest))).status).toBe(400);
    }
  });

  it(`refuses a client address after ${FAILED_CHECKS_PER_IP} failures in 15 minutes across accounts, not other addresses`, async () => {
    const attacker = await browser(`10.3.0.${++ipSerial}`);
    for (let i = 0; i < FAILED_CHECKS_PER_IP; i++) {
      expect((await check(attacker, `target${i}@example.test`, '000000')).status).toBe(400);
    }
    const user = await newUser();
    const code = await mailedCode(user.email);
    const refused = await check(attacker, user.email, code);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/try again in \d+ seconds/i);
    // The owner, elsewhere, is not affected, and the refused check did not spend the code.
    expect((await check(await browser(), user.email, code)).status).toBe(200);
  });
});
