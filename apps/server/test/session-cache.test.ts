import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index';
import type { SessionsChanged } from '../src/lib/event-bus';
import { type CachedSession, createSessionCache } from '../src/modules/auth/session-cache';
import { SESSION_ABSOLUTE_MS } from '../src/modules/auth/sessions';
import { testEngine } from './database';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { cutListener } from './listener';
import { createTestApp, type TestApp } from './test-app';

/**
 * The per-process session cache (issue 11): a repeated request costs no session statement, the session
 * limits still hold, and every write that ends or changes a session (whoever makes it) reaches the cache
 * through the event bus before the next request. Across two processes: multi-process.test.ts.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

describe('the cache itself', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  const entry = (userId: number): CachedSession => ({
    session: { userId, companyId: 1, tokenHash: `hash-${userId}` },
    createdAt: 0,
    lastSeenAt: 0,
  });

  it('serves an entry for the TTL only, and not when the clock goes back', () => {
    const cache = createSessionCache({ ttlMs: 5 * SECOND });
    cache.put('a', entry(1), at(0), cache.version());
    expect(cache.get('a', at(4999))?.session.userId).toBe(1);
    expect(cache.get('a', at(5000))).toBeUndefined();
    cache.put('b', entry(2), at(10 * SECOND), cache.version());
    expect(cache.get('b', at(9 * SECOND))).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    cache.put('a', entry(1), at(0), cache.version());
    cache.put('b', entry(2), at(0), cache.version());
    cache.get('a', at(1));
    cache.put('c', entry(3), at(2), cache.version());
    expect(cache.size).toBe(2);
    expect(cache.get('b', at(3))).toBeUndefined();
    expect(cache.get('a', at(3))).toBeDefined();
    expect(cache.get('c', at(3))).toBeDefined();
  });

  it('keeps nothing read before an invalidation, which may be the old row', () => {
    const cache = createSessionCache();
    const version = cache.version();
    cache.forgetUsers([99]);
    cache.put('a', entry(1), at(0), version);
    expect(cache.get('a', at(1))).toBeUndefined();
  });

  it("forgets one user's sessions, or everyone's", () => {
    const cache = createSessionCache();
    for (const [hash, user] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ] as const) {
      cache.put(hash, entry(user), at(0), cache.version());
    }
    cache.forgetUsers([1]);
    expect(['a', 'b', 'c'].map((hash) => cache.get(hash, at(1)) !== undefined)).toEqual([false, false, true]);
    cache.forgetUsers();
    expect(cache.size).toBe(0);
  });

  it('holds nothing with maxEntries 0 (a process without an event bus)', () => {
    const cache = createSessionCache({ maxEntries: 0 });
    cache.put('a', entry(1), at(0), cache.version());
    expect(cache.get('a', at(1))).toBeUndefined();
  });
});

let t: TestApp;
let companyId = 0;
let statements: string[] = [];
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ logger: { logQuery: (query) => statements.push(query) } });
  companyId = (await createCompany(t.db, 'Acme')).id;
});
afterAll(() => t?.close());

async function newUser(options: { alsoIn?: number[] } = {}) {
  return createUser(t.db, { companyId, email: `cached${++serial}@acme.test`, ...options });
}

/** The statements one request sends that read or write the sessions table, and its answer. */
async function sessionStatementsOf(client: HttpClient, path = '/api/auth/session/') {
  statements = [];
  const response = await client.get(path);
  const sent = statements.filter((statement) => /"sessions"/.test(statement));
  statements = [];
  return { status: response.status, body: response.body, sent };
}

/** Every 'sessions.changed' event from now on, and a way to wait for one naming a user. */
function sessionsChanged() {
  const heard: SessionsChanged[] = [];
  const other: unknown[] = [];
  const stop = t.events.subscribe({
    event: (event) => other.push(event),
    gap: () => {},
    sessionsChanged: (event) => heard.push(event),
  });
  return {
    heard,
    /** What reached the ordinary listeners meanwhile (the live events browsers get). */
    other,
    stop,
    /** Waits until an event names the user (or, for `undefined`, names no one: everyone). */
    async naming(userId: number | undefined) {
      const names = (event: SessionsChanged) =>
        userId === undefined ? event.userIds === undefined : event.userIds?.includes(userId);
      await expect.poll(() => heard.some(names)).toBe(true);
    },
  };
}

describe('a request with a cached session', () => {
  it('sends no session statement when repeated', async () => {
    const client = await t.login((await newUser()).email);
    const first = await sessionStatementsOf(client);
    expect(first.status).toBe(200);
    expect(first.sent).toHaveLength(1);
    const again = await sessionStatementsOf(client);
    expect(again.status).toBe(200);
    expect(again.sent).toEqual([]);
  });

  it('still touches last_seen_at once a minute, and remembers that it did', async () => {
    const user = await newUser();
    const client = await t.login(user.email);
    t.clock.advance(59 * SECOND);
    // Read from the database (a new process would do the same); 59 s is too early for a touch.
    expect((await sessionStatementsOf(client)).sent).toHaveLength(1);
    t.clock.advance(2 * SECOND);
    const touched = await sessionStatementsOf(client);
    expect(touched.sent).toHaveLength(1);
    expect(touched.sent[0]).toMatch(/^update "sessions" set "last_seen_at"/);
    t.clock.advance(SECOND);
    expect((await sessionStatementsOf(client)).sent).toEqual([]);
    const [row] = await t.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row?.lastSeenAt.getTime()).toBe(t.clock.now().getTime() - SECOND);
  });

  it('ends at the absolute limit even while the copy is fresh', async () => {
    const client = await t.login((await newUser()).email);
    // Used every 10 days (within the idle limit) until 2 s before the absolute one.
    for (const step of [10 * DAY, 10 * DAY, SESSION_ABSOLUTE_MS - 20 * DAY - 2 * SECOND]) {
      t.clock.advance(step);
      expect((await client.get('/api/auth/session/')).status).toBe(200);
    }
    t.clock.advance(3 * SECOND);
    expect((await client.get('/api/auth/session/')).status).toBe(401);
  });
});

describe('a write to a session or its user, by anyone, reaches the cache before the next request', () => {
  it('ends a deactivated user’s cached session', async () => {
    const user = await newUser();
    const client = await t.login(user.email);
    await client.get('/api/auth/session/');
    expect((await sessionStatementsOf(client)).sent).toEqual([]);
    const events = sessionsChanged();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    // PGlite delivers the notice before the update returns; PostgreSQL on the bus's own connection.
    await events.naming(user.id);
    events.stop();
    expect((await client.get('/api/auth/session/')).status).toBe(401);
  });

  it('shows a session moved to another company at once, by the switch or by SQL', async () => {
    const beta = (await createCompany(t.db, 'Beta')).id;
    const gamma = (await createCompany(t.db, 'Gamma')).id;
    const user = await newUser({ alsoIn: [beta, gamma] });
    const client = await t.login(user.email);
    expect((await client.get('/api/auth/session/')).body.company.id).toBe(companyId);
    expect((await client.post('/api/auth/switch-company/', { company: beta })).status).toBe(200);
    expect((await client.get('/api/auth/session/')).body.company.id).toBe(beta);

    const events = sessionsChanged();
    await t.db.update(sessions).set({ companyId: gamma }).where(eq(sessions.userId, user.id));
    await events.naming(user.id);
    events.stop();
    expect((await client.get('/api/auth/session/')).body.company.id).toBe(gamma);
  });

  it('ends the cached session a browser had when it logs in again', async () => {
    const user = await newUser();
    const client = await t.login(user.email);
    expect((await client.get('/api/auth/session/')).status).toBe(200);
    const before = t.client();
    before.cookies.set('sessionid', client.cookies.get('sessionid') ?? '');
    await t.login(user.email, client);
    expect((await before.get('/api/auth/session/')).status).toBe(401);
    expect((await client.get('/api/auth/session/')).status).toBe(200);
  });

  it('tells on deletes, cascades and changes, and not on the once-a-minute touch', async () => {
    const touchedUser = await newUser();
    const deletedUser = await newUser();
    const marker = await newUser();
    const touched = await t.login(touchedUser.email);
    await t.login(deletedUser.email);
    await touched.get('/api/auth/session/');
    const events = sessionsChanged();
    t.clock.advance(MINUTE);
    // A touch (last_seen_at forward) and an unrelated update of the user: no notice.
    await touched.get('/api/auth/session/');
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, touchedUser.id));
    // Notices arrive in commit order: once the marker's is here, any of the above would be too.
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, marker.id));
    await events.naming(marker.id);
    expect(events.heard).toEqual([{ type: 'sessions.changed', userIds: [marker.id] }]);

    // Deleting a user deletes its sessions (a cascade): a notice too.
    await t.db.delete(users).where(eq(users.id, deletedUser.id));
    await events.naming(deletedUser.id);
    // None of them reaches the listeners of live events (the browsers' streams).
    expect(events.other).toEqual([]);
    events.stop();
  });

  it('drops every copy when one statement ends more sessions than a notice can name', async () => {
    const client = await t.login((await newUser()).email);
    await client.get('/api/auth/session/');
    expect((await sessionStatementsOf(client)).sent).toEqual([]);
    const many = await t.db
      .insert(users)
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          email: `many${i}@acme.test`,
          firstName: 'Many',
          lastName: String(i),
          companyId,
        })),
      )
      .returning({ id: users.id });
    const now = t.clock.now();
    await t.db.insert(sessions).values(
      many.map(({ id }) => ({
        tokenHash: `many-${id}`,
        userId: id,
        companyId,
        createdAt: now,
        lastSeenAt: now,
      })),
    );
    const events = sessionsChanged();
    await t.db.delete(sessions).where(
      inArray(
        sessions.userId,
        many.map(({ id }) => id),
      ),
    );
    await events.naming(undefined);
    events.stop();
    expect((await sessionStatementsOf(client)).sent).toHaveLength(1);
  });

  it.runIf(testEngine() === 'postgres')(
    'drops every copy when the bus was disconnected, as notices may have been lost',
    async () => {
      const client = await t.login((await newUser()).email);
      await client.get('/api/auth/session/');
      expect((await sessionStatementsOf(client)).sent).toEqual([]);
      let gaps = 0;
      const stop = t.events.subscribe({ event: () => {}, gap: () => gaps++ });
      await cutListener(t.db);
      await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
      stop();
      expect((await sessionStatementsOf(client)).sent).toHaveLength(1);
    },
  );
});
