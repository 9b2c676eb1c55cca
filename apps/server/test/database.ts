import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, pgliteExtensions } from '../src/db/client';

/**
 * Every test file gets a fresh database cloned from one migrated template, made once per run by
 * globalSetup: a dumped PGlite data directory, or a PostgreSQL template database.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const templateFile = path.join(root, '.test-tmp', 'pglite-template.tar.gz');
const TEMPLATE_DB = 'atrium_test_template';
const TEST_DB_PREFIX = 'atrium_test_';

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

export async function createTemplate(engine: TestEngine) {
  if (engine === 'pglite') {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(path.dirname(templateFile), { recursive: true });
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return;
  }
  await withAdmin(async (client) => {
    const stale = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DB_PREFIX}%`],
    );
    for (const { datname } of stale.rows)
      await client.query(`drop database if exists "${datname}" with (force)`);
    await client.query(`create database "${TEMPLATE_DB}"`);
  });
  const database = await openDatabase({ url: postgresUrl(TEMPLATE_DB) });
  await database.migrate();
  await database.close();
}

export async function dropTemplate(engine: TestEngine) {
  if (engine === 'postgres') {
    await withAdmin((client) => client.query(`drop database if exists "${TEMPLATE_DB}" with (force)`));
  }
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(engine: TestEngine = testEngine()): Promise<Database> {
  if (engine === 'pglite') {
    const pglite = new PGlite({
      loadDataDir: new Blob([readFileSync(templateFile)]),
      extensions: pgliteExtensions,
    });
    return openDatabase({ pglite });
  }
  const name = `${TEST_DB_PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin(async (client) => {
    // Two files cloning the template at the same moment can collide; a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${TEMPLATE_DB}"`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const database = await openDatabase({ url: postgresUrl(name) });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
