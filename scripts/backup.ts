/**
 * `npm run backup [-- FILE] [--data-dir DIR]`: a consistent copy of the embedded database (PGlite under
 * DATA_DIR) in one gzipped tarball, taken while the server runs or not. With a server running on the
 * directory it is asked for the dump through the directory's control socket (apps/server/src/db/backup.ts);
 * with none, the script takes the directory and dumps it itself. On PostgreSQL (DATABASE_URL) use pg_dump.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupDataDir } from '../apps/server/src/db/backup';
import { dataDirOption, givenPath, readArgs, runCli, serverConfig, UsageError } from './cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm run backup [-- FILE] [--data-dir DIR]

  FILE            where to write the backup (default: backups/atrium-<date>-<time>.tar.gz)
  --data-dir DIR  the embedded database's folder (default: DATA_DIR, else ./data at the repo root)

Works while the server runs: it asks the server for a consistent dump. On PostgreSQL (DATABASE_URL):
  pg_dump --format=custom --file=atrium.dump "$DATABASE_URL"`;

export type BackupArgs = { dataDir: string; file: string };

/** The command line: FILE and --data-dir are relative to where npm was run; DATA_DIR to the repo root. */
export function parseBackupArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  now = new Date(),
): BackupArgs | 'help' {
  const { values, positionals } = readArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) return 'help';
  if (positionals.length > 1) throw new UsageError(`one FILE at most, not ${positionals.length}`);
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const file = givenPath(env, positionals[0] ?? path.join('backups', `atrium-${stamp}.tar.gz`));
  return { dataDir: embeddedDataDir(values['data-dir'], env), file };
}

/** --data-dir, else the server's DATA_DIR; refuses when the server runs on PostgreSQL. */
export function embeddedDataDir(option: string | undefined, env: NodeJS.ProcessEnv): string {
  if (option !== undefined) return dataDirOption(env, option);
  const config = serverConfig(env);
  if (config.databaseUrl) {
    throw new UsageError(
      'DATABASE_URL is set: the database is a PostgreSQL server, which backs up with its own tools:\n' +
        '  pg_dump --format=custom --file=atrium.dump "$DATABASE_URL"\n' +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" atrium.dump',
    );
  }
  return path.resolve(root, config.dataDir);
}

/** Writes the archive readable by its owner only (it is the whole portal, personal data included). */
export function writePrivately(file: string, archive: Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, archive, { mode: 0o600 });
  renameSync(partial, file);
}

await runCli(import.meta.url, {
  usage: USAGE,
  parse: () => parseBackupArgs(process.argv.slice(2), process.env),
  failure: 'Backup failed',
  async run(args) {
    const started = performance.now();
    const { archive, source } = await backupDataDir(args.dataDir);
    writePrivately(args.file, archive);
    const how =
      source.via === 'server'
        ? `from the running server (process ${source.pid})`
        : 'directly (no server running)';
    const size = (archive.length / 1024 / 1024).toFixed(1);
    const took = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Backed up ${args.dataDir} ${how} to ${args.file} (${size} MB, ${took} s).`);
  },
});
