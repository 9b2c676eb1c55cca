import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testEngine } from './database';

const run = promisify(execFile);
const logger = path.resolve(import.meta.dirname, '../src/lib/logger.ts');

/**
 * A process that logs with the server's logger, its standard output a file: how many blocking writes 100
 * lines took, and then 5,000 lines logged just before process.exit.
 */
const logAndExit = `
  import fs from 'node:fs';
  import { createLogger } from ${JSON.stringify(logger)};
  const log = createLogger('info');
  const writeSync = fs.writeSync;
  let blocking = 0;
  fs.writeSync = (...args) => {
    blocking++;
    return writeSync(...args);
  };
  for (let i = 0; i < 100; i++) log.info({ i }, 'first');
  fs.writeSync = writeSync;
  process.stderr.write(JSON.stringify({ blocking }));
  for (let i = 0; i < 5000; i++) log.info({ i }, 'line');
  process.exit(0);
`;

// Engine-independent: run once, with the PGlite project.
describe.skipIf(testEngine() !== 'pglite')("the server's log", () => {
  it('is written off the calling code, and nothing logged before an exit is lost', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'atrium-log-')), 'out.log');
    const { stderr } = await run('sh', [
      '-c',
      `exec "${process.execPath}" --import tsx --input-type=module --eval "$0" > "${out}"`,
      logAndExit,
    ]);
    expect(JSON.parse(stderr)).toEqual({ blocking: 0 });
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(5100);
    expect(lines[0]).toMatchObject({ level: 30, i: 0, msg: 'first' });
    expect(lines.at(-1)).toMatchObject({ i: 4999, msg: 'line' });
  }, 30_000);
});
