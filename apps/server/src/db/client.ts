import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, Logger, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PEOPLE_CHANNEL, WORK_CHANNEL } from '../lib/event-bus';
import { NamingClient } from './named-statements';
import { type NamingPglite, namingPglite } from './pglite-named';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Engine = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  engine: Engine;
  /** The embedded database itself, for what only it offers (LISTEN, a dump of its directory). */
  pglite?: PGlite;
  /** Applies every committed migration not yet applied; safe to call from several processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL: hears the notices of the people version and of work (the channel, its payload) on the
   * pool's own connections (listenOnEveryConnection), so that a write's notice reaches this process
   * before the write's commit has answered.
   */
  onNotice?(listener: (channel: string, payload: string) => void): () => void;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number chosen once: the advisory lock key that serialises migrations across API processes. */
const MIGRATION_LOCK = 7_310_842;

/** The PostgreSQL extensions the migrations create; PGlite must load them when it opens. */
export const pgliteExtensions = { pg_trgm, unaccent, btree_gin };

/**
 * How PGlite runs: its defaults with a smaller buffer cache. The cache lives in the process's own
 * WebAssembly memory, which never shrinks; PGlite's 128 MB default put a 10,000-person company at
 * ~440 MB RSS, over the 300 MB budget (issue 11). Its files are real files, so a page that is not
 * cached comes from the system's file cache at the cost of a read call: 32 MB keeps the hot indexes.
 */
export const pgliteOptions = {
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
};

export type DatabaseOptions = { url: string } | { dataDir: string } | { pglite: PGlite } | { memory: true };

export type DatabaseSettings = {
  /** Drizzle's hook on every statement it sends (the tests count statements per request with it). */
  logger?: Logger;
  /** Wraps the PGlite client Drizzle talks to (the bench records and replays statements through it). */
  wrapPglite?: (client: NamingPglite) => NamingPglite;
};

export async function openDatabase(
  options: DatabaseOptions,
  settings: DatabaseSettings = {},
): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, settings);
  let client: PGlite;
  if ('pglite' in options) client = options.pglite;
  else if ('dataDir' in options) {
    // PGlite refuses a data directory whose parent does not exist.
    mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
    // Durability (test/crash-safety.test.ts): on Node, PGlite's files are real files written through with
    // each write() call, and a commit writes its WAL before it answers, so a killed process loses nothing
    // acknowledged and PostgreSQL's recovery replays the WAL at the next start. What it cannot do is
    // fsync (PGlite runs with fsync off, and its file layer has no fsync), so a power cut or an OS crash
    // may lose recent commits or damage the directory: run on PostgreSQL where that matters.
    client = new PGlite(options.dataDir, pgliteOptions);
  } else client = new PGlite(pgliteOptions);
  await client.waitReady;
  const named = namingPglite(client);
  const driven = (settings.wrapPglite?.(named) ?? named) as PGlite;
  const db = drizzlePglite(driven, { schema, logger: settings.logger }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * The pool of one API process. No JIT for its statements: they are short, and a misestimated row count
 * made PostgreSQL spend 50 ms to seconds compiling one (docs/performance.md); JIT pays off for analytics.
 * Its connections prepare each statement once (NamingClient), which spares the planning of every run.
 */
export const postgresPoolConfig = (url: string): pg.PoolConfig => ({
  connectionString: url,
  max: 10,
  // pg closes a connection idle for 10 s by default, and with it the statements it prepared: on a quiet
  // portal most clicks then paid a new backend, its cold catalog caches and the plans again (a profile
  // GET after 12 s of quiet took 56-82 ms, 10-15 ms with the connections kept; docs/performance.md).
  idleTimeoutMillis: 5 * 60_000,
  options: '-c jit=off',
  Client: NamingClient,
});

/**
 * Makes every connection of a pool LISTEN on `channels` before the pool hands it out (pass `onConnect` in
 * the pool's config), and hands what any of them hears to the listeners. PostgreSQL sends a session the
 * notices of its own transaction before the ReadyForQuery that ends the commit (PostgreSQL 14 and later),
 * so a process hears of its own write on the writing connection before the write's caller goes on
 * (decision 0030). The event bus's listening connection cannot promise that: its notice travels beside
 * the commit's answer, on another socket.
 */
function listenOnEveryConnection(channels: string[]) {
  const listeners = new Set<(channel: string, payload: string) => void>();
  return {
    async onConnect(client: pg.ClientBase) {
      client.on('notification', (message) => {
        if (!channels.includes(message.channel)) return;
        for (const listener of listeners) listener(message.channel, message.payload ?? '');
      });
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    },
    subscribe(listener: (channel: string, payload: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * The pool of one API process (postgresPoolConfig), each connection listening for the notices of the
 * people version and of work, and how to hear them (Database.onNotice).
 */
export function openPostgresPool(url: string) {
  const notices = listenOnEveryConnection([PEOPLE_CHANNEL, WORK_CHANNEL]);
  const pool = new pg.Pool({ ...postgresPoolConfig(url), onConnect: notices.onConnect });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return { pool, onNotice: notices.subscribe };
}

async function openPostgres(url: string, settings: DatabaseSettings): Promise<Database> {
  const { pool, onNotice } = openPostgresPool(url);
  await pool.query('select 1');
  const db = drizzleNodePg(pool, { schema, logger: settings.logger }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    onNotice,
  };
}

/** Runs raw SQL on either engine; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
