import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMallocTrim, scheduleMemoryTrim, TRIM_INTERVAL_MS } from '../src/lib/memory-trim';
import { testEngine } from './database';

const run = promisify(execFile);
const memoryTrim = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/memory-trim.ts'),
).href;

/**
 * Freed memory in the middle of malloc's heap, in a process of its own: 60 MB of buffers below glibc's
 * mmap threshold, of which every tenth stays, so that what is freed cannot shrink the heap from its top.
 * Prints the resident memory before and after a trim.
 */
const fragmentedHeap = `
import { readFileSync } from 'node:fs';
import { loadMallocTrim } from ${JSON.stringify(memoryTrim)};
const rssMb = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
let buffers = Array.from({ length: 1000 }, () => Buffer.allocUnsafeSlow(60 * 1024).fill(1));
const kept = buffers.filter((_, i) => i % 10 === 9);
buffers = null;
for (let i = 0; i < 3; i++) {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const before = rssMb();
const released = loadMallocTrim().trim();
console.log(JSON.stringify({ before, after: rssMb(), released, kept: kept.length }));
`;

const silent = pino({ level: 'silent' });

afterEach(() => {
  vi.useRealTimers();
});

/** malloc_trim is glibc's (CI's Debian); elsewhere the addon builds to a no-op, or not at all. */
const glibc = Boolean(
  (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime,
);

// Engine-independent: run once, with the PGlite project.
describe.skipIf(testEngine() !== 'pglite')('returning freed memory to the system', () => {
  it.runIf(glibc)('has the addon that npm ci builds on this glibc machine', () => {
    expect(loadMallocTrim()?.trim).toBeTypeOf('function');
  });

  it.runIf(glibc)(
    'gives the system back memory freed in the middle of the heap',
    async () => {
      const { stdout } = await run(process.execPath, [
        '--expose-gc',
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        fragmentedHeap,
      ]);
      const { before, after, released } = JSON.parse(stdout);
      expect(released).toBe(true);
      // About 54 MB were freed; the kept tenth and page rounding hold the rest.
      expect(before - after).toBeGreaterThan(30);
    },
    30_000,
  );

  it('trims at once and then at every interval until stopped', () => {
    vi.useFakeTimers();
    const trim = vi.fn(() => true);
    const schedule = scheduleMemoryTrim(silent, { trim });
    expect(trim).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TRIM_INTERVAL_MS * 3);
    expect(trim).toHaveBeenCalledTimes(4);
    schedule.stop();
    vi.advanceTimersByTime(TRIM_INTERVAL_MS * 3);
    expect(trim).toHaveBeenCalledTimes(4);
  });

  it('runs without the addon, saying so once', () => {
    const info = vi.fn();
    const schedule = scheduleMemoryTrim({ info } as unknown as pino.Logger, null);
    expect(info).toHaveBeenCalledTimes(1);
    schedule.stop();
  });
});
