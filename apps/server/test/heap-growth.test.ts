import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testEngine } from './database';

const run = promisify(execFile);
const heapGrowth = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/heap-growth.ts'),
).href;

/**
 * A server's pattern in miniature, in a process of its own (V8's flags are the process's): a live set
 * that stays, and work whose objects outlive a young-generation collection before they are dropped.
 * Prints the largest heap V8 committed.
 */
const workload = (limited: boolean) => `
import { limitHeapGrowth } from ${JSON.stringify(heapGrowth)};
if (${limited}) limitHeapGrowth();
const live = Array.from({ length: 200_000 }, (_, i) => ({ i, name: 'person ' + i }));
let pending = [];
let peak = 0;
for (let round = 0; round < 1000; round++) {
  for (let k = 0; k < 2000; k++) pending.push({ row: new Array(20).fill(k), reply: { k, text: 'x' + k } });
  if (pending.length > 40_000) pending = pending.slice(20_000);
  peak = Math.max(peak, process.memoryUsage().heapTotal);
  await new Promise((resolve) => setImmediate(resolve));
}
console.log(JSON.stringify({ peak, kept: live.length }));
`;

async function peakHeap(limited: boolean): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '--eval',
    workload(limited),
  ]);
  return JSON.parse(stdout).peak;
}

// Engine-independent: run once, with the PGlite project.
describe.skipIf(testEngine() !== 'pglite')('the server’s heap growth', () => {
  it('keeps the old generation closer to what lives in it than V8 does by itself', async () => {
    const unlimited = await peakHeap(false);
    const limited = await peakHeap(true);
    expect(limited).toBeLessThan(unlimited * 0.85);
  }, 60_000);
});
