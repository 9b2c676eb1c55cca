import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testEngine } from './database';

const run = promisify(execFile);
const source = (file: string) =>
  JSON.stringify(
    pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src', file)).href,
  );

/**
 * In a process of its own: whether libvips (sharp's library) is in the process's memory once the whole
 * app's modules are loaded, and again after a picture is encoded.
 */
const script = `
import { readFileSync } from 'node:fs';
const libvipsLoaded = () => readFileSync('/proc/self/maps', 'utf8').includes('libvips');
await import(${source('app.ts')});
const atStart = libvipsLoaded();
const { toWebp } = await import(${source('lib/pictures.ts')});
const twoPixels = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPwyfvqk/eVAUIBACyOBr15aKflAAAAAElFTkSuQmCC', 'base64');
const webp = await toWebp(twoPixels, { width: 1, height: 1 }, 80);
console.log(JSON.stringify({ atStart, afterPicture: libvipsLoaded(), webp: webp.subarray(8, 12).toString() }));
`;

// Engine-independent: run once, with the PGlite project.
describe.skipIf(testEngine() !== 'pglite')('the picture encoder', () => {
  it('is loaded with the first picture, not with the server', async () => {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      script,
    ]);
    expect(JSON.parse(stdout)).toEqual({ atStart: false, afterPicture: true, webp: 'WEBP' });
  }, 30_000);
});
