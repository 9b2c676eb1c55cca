/**
 * The production server as a child process, started as `npm start` starts it (`node <flags>
 * scripts/launch.mjs`), here with DEMO=0: no demo seed. Its resident memory is sampled every second from
 * /proc/<pid>/status. Its log goes to bench/.data/logs/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startArgs } from '../start-command';
import { dataDir, type EngineSpec, root, sleep } from './common';

export type RssSample = { t: number; mb: number; phase: string };

export type BenchServer = {
  url: string;
  pid: number;
  logFile: string;
  samples: RssSample[];
  /** RSS right after the server answered its first request. */
  readyMb: number | null;
  /** Labels the RSS samples from now on (the scenario running). */
  phase(name: string): void;
  rssMb(): number | null;
  stop(): Promise<void>;
};

/** A free port on loopback (never 3000, which others use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port && port !== 3000 ? resolve(port) : freePort().then(resolve, reject)));
    });
  });
}

export function readRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export async function startServer(
  spec: EngineSpec,
  { smtpUrl, logLevel }: { smtpUrl: string; logLevel: string },
): Promise<BenchServer> {
  const port = await freePort();
  const logs = path.join(dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const logFile = path.join(logs, `server-${spec.name}.log`);
  // The child writes its log straight to the file: no pipe through this process, which measures.
  const out = openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DEMO: '0',
    SMTP_URL: smtpUrl,
    LOG_LEVEL: logLevel,
    BENCH_NOOP: '1',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (spec.url) env.DATABASE_URL = spec.url;
  else env.DATA_DIR = spec.dir;
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (Node refuses
  // --cpu-prof in NODE_OPTIONS). BENCH_NODE_FLAGS: Node and V8 flags for the server alone, to try one
  // (a garbage collector's setting, say) without the bench's own process running under it too.
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = [
    ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
  ];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...startArgs()], {
    cwd: root,
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const pid = child.pid as number;
  const url = `http://127.0.0.1:${port}`;
  const samples: RssSample[] = [];
  let phase = 'start';
  const started = Date.now();
  const sample = () => {
    const mb = readRssMb(pid);
    if (mb !== null) samples.push({ t: (Date.now() - started) / 1000, mb, phase });
  };
  const timer = setInterval(sample, 1000);
  let exited = false;
  // A bench that stops on an error takes its server with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.once('exit', () => {
    exited = true;
    clearInterval(timer);
    process.off('exit', orphan);
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the ${spec.name} server stopped while starting; see ${logFile}`);
    try {
      const response = await fetch(`${url}/api/bench/noop/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${spec.name} server did not start within 120 s; see ${logFile}`);
    }
    await sleep(200);
  }
  sample();
  const readyMb = readRssMb(pid);

  return {
    url,
    pid,
    logFile,
    samples,
    readyMb,
    phase(name) {
      sample();
      phase = name;
    },
    rssMb: () => readRssMb(pid),
    async stop() {
      sample();
      clearInterval(timer);
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timeout = sleep(15_000).then(() => 'timeout' as const);
      if ((await Promise.race([gone, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await gone;
      }
    },
  };
}
