/** A small HTTP client that keeps cookies like a browser and sends the CSRF header like the web app. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    /** Sent as X-Forwarded-For, to act as a client at another address. */
    private readonly ip?: string,
  ) {}

  /** Fetches a CSRF token into the cookie jar. */
  async csrf() {
    await this.get('/api/auth/csrf/');
    return this.cookies.get('csrftoken');
  }

  /** The Cookie header the client sends, for requests made another way (app.inject, a raw stream). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }

  async request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const csrf = this.cookies.get('csrftoken');
    if (csrf && method !== 'GET' && !('x-csrftoken' in headers)) headers['x-csrftoken'] = csrf;
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered.
    return { status: response.status, headers: response.headers, body: json as any, text };
  }
}
