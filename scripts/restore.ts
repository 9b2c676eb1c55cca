/**
 * `npm run restore -- FILE [--data-dir DIR] [--force]`: makes the embedded database (PGlite under
 * DATA_DIR) the one in a backup of `npm run backup`. The server must be stopped (the script refuses
 * otherwise); a directory with a database in it is replaced only with --force, and then kept aside as
 * `<DATA_DIR>.before-restore-<time>`, never deleted. On PostgreSQL (DATABASE_URL) use pg_restore.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { restoreDataDir } from '../apps/server/src/db/backup';
import { embeddedDataDir, UsageError } from './backup';

const USAGE = `Usage: npm run restore -- FILE [--data-dir DIR] [--force]

  FILE            a backup made by npm run backup
  --data-dir DIR  the embedded database's folder (default: DATA_DIR, else ./data at the repo root)
  --force         replace the database there (it is moved to DIR.before-restore-<time>, not deleted)

Stop the server first. On PostgreSQL (DATABASE_URL):
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" atrium.dump`;

export type RestoreArgs = { file: string; dataDir: string; force: boolean };

export function parseRestoreArgs(argv: string[], env: NodeJS.ProcessEnv): RestoreArgs | 'help' {
  let parsed: ReturnType<typeof readArgs>;
  try {
    parsed = readArgs(argv);
  } catch (error) {
    throw new UsageError((error as Error).message.split('. ')[0]);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new UsageError('give the backup FILE to restore, and only one');
  const file = path.resolve(env.INIT_CWD ?? process.cwd(), positionals[0] as string);
  return { file, dataDir: embeddedDataDir(values['data-dir'], env), force: values.force === true };
}

function readArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}

async function main() {
  let args: RestoreArgs | 'help';
  try {
    args = parseRestoreArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(1);
  }
  if (args === 'help') {
    console.log(USAGE);
    return;
  }
  try {
    const archive = readFileSync(args.file);
    const { keptAside, migrations } = await restoreDataDir(archive, args.dataDir, { replace: args.force });
    console.log(`Restored ${args.file} into ${args.dataDir} (${migrations} migrations applied in it).`);
    if (keptAside) console.log(`The database that was there is kept in ${keptAside}.`);
    console.log('Start the server: it applies any migration newer than the backup.');
  } catch (error) {
    console.error(`Restore failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
