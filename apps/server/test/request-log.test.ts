import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { createMailer } from '../src/lib/mail';
import { openTestDatabase } from './database';

/** The server's log lines, as JSON, written by the app's own pino at info. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    callback();
  },
});

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ DEMO: '0' });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, log: pino({ level: 'silent' }) });
  app = await buildApp({
    db: database.db,
    mailer,
    clock: systemClock,
    config,
    logger: pino({ level: 'info' }, sink),
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const requestLines = () => lines.filter((line) => line.reqId !== undefined);

describe('the access log', () => {
  it('writes one line a request, once answered: method, address, client, status and time', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/?page=1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(response.statusCode).toBe(401);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({
          method: 'GET',
          url: '/api/users/?page=1',
          remoteAddress: '203.0.113.7',
        }),
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('leaves out the load balancer’s health probe while it answers 200', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect(requestLines()).toEqual([]);
  });
});
