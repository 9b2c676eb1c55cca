import { GROUP_HR } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, levelTypes, loginCodes, users } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let t: TestApp;
let companyId: number;
let ipSerial = 0;
/** Each test speaks from its own address so that the per-IP throttle of one does not touch another. */
const freshClient = () => t.client(`10.0.0.${++ipSerial}`);

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db, 'Acme')).id;
});
afterAll(() => t?.close());

async function newUser(extra: Partial<Parameters<typeof createUser>[1]> = {}) {
  return createUser(t.db, { companyId, ...extra });
}

async function requestCode(email: string, client = freshClient()) {
  await client.csrf();
  const since = t.smtp.mails.length;
  const response = await client.post('/api/auth/request-code/', { email });
  return { client, response, since };
}

describe('login with a mailed code', () => {
  it('mails a 6-digit code to an active user, accepts it once and opens a session', async () => {
    const user = await newUser({ email: 'ann@example.test', firstName: 'Ann' });
    const { client, response, since } = await requestCode('Ann@Example.test ');
    expect(response.status).toBe(200);
    const mail = await t.smtp.waitFor('ann@example.test', since);
    expect(mail.subject).toMatch(/Atrium login code: \d{6}$/);
    expect(mail.body).toContain('Atrium portal');
    expect(mail.body).toContain('valid for 10 minutes');
    const otp = await t.smtp.codeFor('ann@example.test', since);

    const checked = await client.post('/api/auth/check-code/', { email: 'ann@example.test', otp });
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ id: user.id });
    const cookie = checked.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    // At least 128 random bits: 32 bytes in base64url.
    expect(client.cookies.get('sessionid')?.length).toBeGreaterThanOrEqual(43);

    const session = await client.get('/api/auth/session/');
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: user.id, first_name: 'Ann', email: 'ann@example.test' });
  });

  it('stores codes hashed, never in clear', async () => {
    const user = await newUser();
    const { since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    const rows = await t.db.select().from(loginCodes).where(eq(loginCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(otp);
  });

  it('refuses a wrong code with 400 and an error message', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    const wrong = otp === '000000' ? '000001' : '000000';
    const response = await client.post('/api/auth/check-code/', { email: user.email, otp: wrong });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/invalid or expired code/i);
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('refuses a code after its 10 minutes', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    t.clock.advance(10 * MINUTE);
    const response = await client.post('/api/auth/check-code/', { email: user.email, otp });
    expect(response.status).toBe(400);
  });

  it('accepts a code just before it expires', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    t.clock.advance(10 * MINUTE - 1000);
    expect((await client.post('/api/auth/check-code/', { email: user.email, otp })).status).toBe(200);
  });

  it('refuses a code that was already used', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    expect((await client.post('/api/auth/check-code/', { email: user.email, otp })).status).toBe(200);
    const other = freshClient();
    await other.csrf();
    expect((await other.post('/api/auth/check-code/', { email: user.email, otp })).status).toBe(400);
  });

  it('voids the previous code when a new one is requested', async () => {
    const user = await newUser();
    const first = await requestCode(user.email);
    const oldCode = await t.smtp.codeFor(user.email, first.since);
    const second = await requestCode(user.email, first.client);
    const newCode = await t.smtp.codeFor(user.email, second.since);
    if (oldCode !== newCode) {
      const response = await first.client.post('/api/auth/check-code/', { email: user.email, otp: oldCode });
      expect(response.status).toBe(400);
    }
    expect(
      (await first.client.post('/api/auth/check-code/', { email: user.email, otp: newCode })).status,
    ).toBe(200);
  });

  it('voids a code after 5 wrong attempts, even for the right code afterwards', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    const wrong = otp === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/check-code/', { email: user.email, otp: wrong })).status).toBe(
        400,
      );
    }
    expect((await client.post('/api/auth/check-code/', { email: user.email, otp })).status).toBe(400);
  });

  it('still accepts the right code after 4 wrong attempts', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    const wrong = otp === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) await client.post('/api/auth/check-code/', { email: user.email, otp: wrong });
    expect((await client.post('/api/auth/check-code/', { email: user.email, otp })).status).toBe(200);
  });

  it('lets only one of many parallel requests spend a code', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/api/auth/check-code/', { email: user.email, otp })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });
});

describe('what the code request tells a stranger', () => {
  it('answers unknown, inactive and known addresses identically and mails only the known one', async () => {
    const active = await newUser();
    const inactive = await newUser({ isActive: false });
    const before = t.smtp.mails.length;
    const answers = [];
    for (const email of [active.email, inactive.email, 'nobody@example.test']) {
      const { response } = await requestCode(email);
      answers.push({ status: response.status, body: response.body });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await t.smtp.waitFor(active.email, before);
    // Give a stray mail time to arrive before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const recipients = t.smtp.mails.slice(before).flatMap((m) => m.to);
    expect(recipients).toEqual([active.email]);
  });

  it('refuses a code check for an unknown address like a wrong code', async () => {
    const client = freshClient();
    await client.csrf();
    const response = await client.post('/api/auth/check-code/', {
      email: 'ghost@example.test',
      otp: '123456',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/invalid or expired code/i);
  });

  it('never lets an inactive user log in', async () => {
    const user = await newUser();
    const { client, since } = await requestCode(user.email);
    const otp = await t.smtp.codeFor(user.email, since);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await client.post('/api/auth/check-code/', { email: user.email, otp })).status).toBe(400);
  });
});

describe('throttling code requests', () => {
  it('allows 5 codes per address in 15 minutes, then answers 429 with the seconds to wait', async () => {
    const user = await newUser();
    const client = freshClient();
    await client.csrf();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/request-code/', { email: user.email })).status).toBe(200);
      t.clock.advance(MINUTE);
    }
    const refused = await client.post('/api/auth/request-code/', { email: user.email });
    expect(refused.status).toBe(429);
    // The first code was asked 5 minutes ago: its slot frees up in 10 minutes.
    expect(refused.body.retry_after).toBe(600);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(refused.body.error).toMatch(/600 seconds/);
    t.clock.advance(10 * MINUTE);
    expect((await client.post('/api/auth/request-code/', { email: user.email })).status).toBe(200);
  });

  it('throttles unknown addresses the same way, so the limit reveals nothing', async () => {
    const client = freshClient();
    await client.csrf();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await client.post('/api/auth/request-code/', { email: 'unknown@example.test' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('allows 100 requests per client address in 15 minutes, then 429', async () => {
    const client = freshClient();
    await client.csrf();
    for (let i = 0; i < 100; i++) {
      const response = await client.post('/api/auth/request-code/', { email: `office${i}@example.test` });
      expect(response.status).toBe(200);
    }
    const refused = await client.post('/api/auth/request-code/', { email: 'office100@example.test' });
    expect(refused.status).toBe(429);
    const elsewhere = freshClient();
    await elsewhere.csrf();
    expect(
      (await elsewhere.post('/api/auth/request-code/', { email: 'office100@example.test' })).status,
    ).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a login request without the X-CSRFToken header', async () => {
    const user = await newUser();
    const client = freshClient();
    await client.csrf();
    const response = await client.post(
      '/api/auth/request-code/',
      { email: user.email },
      { 'x-csrftoken': '' },
    );
    expect(response.status).toBe(403);
    expect(response.body.error).toMatch(/CSRF/);
  });

  it('refuses a header that does not match the cookie, and a request with no cookie at all', async () => {
    const client = freshClient();
    await client.csrf();
    const mismatch = await client.post(
      '/api/auth/request-code/',
      { email: 'a@example.test' },
      { 'x-csrftoken': 'forged' },
    );
    expect(mismatch.status).toBe(403);
    const bare = await fetch(`${t.baseUrl}/api/auth/request-code/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': 'forged' },
      body: JSON.stringify({ email: 'a@example.test' }),
    });
    expect(bare.status).toBe(403);
  });

  it('refuses a signed-in unsafe request without the token', async () => {
    const user = await newUser();
    const client = await t.login(user.email, freshClient());
    const response = await client.post('/api/auth/logout/', undefined, { 'x-csrftoken': '' });
    expect(response.status).toBe(403);
    expect((await client.get('/api/auth/session/')).status).toBe(200);
  });

  it('gives a new token on login', async () => {
    const user = await newUser();
    const client = freshClient();
    const before = await client.csrf();
    await t.login(user.email, client);
    expect(client.cookies.get('csrftoken')).toBeTruthy();
    expect(client.cookies.get('csrftoken')).not.toBe(before);
  });
});

describe('sessions', () => {
  it('answers 401 on every /api path without a session', async () => {
    const client = freshClient();
    for (const path of ['/api/auth/session/', '/api/roles/permissions/', '/api/no-such-thing/']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(401);
      expect(response.body.error).toBeTruthy();
    }
  });

  it('answers 404 for an unknown /api path with a session', async () => {
    const user = await newUser();
    const client = await t.login(user.email, freshClient());
    expect((await client.get('/api/no-such-thing/')).status).toBe(404);
  });

  it('ends the session on logout', async () => {
    const user = await newUser();
    const client = await t.login(user.email, freshClient());
    const token = client.cookies.get('sessionid');
    const response = await client.post('/api/auth/logout/');
    expect(response.status).toBe(200);
    expect(client.cookies.has('sessionid')).toBe(false);
    expect((await client.get('/api/auth/session/')).status).toBe(401);
    // The old token is dead on the server too, not just forgotten by the browser.
    client.cookies.set('sessionid', token ?? '');
    expect((await client.get('/api/auth/session/')).status).toBe(401);
  });

  it('ends a session after 14 days without use', async () => {
    const user = await newUser();
    const client = await t.login(user.email, freshClient());
    t.clock.advance(14 * DAY - MINUTE);
    expect((await client.get('/api/auth/session/')).status).toBe(200);
    t.clock.advance(14 * DAY - MINUTE);
    expect((await client.get('/api/auth/session/')).status).toBe(200);
    t.clock.advance(14 * DAY);
    expect((await client.get('/api/auth/session/')).status).toBe(401);
  });

  it('ends a session 30 days after login however often it is used', async () => {
    const user = await newUser();
    const client = await t.login(user.email, freshClient());
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY);
      expect((await client.get('/api/auth/session/')).status).toBe(200);
    }
    t.clock.advance(DAY);
    expect((await client.get('/api/auth/session/')).status).toBe(401);
  });

  it("ends a deactivated user's sessions", async () => {
    const user = await newUser();
    const client = await t.login(user.email, freshClient());
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await client.get('/api/auth/session/')).status).toBe(401);
  });
});

describe('the session user', () => {
  it('has groups, rights, companies, job position and the department chain of the active company', async () => {
    const second = await createCompany(t.db, 'Acme Labs');
    const [level] = await t.db
      .insert(levelTypes)
      .values({ companyId, name: 'Division', depth: 1 })
      .returning();
    const [division] = await t.db
      .insert(departments)
      .values({ companyId, levelTypeId: level!.id, name: 'Engineering' })
      .returning();
    const [department] = await t.db
      .insert(departments)
      .values({ companyId, levelTypeId: level!.id, name: 'Platform', parentId: division!.id })
      .returning();
    const user = await newUser({ groups: [GROUP_HR], rights: ['create_posts'], alsoIn: [second.id] });
    await t.db
      .update(users)
      .set({ departmentId: department!.id, divisionId: division!.id })
      .where(eq(users.id, user.id));
    const client = await t.login(user.email, freshClient());
    const { body } = await client.get('/api/auth/session/');
    expect(body.company).toMatchObject({ id: companyId, name: 'Acme' });
    expect(body.user).toMatchObject({
      groups: [{ id: GROUP_HR, name: 'HR' }],
      rights: ['create_posts'],
      job_position: null,
      job_position_name: 'N/A',
      department: department!.id,
      division: division!.id,
      company_departments: [
        { id: division!.id, name: 'Engineering' },
        { id: department!.id, name: 'Platform' },
      ],
      status: 2,
    });
    expect(body.user.companies.map((c: { name: string }) => c.name)).toEqual(['Acme', 'Acme Labs']);
  });

  it('lists partial_update_user for HR and nothing for an ordinary user', async () => {
    const hr = await t.login((await newUser({ groups: [GROUP_HR] })).email, freshClient());
    const plain = await t.login((await newUser()).email, freshClient());
    expect((await hr.get('/api/roles/permissions/')).body.results).toEqual([
      { codename: 'partial_update_user', name: 'Can edit any profile' },
    ]);
    expect((await plain.get('/api/roles/permissions/')).body.results).toEqual([]);
  });
});

describe('bad input', () => {
  it('names the field of an invalid e-mail with 422', async () => {
    const client = freshClient();
    await client.csrf();
    const response = await client.post('/api/auth/request-code/', { email: 'not-an-address' });
    expect(response.status).toBe(422);
    expect(response.body.missing_fields.email[0]).toMatch(/valid e-mail/);
  });

  it('names missing fields, unknown fields and a malformed code', async () => {
    const client = freshClient();
    await client.csrf();
    const missing = await client.post('/api/auth/check-code/', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.missing_fields).sort()).toEqual(['email', 'otp']);
    const unknown = await client.post('/api/auth/request-code/', { email: 'a@example.test', admin: true });
    expect(unknown.status).toBe(422);
    expect(unknown.body.missing_fields.admin).toEqual(['Unknown field']);
    const malformed = await client.post('/api/auth/check-code/', { email: 'a@example.test', otp: '12ab56' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.missing_fields.otp).toEqual(['The code is 6 digits']);
  });

  it('answers 400 to a body that is not JSON, without a stack trace', async () => {
    const client = freshClient();
    await client.csrf();
    const response = await client.post('/api/auth/request-code/', '{"email":', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
    const wrongType = await client.post('/api/auth/request-code/', { email: 42 });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.missing_fields.email).toBeTruthy();
  });
});
