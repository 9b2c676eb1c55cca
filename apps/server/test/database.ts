import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseSettings, openDatabase, pgliteExtensions } from '../src/db/client';

/**
 * Every test file gets a fresh database cloned from one migrated template, made once per run by
 * globalSetup: a dumped PGlite data directory, or a PostgreSQL template database. Names carry the
 * run's id (its start time and process), which globalSetup hands to the test files, so that two runs
 * on one machine (a developer's and CI's) never touch each other's databases.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TEST_DB_PREFIX = 'atrium_test_';
/** Databases of runs older than this are leftovers of a crashed run, dropped by the next run. */
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

export const newRunId = () => `${Date.now()}_${process.pid}`;
const templateFile = (runId: string) => path.join(root, '.test-tmp', `pglite-template-${runId}.tar.gz`);
const templateDb = (runId: string) => `${TEST_DB_PREFIX}${runId}_template`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The id of this run's template, handed from globalSetup to the test files. */
    testRunId: string;
  }
}

export type TestEngine = 'pglite' | 'postgres';

export const testEngine = (): TestEngine => (process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite');

function postgresUrl(database?: string) {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTemplate(engine: TestEngine, runId: string) {
  if (engine === 'pglite') {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    const dump = await embedded(database).dumpDataDir('gzip');
    mkdirSync(path.dirname(templateFile(runId)), { recursive: true });
    writeFileSync(templateFile(runId), Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return;
  }
  await withAdmin(async (client) => {
    const ours = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DB_PREFIX}%`],
    );
    for (const { datname } of ours.rows) {
      const startedAt = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
      if (!(Date.now() - startedAt > STALE_AFTER_MS)) continue;
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
    await client.query(`create database "${templateDb(runId)}"`);
  });
  const database = await openDatabase({ url: postgresUrl(templateDb(runId)) });
  await database.migrate();
  await database.close();
}

export async function dropTemplate(engine: TestEngine, runId: string) {
  if (engine === 'pglite') rmSync(templateFile(runId), { force: true });
  else
    await withAdmin((client) => client.query(`drop database if exists "${templateDb(runId)}" with (force)`));
}

/** The PGlite under a database the tests opened on that engine. */
export function embedded(database: Pick<Database, 'pglite'>): PGlite {
  if (!database.pglite) throw new Error('not an embedded database');
  return database.pglite;
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(
  engine: TestEngine = testEngine(),
  settings: DatabaseSettings = {},
): Promise<Database> {
  const runId = inject('testRunId');
  if (engine === 'pglite') {
    const pglite = new PGlite({
      loadDataDir: new Blob([readFileSync(templateFile(runId))]),
      extensions: pgliteExtensions,
    });
    return openDatabase({ pglite }, settings);
  }
  const name = `${TEST_DB_PREFIX}${runId}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin(async (client) => {
    // Two files cloning the template at the same moment can collide; a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${templateDb(runId)}"`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const database = await openDatabase({ url: postgresUrl(name) }, settings);
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
