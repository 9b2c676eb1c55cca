import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBackupArgs } from '../../../scripts/backup';
import { UsageError } from '../../../scripts/cli';
import {
  backupDataDir,
  controlSocketPath,
  type DataDirHold,
  DataDirInUseError,
  dumpQuiescent,
  holdDataDir,
  restoreDataDir,
} from '../src/db/backup';
import { type Database, openDatabase, pgliteExtensions, queryRows } from '../src/db/client';
import { companies, users } from '../src/db/schema/index';
import { bundledMigrations, checkHealth } from '../src/modules/health/check';
import { embedded, openTestDatabase, testEngine } from './database';
import { createCompany, createUser } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'atrium-bk-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs one of the npm scripts as `npm run backup|restore` does (tsx at the repo root). */
function runScript(script: 'backup' | 'restore', args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, INIT_CWD: tmp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

async function withDatabase<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('the backup command on PostgreSQL', () => {
  it('refuses DATABASE_URL and names the PostgreSQL tools instead', () => {
    expect(() => parseBackupArgs([], { DATABASE_URL: 'postgres://db.example/atrium' })).toThrow(UsageError);
    expect(() => parseBackupArgs([], { DATABASE_URL: 'postgres://db.example/atrium' })).toThrow(/pg_dump/);
  });
});

describe.skipIf(testEngine() !== 'postgres')('the PostgreSQL equivalent in the README', () => {
  it('pg_dump and pg_restore carry the data into a new database', async () => {
    const database = await openTestDatabase();
    const [current] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${current?.name}`;
    const restoredName = `${current?.name}_restored`;
    try {
      const company = await createCompany(database.db, 'Dumped Ltd');
      await createUser(database.db, { companyId: company.id, email: 'dumped@example.test' });
      const file = path.join(tmp, 'atrium.dump');
      const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, url.toString()], {
        encoding: 'utf8',
      });
      expect(dump.status, dump.stderr).toBe(0);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database "${restoredName}"`);
      await admin.end();
      url.pathname = `/${restoredName}`;
      const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${url.toString()}`, file], {
        encoding: 'utf8',
      });
      expect(restore.status, restore.stderr).toBe(0);
      const restored = await openDatabase({ url: url.toString() });
      try {
        const found = await restored.db.select().from(users).where(eq(users.email, 'dumped@example.test'));
        expect(found).toHaveLength(1);
        expect((await checkHealth(restored.db, bundledMigrations())).migrations).toBe('current');
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${restoredName}" with (force)`);
      await admin.end();
    }
  }, 30_000);
});

describe.skipIf(testEngine() !== 'pglite')('npm run backup and npm run restore (embedded database)', () => {
  const dataDir = path.join(tmp, 'data');
  let pglite: PGlite;
  let database: Database;
  let hold: DataDirHold;

  beforeAll(async () => {
    // A running server's data directory: PGlite on disk, holding the control socket, as main.ts does.
    const template = await openTestDatabase('pglite');
    const archive = await embedded(template).dumpDataDir('gzip');
    await template.close();
    hold = await holdDataDir(dataDir, 'server');
    pglite = new PGlite(dataDir, { loadDataDir: archive, extensions: pgliteExtensions });
    database = await openDatabase({ pglite });
    hold.serveBackups(() => dumpQuiescent(pglite));
  });
  afterAll(async () => {
    await database?.close();
    await hold?.release();
  });

  it('backs up the running server through it, and a restore into a new directory finds the data', async () => {
    const company = await createCompany(database.db, 'Backed Up Ltd');
    const user = await createUser(database.db, { companyId: company.id, email: 'before@example.test' });

    const file = path.join(tmp, 'nightly.tar.gz');
    const backup = await runScript('backup', ['nightly.tar.gz', '--data-dir', dataDir]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`from the running server (process ${process.pid})`);
    // The whole portal's personal data: readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // The server kept serving; what it writes now is not in the backup.
    await createUser(database.db, { companyId: company.id, email: 'after@example.test' });

    const fresh = path.join(tmp, 'restored');
    const restore = await runScript('restore', ['nightly.tar.gz', '--data-dir', fresh]);
    expect(restore.code, restore.output).toBe(0);
    await withDatabase(fresh, async (restored) => {
      const found = await restored.db.select().from(users).where(like(users.email, '%@example.test'));
      expect(found.map((u) => ({ id: u.id, email: u.email }))).toEqual([{ id: user.id, email: user.email }]);
      expect(await checkHealth(restored.db, bundledMigrations())).toMatchObject({ status: 'ok' });
    });
  }, 60_000);

  it('keeps every write acknowledged before the backup and no half of any transaction, under a stream of writes', async () => {
    let stop = false;
    const acknowledged: number[] = [];
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        await database.db.transaction(async (tx) => {
          const [company] = await tx
            .insert(companies)
            .values({ name: `Stream ${n}` })
            .returning();
          await createUser(tx, { companyId: company?.id as number, email: `stream${n}@example.test` });
        });
        acknowledged.push(n);
        // Writes arrive as requests do, between turns of the event loop (which serves the backup socket).
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = acknowledged.length;
    const { archive, source } = await backupDataDir(dataDir);
    stop = true;
    await writer;
    expect(source).toEqual({ via: 'server', pid: process.pid });
    expect(acknowledged.length).toBeGreaterThan(before);

    const fresh = path.join(tmp, 'streamed');
    await restoreDataDir(archive, fresh, { replace: false });
    await withDatabase(fresh, async (restored) => {
      const streamCompanies = await restored.db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(like(companies.name, 'Stream %'));
      const streamUsers = await restored.db
        .select({ companyId: users.companyId, email: users.email })
        .from(users)
        .where(like(users.email, 'stream%'));
      const numbers = streamCompanies
        .map((c) => Number(c.name.slice('Stream '.length)))
        .sort((a, b) => a - b);
      // Every write acknowledged before the backup began, then a gap-free prefix of the stream.
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i));
      expect(numbers.length).toBeGreaterThanOrEqual(before);
      // Each company with its user, each user with its company: no transaction half there.
      expect(streamUsers).toHaveLength(streamCompanies.length);
      for (const company of streamCompanies) {
        expect(
          streamUsers.filter((u) => u.companyId === company.id),
          company.name,
        ).toHaveLength(1);
      }
    });
  }, 60_000);

  it('lets one process at a time hold a data directory, and takes over the socket of one that died', async () => {
    await expect(holdDataDir(dataDir, 'server')).rejects.toThrow(DataDirInUseError);
    await expect(holdDataDir(dataDir, 'server')).rejects.toThrow(
      `process ${process.pid} (a running Atrium server)`,
    );
    await expect(restoreDataDir(Buffer.from('x'), dataDir, { replace: true })).rejects.toThrow(
      DataDirInUseError,
    );

    // A process killed with SIGKILL leaves its socket behind; nobody answers on it.
    const orphan = path.join(tmp, 'orphan');
    writeFileSync(controlSocketPath(orphan), '');
    const taken = await holdDataDir(orphan, 'restore');
    await taken.release();
    expect(existsSync(controlSocketPath(orphan))).toBe(false);
  });

  it('backs up a directory directly when no server runs, and restores over a database only when told to, keeping the old one aside', async () => {
    const stopped = path.join(tmp, 'restored');
    const { archive, source } = await backupDataDir(stopped);
    expect(source).toEqual({ via: 'direct' });
    expect(existsSync(controlSocketPath(stopped))).toBe(false);

    const target = path.join(tmp, 'streamed');
    await expect(restoreDataDir(archive, target, { replace: false })).rejects.toThrow(/not empty.*--force/);
    const { keptAside } = await restoreDataDir(archive, target, {
      replace: true,
      now: new Date('2026-11-20T09:00:00Z'),
    });
    expect(keptAside).toBe(`${target}.before-restore-20261120T090000`);
    expect(existsSync(path.join(keptAside as string, 'PG_VERSION'))).toBe(true);
    await withDatabase(target, async (restored) => {
      const emails = await restored.db
        .select({ email: users.email })
        .from(users)
        .where(like(users.email, '%@example.test'));
      expect(emails).toEqual([{ email: 'before@example.test' }]);
    });
  }, 60_000);

  it('refuses an archive that is not a backup and leaves the directory as it was', async () => {
    const garbage = path.join(tmp, 'garbage.tar.gz');
    writeFileSync(garbage, 'not a tarball');
    const target = path.join(tmp, 'untouched');
    const restore = await runScript('restore', ['garbage.tar.gz', '--data-dir', target]);
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/Restore failed: the archive is not a database backup/);
    expect(existsSync(target)).toBe(false);
    expect(readFileSync(garbage, 'utf8')).toBe('not a tarball');
  }, 30_000);
});
