/**
 * How much CPU other work on the machine takes while the bench measures: every second, the whole
 * machine's busy time (/proc/stat) minus that of the bench's own processes (this one, the server, the
 * SMTP sink, the PostgreSQL backends of the bench database, told by their process titles, and the
 * PostgreSQL processes that have ended, of whichever database: parallel workers, closed connections).
 * On two cores a test suite or a build running beside the bench halves its figures; the results flag
 * each scenario measured with more than a quarter of a core taken by others, and the bench waits a
 * while for such work to pass before each scenario.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { log, sleep } from './common';

const HZ = 100;
/** Foreign CPU above this (in cores) marks a figure as measured on a busy machine. */
export const BUSY_CORES = 0.25;

function machineBusy(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/).map(Number);
  // Interrupt time is left out: the loopback traffic of the bench itself is handled there, and no
  // process is charged for it. Steal (time the hypervisor gave to others) counts as taken by others.
  const [user = 0, nice = 0, system = 0, , , , , steal = 0] = fields;
  return user + nice + system + steal;
}

/** A process's fields in /proc/<pid>/stat after its name, from the state on (0-based: 1 is the parent). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User and system time of the process itself, or (`children`) of its children that have ended. */
function processBusy(pid: number, children = false): number | null {
  const fields = statFields(pid);
  if (!fields) return null;
  return children ? Number(fields[13]) + Number(fields[14]) : Number(fields[11]) + Number(fields[12]);
}

export type CpuMonitor = {
  /** Counts a process (and its CPU) as the bench's own. */
  own(pid: number): void;
  phase(name: string): void;
  /** The average CPU taken by other work during a phase, in cores. */
  foreign(phase: string): number | null;
  /** Waits (up to `maxMs`) until others take less than BUSY_CORES for 3 s in a row; returns the seconds waited. */
  waitQuiet(maxMs: number): Promise<number>;
  stop(): void;
};

export function startCpuMonitor(databaseName: string | null): CpuMonitor {
  const own = new Set<number>([process.pid]);
  let matched = new Set<number>();
  const last = new Map<number, number>();
  let lastMachine = machineBusy();
  let lastTime = performance.now();
  let phase = 'start';
  const byPhase = new Map<string, { cores: number; seconds: number }>();
  const recent: number[] = [];
  let ticks = 0;

  /**
   * The postmaster, whose ended children's time counts as ours: a directory answer computed afresh
   * runs in parallel workers that live for one query, too briefly to be found by a scan, and backends
   * of the replays' pool end when it closes idle connections.
   */
  let postmaster: number | null = null;
  /** The bench database's backends and PostgreSQL's own helpers (they flush the bench's writes). */
  const scan = () => {
    const next = new Set<number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (!title.startsWith('postgres:')) continue;
        const isHelper = /postgres: [^:]+: (checkpointer|background writer|walwriter|autovacuum)/.test(title);
        if (isHelper || (databaseName && title.includes(` ${databaseName} `))) next.add(Number(entry));
        if (isHelper && postmaster === null) postmaster = Number(statFields(Number(entry))?.[1]) || null;
      } catch {
        // gone
      }
    }
    matched = next;
  };
  scan();

  const sample = () => {
    if (ticks++ % 5 === 0) scan();
    const now = performance.now();
    const machine = machineBusy();
    let ours = 0;
    /** Adds what `key`'s busy time grew by since the last sample. */
    const count = (key: number, busy: number | null) => {
      if (busy === null) return;
      const before = last.get(key);
      if (before !== undefined) ours += busy - before;
      last.set(key, busy);
    };
    for (const pid of new Set([...own, ...matched])) count(pid, processBusy(pid));
    // Keyed by the negated PID, beside the postmaster's own time were it ever counted.
    if (postmaster !== null) count(-postmaster, processBusy(postmaster, true));
    const seconds = (now - lastTime) / 1000;
    const foreign = Math.max(0, (machine - lastMachine - ours) / HZ / seconds);
    lastMachine = machine;
    lastTime = now;
    const entry = byPhase.get(phase) ?? { cores: 0, seconds: 0 };
    entry.cores += foreign * seconds;
    entry.seconds += seconds;
    byPhase.set(phase, entry);
    recent.push(foreign);
    if (recent.length > 3) recent.shift();
  };
  const timer = setInterval(sample, 1000);
  timer.unref();

  return {
    own(pid) {
      own.add(pid);
      const busy = processBusy(pid);
      if (busy !== null) last.set(pid, busy);
    },
    phase(name) {
      // Backends opened since the last scan (a pool reconnecting after its idle timeout) count as ours
      // from the phase's start, not from the next scan.
      scan();
      sample();
      phase = name;
    },
    foreign(name) {
      const entry = byPhase.get(name);
      return entry?.seconds ? entry.cores / entry.seconds : null;
    },
    async waitQuiet(maxMs) {
      const started = performance.now();
      let told = false;
      while (recent.length < 3 || recent.some((cores) => cores > BUSY_CORES)) {
        const waited = performance.now() - started;
        if (waited >= maxMs) break;
        if (!told && recent.length >= 3) {
          log(
            `other work takes ${Math.max(...recent).toFixed(2)} cores; waiting up to ${Math.round((maxMs - waited) / 1000)} s`,
          );
          told = true;
        }
        await sleep(1000);
      }
      return Math.round((performance.now() - started) / 1000);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
