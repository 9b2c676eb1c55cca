/**
 * Logging in as a person does: fetch the CSRF cookie, ask for a code (mailed to the SMTP sink), read it
 * from the mail, send it back; the session cookie and the fresh CSRF token are what the web app then
 * sends with every request.
 */
import type { MailSink } from './mail';

export type Session = {
  email: string;
  cookie: string;
  csrf: string;
  /** The headers of an API call as the web app sends it (X-CSRFToken only on unsafe methods). */
  headers(method: string): Record<string, string>;
};

class Jar {
  readonly cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
}

/**
 * Logs `email` in. `ip` is sent as X-Forwarded-For, as a load balancer would (the server trusts it), so
 * that many sessions do not share one address's login limit.
 */
export async function login(baseUrl: string, mail: MailSink, email: string, ip: string): Promise<Session> {
  const jar = new Jar();
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': ip };
    if (jar.cookies.size) headers.cookie = jar.header();
    const csrf = jar.cookies.get('csrftoken');
    if (method !== 'GET' && csrf) headers['x-csrftoken'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.take(response);
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path} for ${email}: ${response.status} ${text.slice(0, 200)}`);
    return text;
  };
  await call('GET', '/api/auth/csrf/');
  mail.watch(email);
  await call('POST', '/api/auth/request-code/', { email });
  const otp = await mail.codeFor(email);
  await call('POST', '/api/auth/check-code/', { email, otp });
  const session = jar.cookies.get('sessionid');
  const csrf = jar.cookies.get('csrftoken');
  if (!session || !csrf) throw new Error(`logging in ${email} set no session`);
  return sessionOf(email, `sessionid=${session}; csrftoken=${csrf}`, csrf);
}

export function sessionOf(email: string, cookie: string, csrf: string): Session {
  return {
    email,
    cookie,
    csrf,
    headers(method) {
      const headers: Record<string, string> = { accept: 'application/json', cookie };
      if (method !== 'GET' && method !== 'HEAD') {
        headers['x-csrftoken'] = csrf;
        headers['content-type'] = 'application/json';
      }
      return headers;
    },
  };
}
