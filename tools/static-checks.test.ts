import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

  it.each(['packages/contracts', 'apps/server', 'apps/web', 'scripts', 'tools'])(
    '%s type-checks',
    (project) => {
      const { status, output } = run('npx', ['tsc', '-p', project]);
      expect(status, output).toBe(0);
    },
  );
});
