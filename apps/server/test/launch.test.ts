import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from './database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-launch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.skipIf(testEngine() !== 'pglite')('npm start (scripts/launch.mjs)', () => {
  it('bundles the server, serves the API and the web app from the bundle, and stops on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/launch.mjs'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: path.join(dir, 'data'), DEMO: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Atrium is running')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`not running:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(existsSync(path.join(root, 'apps/server/dist/start.mjs'))).toBe(true);
      const health = await fetch(`http://127.0.0.1:${port}/api/health/`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      const page = await fetch(`http://127.0.0.1:${port}/people`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
