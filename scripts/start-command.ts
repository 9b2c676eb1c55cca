import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node's arguments for what `npm start` runs (the root package's start script, `node <flags>
 * scripts/launch.mjs`): V8's flags must be given when node starts (decision 0033), so whatever starts the
 * server as npm start does, without npm's own process in between (the bench), takes them from here.
 */
export function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = String(scripts.start).trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: it cannot be started alike`);
  return args;
}
