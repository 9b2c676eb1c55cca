import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompany, createUser } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'https://portal.example.com' } });
});
afterAll(() => t?.close());

it('marks the session and CSRF cookies Secure when the portal is served over https', async () => {
  const company = await createCompany(t.db);
  const user = await createUser(t.db, { companyId: company.id });
  const client = t.client();
  const csrf = await client.get('/api/auth/csrf/');
  expect(csrf.headers.getSetCookie().find((c) => c.startsWith('csrftoken='))).toMatch(/; Secure/i);
  const since = t.smtp.mails.length;
  await client.post('/api/auth/request-code/', { email: user.email });
  const otp = await t.smtp.codeFor(user.email, since);
  const checked = await client.post('/api/auth/check-code/', { email: user.email, otp });
  const session = checked.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
  expect(session).toMatch(/; Secure/i);
  expect(session).toMatch(/HttpOnly/i);
  expect((await t.smtp.waitFor(user.email, since)).body).toContain('https://portal.example.com/login');
});
