import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Db, openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { createEventBus } from './lib/event-bus';
import { createMailer } from './lib/mail';
import { refreshAbsenceStatuses } from './modules/absences/effects';
import { deleteStaleSessions } from './modules/auth/sessions';

export type StartOptions = {
  config: Config;
  /** The built web app to serve beside the API. */
  webDist?: string;
  /** Fills an empty database with the demo company when DEMO=1. */
  seedDemo?: (db: Db, log: pino.Logger) => Promise<void>;
};

/** Opens and migrates the database, seeds when asked, and serves until SIGTERM or SIGINT. */
export async function startServer({ config, webDist, seedDemo }: StartOptions) {
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
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
  await app.listen({ port: config.port, host: '0.0.0.0' });
  log.info(`Atrium is running at ${config.appUrl}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(statusTimer);
    log.info({ signal }, 'shutting down');
    // Stops accepting connections and waits for requests in flight, then closes the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return app;
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
