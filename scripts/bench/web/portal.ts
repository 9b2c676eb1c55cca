/**
 * The portal as `npm start` runs it (scripts/start.ts: the production build, PGlite in a data folder of
 * its own, the demo company seeded), on a free port, and a login through the real code flow. With
 * SMTP_URL unset the server writes each mail to its log, which is where the login code is read from.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** A cookie the server set, as a browser would keep it. */
export type SessionCookie = { name: string; value: string; httpOnly: boolean };

export type DemoPortal = {
  url: string;
  /** Logs `email` in: the cookies of the session (sessionid and csrftoken). */
  logIn(email: string): Promise<SessionCookie[]>;
  stop(): Promise<void>;
};

/** A free port on loopback, never 3000 (which others use). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port && port !== 3000 ? resolve(port) : freePort().then(resolve, reject)));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type LogLine = { msg?: string; subject?: string; to?: string; level?: number };

/**
 * Starts the portal from the repository at `root`; the web app must be built already (start.ts would
 * build a stale one itself). Resolves once it answers, within `readyTimeoutMs`.
 */
export async function startDemoPortal(root: string, readyTimeoutMs = 180_000): Promise<DemoPortal> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-web-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;

  // The log: kept for an error message, and searched for mails.
  const lines: string[] = [];
  const mails: LogLine[] = [];
  const waiters = new Set<() => void>();
  const read = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (!line.includes('login code')) return;
      try {
        const entry = JSON.parse(line) as LogLine;
        if (entry.subject) mails.push(entry);
        for (const wake of waiters) wake();
      } catch {
        // Not a JSON log line.
      }
    });
  };
  read(child.stdout);
  read(child.stderr);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(
        `The portal exited (code ${exited}) before it answered:\n${lines.slice(-20).join('\n')}`,
      );
    }
    const ok = await fetch(`${url}/api/auth/csrf/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The portal did not answer within ${readyTimeoutMs / 1000} s:\n${lines.slice(-20).join('\n')}`,
      );
    }
    await sleep(500);
  }

  const codeFor = async (email: string, since: number, timeoutMs = 10_000): Promise<string> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.slice(since).findLast((entry) => entry.to === email);
      const code = mail?.subject && /login code:\s*(\S+)/.exec(mail.subject)?.[1];
      if (code) return code;
      if (Date.now() > until) throw new Error(`No login code for ${email} in the server log`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  };

  const logIn = async (email: string): Promise<SessionCookie[]> => {
    const cookies = new Map<string, string>();
    const httpOnly = new Set<string>();
    const call = async (method: string, route: string, body?: unknown) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const csrf = cookies.get('csrftoken');
      if (method !== 'GET' && csrf) headers['x-csrftoken'] = csrf;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url + route, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value) cookies.set(name, value);
        else cookies.delete(name);
        if (/;\s*httponly/i.test(line)) httpOnly.add(name);
      }
      if (!response.ok)
        throw new Error(`${method} ${route}: HTTP ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    };
    await call('GET', '/api/auth/csrf/');
    const since = mails.length;
    await call('POST', '/api/auth/request-code/', { email });
    await call('POST', '/api/auth/check-code/', { email, otp: await codeFor(email, since) });
    await call('GET', '/api/auth/session/');
    if (!cookies.has('sessionid')) throw new Error(`Logging in ${email} set no session cookie`);
    return [...cookies].map(([name, value]) => ({ name, value, httpOnly: httpOnly.has(name) }));
  };

  return { url, logIn, stop };
}
