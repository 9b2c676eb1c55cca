/**
 * `npm run seed -- --users N [--companies K] [--database-url URL | --data-dir DIR]`: migrates the
 * database, then adds N generated people (see index.ts for what exactly). The database is the server's:
 * DATABASE_URL when set, else the embedded PGlite under DATA_DIR (default ./data at the repo root).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { holdDataDir } from '../../apps/server/src/db/backup';
import { type DatabaseOptions, openDatabase } from '../../apps/server/src/db/client';
import { dataDirOption, readArgs, runCli, serverConfig, UsageError } from '../cli';
import { seed } from './index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_USERS = 1_000_000;
const MAX_COMPANIES = 100;

const USAGE = `Usage: npm run seed -- --users N [--companies K] [--database-url URL | --data-dir DIR]

  --users N           people to generate (0–${MAX_USERS.toLocaleString('en')}); the demo accounts come on top when absent
  --companies K       companies that share them: 1 Demo Corp (default), 2 adds Demo Labs, more add others
  --database-url URL  a PostgreSQL server (default: DATABASE_URL)
  --data-dir DIR      the embedded database's folder (default: DATA_DIR, else ./data at the repo root)`;

export type SeedArgs = { users: number; companies: number; database: DatabaseOptions; where: string };

/**
 * Reads the command line. `--data-dir` is relative to where npm was run (INIT_CWD); DATA_DIR, like the
 * server's, to the repo root, where `npm start` runs.
 */
export function parseSeedArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): SeedArgs | 'help' {
  const { values } = readArgs({
    args: argv,
    options: {
      users: { type: 'string' },
      companies: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  if (values.users === undefined)
    throw new UsageError('--users is required: how many people to generate, e.g. --users 1000');
  const users = wholeNumber('--users', values.users, 0, MAX_USERS);
  const companies =
    values.companies === undefined ? 1 : wholeNumber('--companies', values.companies, 1, MAX_COMPANIES);

  const url = values['database-url'];
  const dir = values['data-dir'];
  if (typeof url === 'string' && typeof dir === 'string') {
    throw new UsageError('--database-url and --data-dir exclude each other: give one');
  }
  if (typeof url === 'string') {
    if (!/^postgres(ql)?:\/\/.+/.test(url))
      throw new UsageError('--database-url must be a postgres:// or postgresql:// URL');
    return { users, companies, database: { url }, where: `PostgreSQL at ${redact(url)}` };
  }
  if (typeof dir === 'string') {
    const dataDir = dataDirOption(env, dir);
    return { users, companies, database: { dataDir }, where: `PGlite in ${dataDir}` };
  }
  const config = serverConfig(env);
  if (config.databaseUrl) {
    return {
      users,
      companies,
      database: { url: config.databaseUrl },
      where: `PostgreSQL at ${redact(config.databaseUrl)}`,
    };
  }
  const dataDir = path.resolve(root, config.dataDir);
  return { users, companies, database: { dataDir }, where: `PGlite in ${dataDir}` };
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new UsageError(
      `${name} must be a whole number from ${min} to ${max.toLocaleString('en')}, not '${text}'`,
    );
  }
  return value;
}

/** The URL without its password, for printing. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

await runCli(import.meta.url, {
  usage: USAGE,
  parse: () => parseSeedArgs(process.argv.slice(2)),
  failure: 'Seeding failed',
  async run(args) {
    const started = performance.now();
    console.log(`Seeding ${args.where}`);
    // PGlite has no lock of its own: a server (or a backup) working on the folder meanwhile would corrupt it.
    const hold = 'dataDir' in args.database ? await holdDataDir(args.database.dataDir, 'seed') : null;
    try {
      const database = await openDatabase(args.database);
      try {
        await database.migrate();
        console.log(`migrated (${seconds(started)})`);
        const result = await seed(database.db, {
          users: args.users,
          companies: args.companies,
          log: console,
        });
        console.log(`Done: ${result.people} people added in ${seconds(started)}.`);
      } finally {
        await database.close();
      }
    } finally {
      await hold?.release();
    }
  },
});
