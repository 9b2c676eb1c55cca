import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { companies } from '../src/db/schema/index';
import { testEngine } from './database';
import { freePort, removeTempDirs, runServer, tempDir, waitForOutput } from './server-processes';

afterAll(removeTempDirs);

const tempDataDir = () => path.join(tempDir('atrium-data-'), 'data');

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
