import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users } from '../src/db/schema/index';
import { CODES_PER_EMAIL, FAILED_CHECKS_PER_EMAIL } from '../src/modules/auth/service';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session-cache';
import { createPost } from '../src/modules/news/service';
import { testEngine } from './database';
import { openEventStream } from './event-stream';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { logIn } from './log-in';
import {
  type RunningServer,
  removeTempDirs,
  type ServerDatabase,
  serverDatabase,
  startServer,
} from './server-processes';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-catcher';

/**
 * Two API processes on one PostgreSQL database, as behind a load balancer: whatever one of them knows
 * (sessions, live events, rate-limit counts) the other knows too, because it lives in the database (a
 * session each caches for a few seconds is dropped when the database tells of a change).
 * Acme: Ann and Bob comment on Hana's post. PGlite is one process by nature: nothing to prove there.
 */
let smtp: SmtpCatcher;
let database: ServerDatabase;
let a: RunningServer;
let b: RunningServer;
let chatId = 0;
let postId = 0;
let acmeId = 0;
let betaId = 0;
/** Every stream opened, closed at the end whatever the tests did. */
const streams: { close(): void }[] = [];
let ipSerial = 0;

describe.skipIf(testEngine() !== 'postgres')('two API processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    database = await serverDatabase('postgres');
    await database.use(async ({ db }) => {
      const acme = (await createCompany(db, 'Acme')).id;
      acmeId = acme;
      betaId = (await createCompany(db, 'Beta')).id;
      const hana = await createUser(db, { companyId: acme, email: 'hana@acme.test' });
      for (const name of ['ann', 'bob', 'cleo', 'dan', 'erin', 'gwen']) {
        await createUser(db, { companyId: acme, email: `${name}@acme.test` });
      }
      await createUser(db, { companyId: acme, email: 'finn@acme.test', alsoIn: [betaId] });
      postId = await createPost(db, {
        authorId: hana.id,
        companyId: acme,
        title: 'Welcome',
        body: '',
        now: new Date(),
      });
      chatId =
        (await db.select({ chat: posts.chatId }).from(posts).where(eq(posts.id, postId)))[0]?.chat ?? 0;
    });
    // Started together: both migrate at once, which the migration lock serialises.
    [a, b] = await Promise.all([
      startServer({ ...database.env, SMTP_URL: smtp.url }),
      startServer({ ...database.env, SMTP_URL: smtp.url }),
    ]);
  }, 60_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
    await database?.drop();
    await smtp?.close();
    removeTempDirs();
  });

  /** A client of `server` holding the cookies (session, CSRF token) another process gave `from`. */
  function sameBrowserOn(server: RunningServer, from: HttpClient) {
    const client = server.client();
    for (const [name, value] of from.cookies) client.cookies.set(name, value);
    return client;
  }

  it('honours on one process the session opened on the other, and ends it on both at logout', async () => {
    const onA = await logIn(a.client(), smtp, 'ann@acme.test');
    const onB = sameBrowserOn(b, onA);
    const session = await onB.get('/api/auth/session/');
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email: 'ann@acme.test' });
    // A write on B with the session and CSRF token from A.
    const sent = await onB.post(`/api/chats/${chatId}/chat_send_message/`, { message: 'via B' });
    expect(sent.status).toBe(201);

    expect((await onB.post('/api/auth/logout/')).status).toBeLessThan(300);
    expect((await onA.get('/api/auth/session/')).status).toBe(401);
  });

  /**
   * Waits for a process to answer as expected once another changed the session. A process holding the
   * session in its cache hears of the change through the bus, a notice that races the test's next
   * request: it lands within milliseconds, but may lose. Seen within the cache's TTL of `cachedFrom`
   * (just before the request that cached it), only the notice can have dropped the copy.
   */
  async function soon(read: () => Promise<unknown>, expected: unknown, cachedFrom: number) {
    await expect.poll(read, { timeout: 1_000, interval: 5 }).toEqual(expected);
    expect(Date.now() - cachedFrom).toBeLessThan(SESSION_CACHE_TTL_MS);
  }
  const sessionStatus = (client: HttpClient) => async () => (await client.get('/api/auth/session/')).status;

  it("drops A's cached session when it is logged out on B", async () => {
    const onA = await logIn(a.client(), smtp, 'gwen@acme.test');
    const cachedFrom = Date.now();
    expect(await sessionStatus(onA)()).toBe(200);
    expect((await sameBrowserOn(b, onA).post('/api/auth/logout/')).status).toBe(200);
    await soon(sessionStatus(onA), 401, cachedFrom);
  });

  it("ends a deactivated user's sessions on both processes, though both hold it in their caches", async () => {
    const onA = await logIn(a.client(), smtp, 'erin@acme.test');
    const onB = sameBrowserOn(b, onA);
    const cachedFrom = Date.now();
    expect(await sessionStatus(onA)()).toBe(200);
    expect(await sessionStatus(onB)()).toBe(200);
    // Deactivated outside the app, as an administrator would: the database tells both processes.
    await database.use(({ db }) =>
      db.update(users).set({ isActive: false }).where(eq(users.email, 'erin@acme.test')),
    );
    await soon(sessionStatus(onA), 401, cachedFrom);
    await soon(sessionStatus(onB), 401, cachedFrom);
  });

  it('shows on A the company the session switched to on B', async () => {
    const onA = await logIn(a.client(), smtp, 'finn@acme.test');
    const company = async () => (await onA.get('/api/auth/session/')).body.company.id;
    const cachedFrom = Date.now();
    expect(await company()).toBe(acmeId);
    expect((await sameBrowserOn(b, onA).post('/api/auth/switch-company/', { company: betaId })).status).toBe(
      200,
    );
    await soon(company, betaId, cachedFrom);
  });

  it('carries a comment posted through either process to streams open on the other', async () => {
    const ann = await logIn(a.client(), smtp, 'ann@acme.test');
    const bob = await logIn(b.client(), smtp, 'bob@acme.test');
    const annOnB = await openStream(b, ann);
    const bobOnA = await openStream(a, bob);
    await annOnB.waitFor((event) => event.type === 'hello');
    await bobOnA.waitFor((event) => event.type === 'hello');

    const fromBob = await sameBrowserOn(a, bob).post(`/api/chats/${chatId}/chat_send_message/`, {
      message: 'Bob through A',
    });
    expect(fromBob.status).toBe(201);
    expect(await annOnB.waitFor((event) => event.messageId === fromBob.body.id)).toEqual({
      type: 'chat.message',
      chatId,
      messageId: fromBob.body.id,
    });

    const fromAnn = await sameBrowserOn(b, ann).post(`/api/chats/${chatId}/chat_send_message/`, {
      message: 'Ann through B',
    });
    expect(fromAnn.status).toBe(201);
    expect(await bobOnA.waitFor((event) => event.messageId === fromAnn.body.id)).toMatchObject({
      type: 'chat.message',
      chatId,
    });
    // Each process tells its own streams too.
    await bobOnA.waitFor((event) => event.messageId === fromBob.body.id);
    await annOnB.waitFor((event) => event.messageId === fromAnn.body.id);
    annOnB.close();
    bobOnA.close();
  });

  it("shows on A a comment posted through B, though A keeps the chat's page (decision 0038)", async () => {
    const ann = await logIn(a.client(), smtp, 'ann@acme.test');
    const bob = await logIn(b.client(), smtp, 'bob@acme.test');
    const page = async () => {
      const response = await ann.get(`/api/chats/${chatId}/?limit=20`);
      expect(response.status).toBe(200);
      return (response.body.messages as { message: string }[]).map((m) => m.message);
    };
    await page();
    const sent = await bob.post(`/api/chats/${chatId}/chat_send_message/`, { message: 'Kept on A?' });
    expect(sent.status).toBe(201);
    // A hears B's write within the notice's delivery: no later than a moment after B has answered.
    await expect.poll(page, { timeout: 2000, interval: 20 }).toContain('Kept on A?');
  });

  it("shows on A a like given through B, though A keeps the feed's page (decision 0038)", async () => {
    const ann = await logIn(a.client(), smtp, 'ann@acme.test');
    const bob = await logIn(b.client(), smtp, 'bob@acme.test');
    const likes = async () => {
      const response = await ann.get(`/api/posts/?company=${acmeId}&page=1`);
      expect(response.status).toBe(200);
      return (response.body.results as { id: number; likes_count: number }[]).find((row) => row.id === postId)
        ?.likes_count;
    };
    const before = await likes();
    expect((await bob.post(`/api/posts/${postId}/like/`, {})).status).toBe(200);
    await expect.poll(likes, { timeout: 2000, interval: 20 }).toBe((before ?? 0) + 1);
  });

  it('counts login-code requests of an address on both: the limit reached on A is refused on B', async () => {
    const ip = `10.9.0.${++ipSerial}`;
    const onA = a.client();
    await onA.csrf();
    for (let n = 0; n < CODES_PER_EMAIL; n++) {
      const response = await onA.post(
        '/api/auth/request-code/',
        { email: 'cleo@acme.test' },
        { 'x-forwarded-for': ip },
      );
      expect(response.status).toBe(200);
    }
    const onB = b.client();
    await onB.csrf();
    const refused = await onB.post(
      '/api/auth/request-code/',
      { email: 'cleo@acme.test' },
      { 'x-forwarded-for': `10.9.1.${ipSerial}` },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts failed code checks on both: the failures on A lock the address out on B', async () => {
    const since = smtp.mails.length;
    const onA = a.client();
    await onA.csrf();
    expect((await onA.post('/api/auth/request-code/', { email: 'dan@acme.test' })).status).toBe(200);
    const otp = await smtp.codeFor('dan@acme.test', since);
    const wrong = otp === '000000' ? '000001' : '000000';
    for (let n = 0; n < FAILED_CHECKS_PER_EMAIL; n++) {
      const response = await onA.post('/api/auth/check-code/', { email: 'dan@acme.test', otp: wrong });
      expect(response.status).toBe(400);
    }
    const onB = b.client();
    await onB.csrf();
    // Even the right code: the address is locked out on every process.
    const refused = await onB.post('/api/auth/check-code/', { email: 'dan@acme.test', otp });
    expect(refused.status).toBe(429);
    expect(onB.cookies.has('sessionid')).toBe(false);
  });
});

async function openStream(server: RunningServer, client: HttpClient) {
  const stream = await openEventStream(server.baseUrl, client);
  expect(stream.response.status).toBe(200);
  streams.push(stream);
  return stream;
}
