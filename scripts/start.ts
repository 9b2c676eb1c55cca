/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then opens and
 * migrates the database, seeds the demo company into an empty one (DEMO=1), and serves API and app on
 * one port.
 */
import { configOrExit, startServer } from '../apps/server/src/main';
import { seedDemoIfEmpty } from './seed/index';
import { ensureWebBuild, webDist } from './web-build';

const config = configOrExit();
try {
  ensureWebBuild();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await startServer({ config, webDist, seedDemo: seedDemoIfEmpty });
