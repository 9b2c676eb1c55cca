import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { companies } from '../src/db/schema/index';
import { testEngine } from './database';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-data-'));
  dataDirs.push(dir);
  return path.join(dir, 'data');
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs the real entry point, as `npm start` does after building the web app. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, DEMO: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForOutput(
  server: { output(): string; child: ChildProcess },
  text: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline || server.child.exitCode !== null) {
      throw new Error(`server did not print "${text}":\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process', () => {
  it('stops at start-up with a message naming a bad variable', async () => {
    const server = runServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\s+PORT: must be a port number/);
  });

  it.skipIf(testEngine() !== 'pglite')(
    'serves on the embedded database, closes cleanly on SIGTERM, and keeps its data for the next start',
    async () => {
      const dataDir = tempDataDir();
      const port = await freePort();
      const first = runServer({ PORT: String(port), DATA_DIR: dataDir });
      await waitForOutput(first, 'Atrium is running');
      const csrf = await fetch(`http://127.0.0.1:${port}/api/auth/csrf/`);
      expect(csrf.status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('shutting down');

      const second = runServer({ PORT: String(port), DATA_DIR: dataDir });
      await waitForOutput(second, 'Atrium is running');
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    60_000,
  );
});

describe.skipIf(testEngine() !== 'pglite')('the embedded database', () => {
  it('keeps written data across a close and a reopen', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(companies).values({ name: 'Persisted Ltd' });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const rows = await second.db.select({ name: companies.name }).from(companies);
    await second.close();
    expect(rows).toEqual([{ name: 'Persisted Ltd' }]);
  }, 60_000);
});
