import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
export const webDist = path.join(webRoot, 'dist');
/** What the built app is made from: a change to any of it calls for a new build. */
const webSources = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  '../../packages/contracts/src',
];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Builds the web app when its build is missing or older than any of its sources. */
export function ensureWebBuild() {
  const builtIndex = path.join(webDist, 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...webSources.map((source) => newestChange(path.join(webRoot, source))));
  if (builtAt > sourcesAt) return;
  console.log(builtAt ? 'The web app changed since its last build; building it…' : 'Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web app failed to build; see the messages above.');
}
