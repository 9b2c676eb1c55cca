/** What the command-line scripts (backup, restore, seed) share: argument errors, usage, failure exits. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../apps/server/src/config';

/** A command line the script cannot use: printed with the usage, exit code 1. */
export class UsageError extends Error {}

/** Node's parseArgs, its errors as UsageError with their first sentence ("Unknown option '--user'"). */
export function readArgs<T extends ParseArgsConfig>(config: T) {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message.split('. ')[0]);
  }
}

/** A path given on the command line: relative to where npm was run (INIT_CWD), not to the script. */
export const givenPath = (env: NodeJS.ProcessEnv, given: string) =>
  path.resolve(env.INIT_CWD ?? process.cwd(), given);

/** `--data-dir`'s folder, from where npm was run; an empty one is a usage error. */
export function dataDirOption(env: NodeJS.ProcessEnv, option: string): string {
  if (!option) throw new UsageError('--data-dir must not be empty');
  return givenPath(env, option);
}

/** The server's configuration from the environment; a bad variable is a usage error naming it. */
export function serverConfig(env: NodeJS.ProcessEnv) {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

type Cli<A> = {
  usage: string;
  /** The arguments, or 'help' for --help; throws UsageError for a bad command line. */
  parse: () => A | 'help';
  run: (args: A) => Promise<void>;
  /** Prefixes the message of an error `run` throws: "Backup failed: …". */
  failure: string;
};

/** Runs a script's main when the file is the one node was started with (not when a test imports it). */
export async function runCli<A>(moduleUrl: string, cli: Cli<A>) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  let args: A | 'help';
  try {
    args = cli.parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${cli.usage}`);
    process.exit(1);
  }
  if (args === 'help') {
    console.log(cli.usage);
    return;
  }
  try {
    await cli.run(args);
  } catch (error) {
    console.error(`${cli.failure}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
