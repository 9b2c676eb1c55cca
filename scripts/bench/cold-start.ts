/**
 * Issue 11's start-up budget: `npm start` (scripts/launch.mjs) on an empty data folder, the embedded
 * database and the demo company, timed from spawning the process to the first 200 of /api/health/.
 * The web build is not part of it: `npm ci` makes it (the root package's postinstall).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startArgs } from '../start-command';
import { root, sleep } from './common';
import { freePort, readRssMb } from './server';

export const COLD_START_BUDGET_S = 15;

export type ColdStart = {
  ready_s: number | null;
  budget_s: number;
  /** Resident memory when ready, after creating, migrating and seeding the database. */
  rss_ready_mb: number | null;
  pass: boolean;
  failure: string | null;
};

export async function measureColdStart(): Promise<ColdStart> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-cold-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, startArgs(), {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let readyS: number | null = null;
  let rss: number | null = null;
  try {
    const deadline = started + 120_000;
    while (readyS === null && performance.now() < deadline && child.exitCode === null) {
      const status = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) {
        readyS = (performance.now() - started) / 1000;
        rss = readRssMb(child.pid as number);
      } else await sleep(100);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  const failure =
    readyS === null
      ? `never ready${errors ? `: ${errors.trim().slice(0, 300)}` : ''}`
      : readyS > COLD_START_BUDGET_S
        ? `ready in ${round(readyS)} s > ${COLD_START_BUDGET_S} s`
        : null;
  return {
    ready_s: round(readyS),
    budget_s: COLD_START_BUDGET_S,
    rss_ready_mb: round(rss),
    pass: failure === null,
    failure,
  };
}
