import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { type Mail, unboundedMailer } from '../src/lib/mail';
import { openTestDatabase } from './database';
import { createCompany, createUser } from './fixtures';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const webDist = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
const mails: Mail[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Atrium</title><script type="module" src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app");');
  database = await openTestDatabase();
  const config = loadConfig({ DEMO: '0' });
  const mailer = unboundedMailer(async (mail: Mail) => void mails.push(mail));
  app = await buildApp({
    db: database.db,
    mailer,
    clock: fixedClock('2026-11-20T09:00:00Z'),
    config,
    webDist,
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** `directive → sources` of a Content-Security-Policy header. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

type Headers = Record<string, string | string[] | number | undefined>;

/** The headers every answer carries, page or API. */
function expectBaseHeaders(headers: Headers, what: string) {
  const csp = parseCsp(headers['content-security-policy']);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  // Scripts: only the app's own files. No inline script, no eval, no handler attributes.
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  for (const [name, sources] of csp) {
    if (name === 'style-src') continue; // Mantine's run-time style tags: styles only.
    expect(sources, `${what}: ${name}`).not.toContain("'unsafe-inline'");
    expect(sources, `${what}: ${name}`).not.toContain("'unsafe-eval'");
    expect(sources, `${what}: ${name}`).not.toContain('*');
  }
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-frame-options'], what).toBe('DENY');
}

/**
 * The headers every API answer carries: JSON is no document, so its policy lets nothing load, frame it
 * or submit from it, and it carries none of the page's sources; only inline styles, for the browser's
 * viewer of a picture opened on its own.
 */
function expectApiHeaders(headers: Headers, what: string) {
  const none = ["'none'"];
  expect(Object.fromEntries(parseCsp(headers['content-security-policy'])), what).toEqual({
    'default-src': none,
    'style-src': ["'unsafe-inline'"],
    'object-src': none,
    'base-uri': none,
    'form-action': none,
    'frame-ancestors': none,
  });
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
}

async function login(email: string) {
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf/' });
  const csrftoken = csrf.json().csrftoken as string;
  const headers = { cookie: `csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken };
  await app.inject({ method: 'POST', url: '/api/auth/request-code/', headers, payload: { email } });
  await new Promise((resolve) => setTimeout(resolve, 10));
  const otp = /\d{6}/.exec(mails.findLast((m) => m.to === email)?.subject ?? '')?.[0];
  const checked = await app.inject({
    method: 'POST',
    url: '/api/auth/check-code/',
    headers,
    payload: { email, otp },
  });
  expect(checked.statusCode).toBe(200);
  const session = checked.cookies.find((c) => c.name === 'sessionid')?.value;
  const fresh = checked.cookies.find((c) => c.name === 'csrftoken')?.value ?? csrftoken;
  return { cookie: `sessionid=${session}; csrftoken=${fresh}`, 'x-csrftoken': fresh };
}

describe('security headers of the web app', () => {
  it('serves index.html and app routes under the strict policy, revalidated, never stored by a proxy as personal', async () => {
    for (const url of ['/', '/people', '/login?next=%2F']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectBaseHeaders(response.headers, url);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps hashed assets cacheable for good under the same policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expectBaseHeaders(response.headers, 'asset');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('ships an index.html without inline script, so that script-src needs no exception', () => {
    const pages = [path.join(webRoot, 'index.html'), path.join(webRoot, 'dist', 'index.html')].filter(
      (file) => existsSync(file),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [tag, attributes = '', body = ''] of scripts) {
        expect(attributes, `${file}: ${tag}`).toMatch(/\bsrc=/);
        expect(body.trim(), `${file}: ${tag}`).toBe('');
      }
      // No inline event handlers either (script-src-attr 'none').
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });
});

describe('security headers of the API', () => {
  it('marks public API answers no-store and lets nothing load from them', async () => {
    for (const url of ['/api/auth/csrf/', '/api/health/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectApiHeaders(response.headers, url);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks personal data and error answers no-store', async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, { companyId: company.id });
    const headers = await login(user.email);
    for (const url of ['/api/auth/session/', `/api/users/${user.id}/`, '/api/no-such-thing/']) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBeLessThan(500);
      expectApiHeaders(response.headers, url);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/session/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('gives the OpenAPI viewer, a page under /api/docs, the policy of pages', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expectBaseHeaders(response.headers, '/api/docs/');
  });

  it('lets a route that chose its own caching keep it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toBe('no-store');
  });

  it('sends Clear-Site-Data on logout, with a session or without', async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db, { companyId: company.id });
    const headers = await login(user.email);
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['clear-site-data']).toBe('"cache", "cookies", "storage"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/api/auth/session/', headers })).statusCode).toBe(401);

    const csrf = (await app.inject({ method: 'GET', url: '/api/auth/csrf/' })).json().csrftoken as string;
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['clear-site-data']).toBe('"cache", "cookies", "storage"');
  });
});
