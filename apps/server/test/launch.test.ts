import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from './database';
import { freePort, removeTempDirs, runServer, tempDir, waitForOutput } from './server-processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
afterAll(removeTempDirs);

describe.skipIf(testEngine() !== 'pglite')('npm start (scripts/launch.mjs)', () => {
  it('bundles the server, serves the API and the web app from the bundle, and stops on SIGTERM', async () => {
    const port = await freePort();
    const server = runServer({ PORT: String(port), DATA_DIR: path.join(tempDir(), 'data') }, 'npm start');
    try {
      await waitForOutput(server, 'Atrium is running', 90_000);
      expect(existsSync(path.join(root, 'apps/server/dist/start.mjs'))).toBe(true);
      const health = await fetch(`http://127.0.0.1:${port}/api/health/`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      const page = await fetch(`http://127.0.0.1:${port}/people`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 120_000);
});
