/**
 * `npm run restore -- FILE [--data-dir DIR] [--force]`: makes the embedded database (PGlite under
 * DATA_DIR) the one in a backup of `npm run backup`. The server must be stopped (the script refuses
 * otherwise); a directory with a database in it is replaced only with --force, and then kept aside as
 * `<DATA_DIR>.before-restore-<time>`, never deleted. On PostgreSQL (DATABASE_URL) use pg_restore.
 */
import { readFileSync } from 'node:fs';
import { restoreDataDir } from '../apps/server/src/db/backup';
import { embeddedDataDir } from './backup';
import { givenPath, readArgs, runCli, UsageError } from './cli';

const USAGE = `Usage: npm run restore -- FILE [--data-dir DIR] [--force]

  FILE            a backup made by npm run backup
  --data-dir DIR  the embedded database's folder (default: DATA_DIR, else ./data at the repo root)
  --force         replace the database there (it is moved to DIR.before-restore-<time>, not deleted)

Stop the server first. On PostgreSQL (DATABASE_URL):
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" atrium.dump`;

export type RestoreArgs = { file: string; dataDir: string; force: boolean };

export function parseRestoreArgs(argv: string[], env: NodeJS.ProcessEnv): RestoreArgs | 'help' {
  const { values, positionals } = readArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new UsageError('give the backup FILE to restore, and only one');
  const file = givenPath(env, positionals[0] as string);
  return { file, dataDir: embeddedDataDir(values['data-dir'], env), force: values.force === true };
}

await runCli(import.meta.url, {
  usage: USAGE,
  parse: () => parseRestoreArgs(process.argv.slice(2), process.env),
  failure: 'Restore failed',
  async run(args) {
    const archive = readFileSync(args.file);
    const { keptAside, migrations } = await restoreDataDir(archive, args.dataDir, { replace: args.force });
    console.log(`Restored ${args.file} into ${args.dataDir} (${migrations} migrations applied in it).`);
    if (keptAside) console.log(`The database that was there is kept in ${keptAside}.`);
    console.log('Start the server: it applies any migration newer than the backup.');
  },
});
