import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { startArgs } from '../../../scripts/start-command';
import { type Database, openDatabase, pgliteOptions, queryRows } from '../src/db/client';
import { embedded, openTestDatabase, type TestEngine } from './database';
import { HttpClient } from './http-client';

/**
 * The real server in a child process of the test, for what only a whole process shows (start-up,
 * signals, a crash, two processes on one database): its entry point apps/server/src/main.ts under tsx,
 * or `npm start`'s bundle (scripts/launch.mjs).
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcess = {
  child: ChildProcess;
  /** The exit code; null when a signal ended the process. */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
};

export type RunningServer = ServerProcess & {
  port: number;
  baseUrl: string;
  /** A new browser-like client of this process. */
  client(): HttpClient;
  /** Sends the signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
};

/** A folder under the system's temporary one, removed by `removeTempDirs`. */
const tempDirs: string[] = [];
export function tempDir(prefix = 'atrium-') {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs the server's entry point from source (tsx), or as `npm start` does (its node flags, bundled, with the demo seeder). */
export function runServer(
  env: Record<string, string>,
  entry: 'source' | 'npm start' = 'source',
): ServerProcess {
  const [args, cwd] =
    entry === 'source'
      ? [['--import', 'tsx', 'src/main.ts'], serverRoot]
      : [startArgs(), path.resolve(serverRoot, '../..')];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH, DEMO: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitForOutput(server: ServerProcess, text: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline || server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server did not print "${text}":\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a server on a free port and waits until it serves. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const server = runServer({ PORT: String(port), ...env });
  await waitForOutput(server, 'Atrium is running');
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...server,
    port,
    baseUrl,
    client: () => new HttpClient(baseUrl),
    async stop(signal) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
      return server.exited;
    },
  };
}

/**
 * A fresh, migrated database for server processes, cloned from the run's template: a data directory on
 * PGlite (`DATA_DIR`), a database of its own on PostgreSQL (`DATABASE_URL`).
 */
export type ServerDatabase = {
  env: Record<string, string>;
  /** The data directory (PGlite only). */
  dataDir?: string;
  /**
   * Works on the database from the test process. PGlite's directory takes one process at a time: call
   * it only while no server runs on it.
   */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
};

export async function serverDatabase(engine: TestEngine): Promise<ServerDatabase> {
  const template = await openTestDatabase(engine);
  if (engine === 'pglite') {
    const archive = await embedded(template).dumpDataDir('gzip');
    await template.close();
    const dataDir = path.join(tempDir('atrium-db-'), 'data');
    const loaded = new PGlite(dataDir, { ...pgliteOptions, loadDataDir: archive });
    await loaded.waitReady;
    await loaded.close();
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      async use(work) {
        const database = await openDatabase({ dataDir });
        try {
          return await work(database);
        } finally {
          await database.close();
        }
      },
      // The directory goes with the other temporary ones (removeTempDirs).
      drop: async () => {},
    };
  }
  const [current] = await queryRows<{ name: string }>(template.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${current?.name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    use: (work) => work(template),
    // Drops the database (with force: connections a server process left open are ended).
    drop: () => template.close(),
  };
}
