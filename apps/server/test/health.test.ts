import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, type Db, queryRows } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { createMailer } from '../src/lib/mail';
import { bundledMigrations, checkHealth } from '../src/modules/health/check';
import { openTestDatabase } from './database';

async function appOn(database: Database) {
  const config = loadConfig({ DEMO: '0' });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, log: pino({ level: 'silent' }) });
  return buildApp({ db: database.db, mailer, clock: systemClock, config });
}

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await appOn(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const health = () => app.inject({ method: 'GET', url: '/api/health/' });

type MigrationRow = { id: number; hash: string; created_at: string };
const newestMigration = async () =>
  (
    await queryRows<MigrationRow>(
      database.db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )
  )[0] as MigrationRow;

describe('GET /api/health/', () => {
  it('answers 200 ok without a session when the database answers and has every migration of this build', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'current' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    // Load balancers often probe with HEAD.
    expect((await app.inject({ method: 'HEAD', url: '/api/health/' })).statusCode).toBe(200);
  });

  it('answers 503 naming the migrations when the newest one of this build is not applied', async () => {
    const newest = await newestMigration();
    expect(Number(newest.created_at)).toBe(Math.max(...bundledMigrations()));
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const response = await health();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'ok', migrations: 'pending' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    expect((await health()).statusCode).toBe(200);
  });

  it('keeps serving, saying "ahead", when a newer build has already migrated (a rolling deploy)', async () => {
    const later = Math.max(...bundledMigrations()) + 60_000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${later})`,
    );
    try {
      const response = await health();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ahead' });
    } finally {
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-build'`,
      );
    }
  });

  it('answers 503 pending on a database never migrated', async () => {
    await database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __moved_away`);
    try {
      const response = await health();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'ok', migrations: 'pending' });
    } finally {
      await database.db.execute(sql`alter table drizzle.__moved_away rename to __drizzle_migrations`);
    }
  });

  it('answers 503 naming the database when it does not answer, without an error body that leaks', async () => {
    const other = await openTestDatabase();
    const otherApp = await appOn(other);
    try {
      await other.close();
      const response = await otherApp.inject({ method: 'GET', url: '/api/health/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'error', migrations: 'unknown' });
    } finally {
      await otherApp.close();
    }
  });

  it('gives up on a database that hangs within its time limit', async () => {
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    const started = Date.now();
    const result = await checkHealth(hanging, bundledMigrations(), 100);
    expect(result).toMatchObject({ status: 'error', database: 'error', migrations: 'unknown' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
