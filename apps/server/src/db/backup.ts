/**
 * The embedded database's control socket, `<DATA_DIR>.sock`: whoever listens on it owns DATA_DIR.
 *
 * PGlite is PostgreSQL inside one process, with no lock of its own on its data directory: two processes
 * opening one directory would corrupt it, and copying the files under a running server gives a torn copy.
 * So the server, `npm run backup` (with no server running) and `npm run restore` each hold this socket
 * while they use the directory, and refuse to start when another process answers on it. The running
 * server also answers backup requests on it: it dumps its own data directory between two transactions
 * (see `dumpQuiescent`), which is the only consistent copy while it runs.
 *
 * Authentication is the file system's: the socket is created 0600, so only the operating-system user
 * that runs the server (or root) may connect, the same users who can read DATA_DIR's files anyway. It is
 * not on the network, and a browser cannot reach it.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './client';

/** Who holds a data directory. */
export type Holder = {
  pid: number;
  role: 'server' | 'backup' | 'restore' | 'seed' | 'bench';
  dataDir: string;
};

/** Linux allows 107 bytes in a socket path; keep a margin. */
const MAX_SOCKET_PATH = 100;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `${dataDir} is in use by process ${holder.pid} (${holder.role === 'server' ? 'a running Atrium server' : `npm run ${holder.role}`})`,
    );
  }
}

export const controlSocketPath = (dataDir: string) => `${path.resolve(dataDir)}.sock`;

/** Whether a data directory holds a database (PostgreSQL writes PG_VERSION first). */
export const hasDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/** True when the directory is missing or empty. */
export function isEmptyDir(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

function socketRequest(socketPath: string, method: string, urlPath: string, timeoutMs: number) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const request = http.request({ socketPath, method, path: urlPath, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('timeout', () =>
      request.destroy(new Error(`no answer on ${socketPath} within ${timeoutMs} ms`)),
    );
    request.on('error', reject);
    request.end();
  });
}

const isNobodyThere = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED';
};

/** The process that holds the data directory, or null when none does (no socket, or a stale one). */
export async function findHolder(dataDir: string): Promise<Holder | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return null;
  try {
    const { status, body } = await socketRequest(socketPath, 'GET', '/holder', 5000);
    if (status !== 200) throw new Error(`unexpected answer ${status} on ${socketPath}`);
    return JSON.parse(body.toString('utf8')) as Holder;
  } catch (error) {
    if (isNobodyThere(error)) return null;
    throw error;
  }
}

export type DataDirHold = {
  /** Lets the holder answer backup requests: the running server passes its database. */
  serveBackups(dump: () => Promise<Blob>): void;
  /** Gives the directory up (removes the socket). */
  release(): Promise<void>;
};

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the process that has it.
 * A socket left by a process that died (SIGKILL, a crash) answers nobody and is replaced.
 */
export async function holdDataDir(dataDir: string, role: Holder['role']): Promise<DataDirHold> {
  const socketPath = controlSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    throw new Error(
      `the path of ${dataDir} is too long for its control socket (${socketPath.length} > ${MAX_SOCKET_PATH} bytes): use a shorter DATA_DIR`,
    );
  }
  const holder: Holder = { pid: process.pid, role, dataDir: path.resolve(dataDir) };
  let dump: (() => Promise<Blob>) | null = null;
  let dumping: Promise<unknown> = Promise.resolve();

  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/holder') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(holder));
      return;
    }
    if (request.method === 'POST' && request.url === '/backup' && dump) {
      // One dump at a time: each holds the whole database in memory.
      const work = dumping.then(dump);
      dumping = work.catch(() => {});
      work
        .then(async (blob) => {
          response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': blob.size });
          response.end(Buffer.from(await blob.arrayBuffer()));
        })
        .catch((error: Error) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(`backup failed: ${error.message}`);
        });
      return;
    }
    response.writeHead(404).end();
  });

  for (let attempt = 0; ; attempt++) {
    const other = await findHolder(dataDir);
    if (other) throw new DataDirInUseError(dataDir, other);
    // A socket nobody answers on is the leftover of a process that died.
    if (existsSync(socketPath)) unlinkSync(socketPath);
    mkdirSync(path.dirname(socketPath), { recursive: true });
    try {
      await listenPrivately(server, socketPath);
      break;
    } catch (error) {
      // Someone else bound it between our look and our bind: look again (they will answer).
      if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt >= 2) throw error;
    }
  }
  server.unref();

  return {
    serveBackups(dumpDatabase) {
      dump = dumpDatabase;
    },
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Binds the socket with mode 0600 from the start (the umask applies at bind, which is synchronous). */
function listenPrivately(server: http.Server, socketPath: string) {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', onError);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
}

/**
 * A consistent dump of a PGlite database that keeps serving: taken while holding PGlite's transaction
 * lock, so that no transaction of the app is open, after a CHECKPOINT, so that every committed write is
 * in the data files. Queries wait for it (a second or two for a small database).
 */
export async function dumpQuiescent(pglite: PGlite): Promise<Blob> {
  return pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
}

export type BackupSource = { via: 'server'; pid: number } | { via: 'direct' };

/**
 * A gzipped tarball of the data directory. Asks the server holding it when one runs; with none, takes the
 * directory itself and dumps it. Never reads the files of a directory another process holds.
 */
export async function backupDataDir(dataDir: string): Promise<{ archive: Buffer; source: BackupSource }> {
  const holder = await findHolder(dataDir);
  if (holder?.role === 'server') {
    const { status, body } = await socketRequest(
      controlSocketPath(dataDir),
      'POST',
      '/backup',
      10 * 60 * 1000,
    );
    if (status !== 200)
      throw new Error(`the server (process ${holder.pid}) could not back up: ${body.toString('utf8')}`);
    return { archive: body, source: { via: 'server', pid: holder.pid } };
  }
  if (holder) throw new DataDirInUseError(dataDir, holder);
  if (!hasDatabase(dataDir)) throw new Error(`there is no database in ${dataDir}`);
  const hold = await holdDataDir(dataDir, 'backup');
  try {
    const pglite = new PGlite(dataDir, { extensions: pgliteExtensions });
    try {
      await pglite.waitReady;
      const blob = await dumpQuiescent(pglite);
      return { archive: Buffer.from(await blob.arrayBuffer()), source: { via: 'direct' } };
    } finally {
      await pglite.close();
    }
  } finally {
    await hold.release();
  }
}

/**
 * Makes `dataDir` the database of the archive. Refuses while any process holds the directory; refuses a
 * directory that has content unless `replace`, and then keeps that content aside (returned) rather than
 * deleting it. The archive is loaded and opened in a sibling directory first, so that a bad archive
 * leaves everything as it was.
 */
export async function restoreDataDir(
  archive: Buffer,
  dataDir: string,
  options: { replace: boolean; now?: Date },
): Promise<{ keptAside: string | null; migrations: number }> {
  const target = path.resolve(dataDir);
  const hold = await holdDataDir(target, 'restore');
  try {
    if (!isEmptyDir(target) && !options.replace) {
      throw new Error(`${target} is not empty: pass --force to replace it (its content is kept aside)`);
    }
    const staging = `${target}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    let migrations: number;
    try {
      migrations = await loadArchive(archive, staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    let keptAside: string | null = null;
    if (existsSync(target)) {
      if (isEmptyDir(target)) rmSync(target, { recursive: true, force: true });
      else {
        const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
        keptAside = `${target}.before-restore-${stamp}`;
        renameSync(target, keptAside);
      }
    }
    renameSync(staging, target);
    return { keptAside, migrations };
  } finally {
    await hold.release();
  }
}

/** Unpacks an archive into a new data directory and opens it: how many migrations it has applied. */
async function loadArchive(archive: Buffer, dataDir: string): Promise<number> {
  let pglite: PGlite;
  try {
    pglite = new PGlite(dataDir, {
      loadDataDir: new Blob([new Uint8Array(archive)]),
      extensions: pgliteExtensions,
    });
    await pglite.waitReady;
  } catch (error) {
    throw new Error(`the archive is not a database backup of Atrium: ${(error as Error).message}`);
  }
  try {
    const { rows } = await pglite.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    return rows[0]?.n ?? 0;
  } catch {
    throw new Error(
      'the archive is a PostgreSQL data directory, but not one of Atrium (no migrations table)',
    );
  } finally {
    await pglite.close();
  }
}
