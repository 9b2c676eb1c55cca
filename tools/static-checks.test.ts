import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startArgs } from '../scripts/start-command';
import { ensureWebBuild, webDist } from '../scripts/web-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('static checks', () => {
  it('Biome finds no lint or format problem', () => {
    const { status, output } = run('npx', ['biome', 'check', '.']);
    expect(status, output).toBe(0);
  });

  // apps/web/src/main.tsx loads Mantine's stylesheets per component: a component used without its file
  // renders unstyled. Mantine's class names (m_ and eight hex digits) in the built scripts say which
  // components the app renders.
  it('styles every Mantine class name the built app uses with a stylesheet it loads', () => {
    ensureWebBuild();
    const assets = path.join(webDist, 'assets');
    const files = readdirSync(assets);
    const contents = (extension: string) =>
      files
        .filter((file) => path.extname(file) === extension)
        .map((file) => readFileSync(path.join(assets, file), 'utf8'))
        .join('\n');
    const css = contents('.css');
    // Some of Mantine's class names are hooks that no stylesheet of Mantine's styles.
    const mantine = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
    const styled = [...new Set(contents('.js').match(/\bm_[0-9a-f]{8}\b/g))].filter((name) =>
      mantine.includes(`.${name}`),
    );
    expect(styled.length).toBeGreaterThan(50);
    expect(styled.filter((name) => !css.includes(`.${name}`))).toEqual([]);
  });

  // apps/web's component tests share one module graph (apps/web/vitest.config.ts): a module one file
  // replaced would stay replaced for the files after it.
  it('names every web test that replaces a module *.isolated.test, so that it runs in a graph of its own', () => {
    const src = path.join(root, 'apps/web/src');
    const tests = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.test\.tsx?$/.test(file) && !/\.isolated\.test\.tsx?$/.test(file),
    );
    expect(tests.length).toBeGreaterThan(50);
    const replacing = tests.filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(replacing).toEqual([]);
  });

  it.each(['packages/contracts', 'apps/server', 'apps/web', 'scripts', 'tools'])(
    '%s type-checks',
    (project) => {
      const { status, output } = run('npx', ['tsc', '-p', project]);
      expect(status, output).toBe(0);
    },
  );
});

describe('npm start', () => {
  /** The largest young generation V8 reaches, in MB, under a loop that keeps a third of what it allocates. */
  function youngGenerationMb(flags: string[]) {
    const probe = `const v8 = require('v8'); let keep = [], max = 0;
      for (let i = 0; i < 2e6; i++) {
        const o = { a: i, b: 'x' + i, c: [i] };
        if (i % 3 === 0) keep.push(o);
        if (keep.length > 1e5) keep = [];
        if (i % 50000 === 0) max = Math.max(max, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
      }
      console.log(max / 2 ** 20);`;
    const result = spawnSync(process.execPath, [...flags, '-e', probe], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return Number(result.stdout);
  }

  it("starts node with semi-spaces of 8 MB, half V8's own (decision 0033)", () => {
    const flags = startArgs().filter((arg) => arg.startsWith('--'));
    expect(youngGenerationMb([])).toBeGreaterThan(16);
    expect(youngGenerationMb(flags)).toBeLessThanOrEqual(16);
  });
});
