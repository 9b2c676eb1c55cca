import type { SessionResponse } from '@atrium/contracts';
import { vi } from 'vitest';

export type ApiCall = { method: string; path: string; body: unknown; headers: Headers };
type Handler = (call: ApiCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CSRF_TOKEN = 'test-csrf-token';

/** Stands in for the browser keeping a cookie the server set (jsdom has no Cookie Store API). */
export function setCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the fake server's Set-Cookie, see above
  document.cookie = `${name}=${value}; path=/`;
}

export function clearCookies() {
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: expiring is the only way to delete a cookie in jsdom
    document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** What the real server answers when a test does not say otherwise: a token, and nobody signed in. */
const defaults: Record<string, Handler> = {
  'GET /api/auth/csrf/': () => {
    setCookie('csrftoken', CSRF_TOKEN);
    return json(200, { csrftoken: CSRF_TOKEN });
  },
  'GET /api/auth/session/': () => json(401, { error: 'Authentication required.' }),
  'POST /api/auth/logout/': () => json(200, { ok: true }),
};

/**
 * Replaces fetch with a small fake of the API, keyed by "METHOD /path". Like the server, it refuses an
 * unsafe request whose X-CSRFToken header does not echo the csrftoken cookie.
 */
export function stubApi(routes: Record<string, Handler> = {}) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const csrfCookie = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1];
    if (call.method !== 'GET' && (!csrfCookie || call.headers.get('X-CSRFToken') !== csrfCookie)) {
      return json(403, { error: 'CSRF token missing or incorrect.' });
    }
    const key = `${call.method} ${call.path}`;
    const handler = routes[key] ?? defaults[key];
    return handler ? handler(call) : json(404, { error: 'Not found.' });
  });
  return { calls, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

export const aSession = (): SessionResponse => {
  const company = { id: 1, name: 'Northwind', logo: null, logo_small: null };
  return {
    user: {
      id: 7,
      email: 'ada@northwind.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      avatar: null,
      status: 1,
      groups: [{ id: 2, name: 'User' }],
      rights: [],
      companies: [company],
      job_position: 3,
      job_position_name: 'Analyst',
      department: null,
      division: null,
      company_departments: [],
    },
    company,
  };
};
