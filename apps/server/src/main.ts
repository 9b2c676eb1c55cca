import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirInUseError, dumpQuiescent, holdDataDir } from './db/backup';
import { type Db, openDatabase } from './db/client';
import { scheduleMaintenance } from './db/pglite-maintenance';
import { systemClock } from './lib/clock';
import { createEventBus } from './lib/event-bus';
import { limitHeapGrowth } from './lib/heap-growth';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mail';
import { scheduleMemoryTrim } from './lib/memory-trim';
import { refreshAbsenceStatuses } from './modules/absences/effects';
import { deleteStaleSessions } from './modules/auth/sessions';

export type StartOptions = {
  config: Config;
  /** The built web app to serve beside the API. */
  webDist?: string;
  /** Fills an empty database with the demo company when DEMO=1. */
  seedDemo?: (db: Db, log: Logger) => Promise<void>;
};

/** Opens and migrates the database, seeds when asked, and serves until SIGTERM or SIGINT. */
export async function startServer({ config, webDist, seedDemo }: StartOptions) {
  const log = createLogger(config.logLevel);
  // The old generation grows by a tenth, not up to fourfold, between full collections (decision 0026).
  limitHeapGrowth();
  // PGlite's WebAssembly is optimised on background threads once it runs hot; V8 runs up to 128 such
  // tasks at once, and at start-up they held 50–70 MB for a moment, the embedded server's highest RSS.
  // One task keeps that peak lower and the queries as fast once compiled (docs/performance.md).
  if (!config.databaseUrl) v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
  const dataDirHold = config.databaseUrl ? null : await holdEmbeddedDataDir(config.dataDir, log);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  // `npm run backup` asks this process for a consistent dump of the embedded database (db/backup.ts).
  const { pglite } = database;
  if (pglite)
    dataDirHold?.serveBackups(async () => {
      const started = Date.now();
      const dump = await dumpQuiescent(pglite);
      log.info({ bytes: dump.size, ms: Date.now() - started }, 'backup of the data directory taken');
      return dump;
    });
  log.info({ engine: database.engine }, 'database open; migrating');
  await database.migrate();
  if (config.demo && seedDemo) await seedDemo(database.db, log);
  await deleteStaleSessions(database.db, systemClock.now());

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const events = await createEventBus(database, log);
  const app = await buildApp({
    db: database.db,
    mailer,
    clock: systemClock,
    config,
    webDist,
    logger: log,
    events,
  });
  // Illness / Vacation statuses follow approved absences as days pass (decision 0011).
  const refreshStatuses = () =>
    refreshAbsenceStatuses(database.db, systemClock.now()).catch((error) =>
      log.error({ err: error }, 'refreshing absence statuses failed'),
    );
  await refreshStatuses();
  const statusTimer = setInterval(refreshStatuses, 60 * 60 * 1000);
  statusTimer.unref();
  // PostgreSQL vacuums its own tables; the embedded one has no autovacuum (db/pglite-maintenance.ts).
  const maintenance = pglite ? scheduleMaintenance(pglite, log) : undefined;
  await app.listen({ port: config.port, host: '0.0.0.0' });
  log.info(`Atrium is running at ${config.appUrl}`);
  // Start-up's compiling and migrating leave freed memory in malloc's arenas; so does load (decision 0028).
  const memoryTrim = scheduleMemoryTrim(log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(statusTimer);
    memoryTrim.stop();
    log.info({ signal }, 'shutting down');
    // Stops accepting connections and waits for requests in flight, then closes the database.
    await app.close();
    await maintenance?.stop();
    await database.close();
    await dataDirHold?.release();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return app;
}

/**
 * Takes DATA_DIR for this process: PGlite has no lock of its own, and a second process on the same
 * directory would corrupt it. Stops when another process has it.
 */
async function holdEmbeddedDataDir(dataDir: string, log: Logger) {
  try {
    return await holdDataDir(dataDir, 'server');
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      log.fatal(`${error.message}: stop it first, or give this server another DATA_DIR`);
      process.exit(1);
    }
    log.warn(
      { err: error },
      'no control socket for the data directory: `npm run backup` cannot reach this server, and nothing keeps a second process out of it',
    );
    return null;
  }
}

/** Reads the environment, or stops with a message naming each bad variable. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// Run directly (`tsx apps/server/src/main.ts`): serve whatever web build exists, seed nothing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  await startServer({ config: configOrExit(), webDist });
}
