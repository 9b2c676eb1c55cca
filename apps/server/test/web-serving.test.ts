import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { systemClock } from '../src/lib/clock';
import { createMailer } from '../src/lib/mail';
import { openTestDatabase } from './database';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
const script = 'console.log("app");'.repeat(50);
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Atrium</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    '{"src/main.tsx":{"file":"assets/app-abc123.js"}}',
  );
  database = await openTestDatabase();
  const config = loadConfig({ DEMO: '0' });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, log: pino({ level: 'silent' }) });
  app = await buildApp({ db: database.db, mailer, clock: systemClock, config, webDist });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the built web app beside the API', () => {
  it('serves index.html at / and at every app route, never cached', async () => {
    for (const url of ['/', '/people', '/news/edit/12', '/login?next=x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Atrium</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("serves app routes without Node's warning of a listener leak on the response", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (const url of ['/people', '/tasks', '/news']) {
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('serves hashed assets pre-compressed and cached for good', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing file instead of the app page', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
  });

  it("keeps the build's own records (Vite's manifest, the routes' files) to the server", async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/route-files.json']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('keeps /api paths out of the app fallback', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });
});
