/**
 * The raw SQL of a scenario: the exact driver calls one request of it makes, recorded below Drizzle, and
 * replayed through the same driver without the HTTP server, the routes or Drizzle.
 *
 * Recording wraps the driver: for PostgreSQL the pg pool's connections (`client.query(config, values)`,
 * the very objects Drizzle passes, row mode and type parsers included), for PGlite its `query` and
 * `transaction`. A statement run straight on the pool is a unit of its own; the statements of one
 * transaction (begin … commit on one pooled connection, or one PGlite transaction) form one unit.
 * Units the route started together (Promise.all) are replayed together: a unit joins the running "wave"
 * when it was issued before any unit of that wave had finished.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import {
  type Database,
  type Db,
  migrationsFolder,
  openDatabase,
  openPostgresPool,
  pgliteOptions,
} from '../../apps/server/src/db/client';
import type { NamingPglite } from '../../apps/server/src/db/pglite-named';
import * as schema from '../../apps/server/src/db/schema/index';
import type { EngineSpec } from './common';
import { percentile, sleep } from './common';

type Statement = { args: unknown[] };
type StatementTimer = (statement: Statement, ms: number) => void;

async function timed(run: () => Promise<unknown>, statement: Statement, time: StatementTimer | undefined) {
  if (!time) return run();
  const started = performance.now();
  const result = await run();
  time(statement, performance.now() - started);
  return result;
}

async function replayWaves(
  recording: Recording,
  replayUnit: (unit: Unit, time?: StatementTimer) => Promise<void>,
  time?: StatementTimer,
) {
  for (const wave of recording.waves) {
    if (time) for (const unit of wave) await replayUnit(unit, time);
    else await Promise.all(wave.map((unit) => replayUnit(unit)));
  }
}
export type Unit = { tag: string; tx: boolean; statements: Statement[]; issued: number; done: number };
export type Recording = { waves: Unit[][]; statements: number };

export type RecordingDatabase = {
  database: Database;
  /**
   * Runs `work`, returning every driver call it made, grouped for replay. With `settle`, waits a moment
   * after it for statements sent after the answer (none expected), which would belong to the next.
   */
  record<T>(work: () => Promise<T>, settle?: boolean): Promise<{ result: T; recording: Recording }>;
  /** Replays one recording once; with `time`, unit after unit, reporting each statement's time. */
  replay(recording: Recording, time?: StatementTimer): Promise<void>;
};

type Recorder = { units: Map<string, Unit> } | null;

/** Notes a statement of a unit; returns the function to call when it has finished. */
function begin(state: { current: Recorder }, tag: string, tx: boolean, args: unknown[]): () => void {
  const recorder = state.current;
  if (!recorder) return () => {};
  const issued = performance.now();
  let unit = recorder.units.get(tag);
  if (!unit) {
    unit = { tag, tx, statements: [], issued, done: issued };
    recorder.units.set(tag, unit);
  }
  unit.statements.push({ args });
  const u = unit;
  return () => {
    u.done = Math.max(u.done, performance.now());
  };
}

function track(
  state: { current: Recorder },
  tag: string,
  tx: boolean,
  args: unknown[],
  run: () => Promise<unknown>,
) {
  if (!state.current) return run();
  const finish = begin(state, tag, tx, args);
  const promise = run();
  promise.then(finish, finish);
  return promise;
}

function group(units: Unit[]): Unit[][] {
  const waves: Unit[][] = [];
  let wave: Unit[] = [];
  let firstDone = Number.POSITIVE_INFINITY;
  for (const unit of [...units].sort((a, b) => a.issued - b.issued)) {
    if (wave.length && unit.issued < firstDone) {
      wave.push(unit);
      firstDone = Math.min(firstDone, unit.done);
    } else {
      if (wave.length) waves.push(wave);
      wave = [unit];
      firstDone = unit.done;
    }
  }
  if (wave.length) waves.push(wave);
  return waves;
}

function describe(args: unknown[]): string {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '?');
  return text.replace(/\s+/g, ' ').slice(0, 160);
}

async function recordWith<T>(state: { current: Recorder }, work: () => Promise<T>, settle = true) {
  const recorder = { units: new Map<string, Unit>() };
  state.current = recorder;
  let result: T;
  try {
    result = await work();
    if (settle) await sleep(5);
  } finally {
    state.current = null;
  }
  const units = [...recorder.units.values()];
  const statements = units.reduce((sum, unit) => sum + unit.statements.length, 0);
  return {
    result,
    recording: {
      waves: group(units),
      statements,
    },
  };
}

type Wrapped = { __benchWrapped?: boolean; __benchTag?: string; __benchTx?: boolean };

/** PostgreSQL through node-postgres: a pool of 10, as the server opens it (db/client.ts). */
async function openPg(url: string): Promise<RecordingDatabase> {
  const { pool, onNotice } = openPostgresPool(url);
  const state: { current: Recorder } = { current: null };
  let seq = 0;
  const wrap = (client: pg.PoolClient, tag: string, tx: boolean) => {
    const w = client as unknown as pg.PoolClient & Wrapped;
    w.__benchTag = tag;
    w.__benchTx = tx;
    if (w.__benchWrapped) return;
    w.__benchWrapped = true;
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      // Callback-style calls come from pool.query (a unit of one); the callback is not part of the call.
      const callback = args[args.length - 1];
      if (typeof callback === 'function') {
        const callArgs = args.slice(0, -1);
        const finish = begin(state, w.__benchTag as string, false, callArgs);
        return query(...callArgs, (...result: unknown[]) => {
          finish();
          callback(...result);
        });
      }
      return track(state, w.__benchTag as string, w.__benchTx as boolean, args, () => query(...args));
    };
  };
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  (pool as unknown as { connect: unknown }).connect = (
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: unknown) => void,
  ) => {
    if (typeof cb === 'function') {
      return connect((err: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => {
        if (client) wrap(client, `p${++seq}`, false);
        cb(err, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      wrap(client, `t${++seq}`, true);
      return client;
    });
  };
  await pool.query('select 1');
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    engine: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder }),
    close: () => pool.end(),
    onNotice,
  };
  const replayUnit = async (unit: Unit, time?: StatementTimer) => {
    if (!unit.tx) {
      for (const statement of unit.statements)
        await timed(
          () => (pool.query as (...a: unknown[]) => Promise<unknown>)(...statement.args),
          statement,
          time,
        );
      return;
    }
    const client = await pool.connect();
    try {
      for (const statement of unit.statements)
        await timed(
          () => (client.query as (...a: unknown[]) => Promise<unknown>)(...statement.args),
          statement,
          time,
        );
    } finally {
      client.release();
    }
  };
  return {
    database,
    record: (work, settle) => recordWith(state, work, settle),
    replay: (recording, time) => replayWaves(recording, replayUnit, time),
  };
}

/** PGlite on its data folder, opened as the server opens it. */
async function openPglite(dir: string): Promise<RecordingDatabase> {
  mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = new PGlite(dir, pgliteOptions);
  await client.waitReady;
  const state: { current: Recorder } = { current: null };
  let seq = 0;
  // The app's own client (named statements), so that a replay runs as the app's statements run.
  let query = (..._args: unknown[]): Promise<unknown> => Promise.reject(new Error('not open'));
  let transaction: NamingPglite['transaction'] = () => Promise.reject(new Error('not open'));
  const recording = (named: NamingPglite): NamingPglite => {
    query = named.query as (...args: unknown[]) => Promise<unknown>;
    transaction = named.transaction;
    return {
      query: ((...args: unknown[]) =>
        track(state, `p${++seq}`, false, args, () => query(...args))) as NamingPglite['query'],
      transaction: (fn) => {
        const tag = `t${++seq}`;
        return transaction(async (tx) => {
          const txQuery = tx.query as (...args: unknown[]) => Promise<unknown>;
          const inner = {
            ...tx,
            query: (...args: unknown[]) => track(state, tag, true, args, () => txQuery(...args)),
          } as typeof tx;
          return fn(inner);
        });
      },
    };
  };
  const database = await openDatabase({ pglite: client }, { wrapPglite: recording });
  const replayUnit = async (unit: Unit, time?: StatementTimer) => {
    if (!unit.tx) {
      for (const statement of unit.statements) await timed(() => query(...statement.args), statement, time);
      return;
    }
    await transaction(async (tx) => {
      for (const statement of unit.statements)
        await timed(
          () => (tx.query as (...a: unknown[]) => Promise<unknown>)(...statement.args),
          statement,
          time,
        );
    });
  };
  return {
    database,
    record: (work, settle) => recordWith(state, work, settle),
    replay: (recording, time) => replayWaves(recording, replayUnit, time),
  };
}

export function openRecording(spec: EngineSpec): Promise<RecordingDatabase> {
  return spec.url ? openPg(spec.url) : openPglite(spec.dir as string);
}

export type StatementTime = { ms: number; sql: string };

export type RawTiming = {
  /** Each statement alone (median of the serial runs), in the order sent. */
  statements: StatementTime[];
  /** p50 of one request's SQL with `concurrency` replays in flight, as autocannon keeps requests in flight. */
  p50: number;
  p99: number;
  /** p50 of one request's SQL replayed alone. */
  serialP50: number;
  iterations: number;
  /** The timed replays stopped before `durationMs` because every recording had been replayed `maxReplays` times. */
  cutShort: boolean;
};

type ReplayOptions = {
  concurrency: number;
  /** How long `concurrency` replays run before they are timed, as autocannon warms a route up. */
  warmupMs: number;
  durationMs: number;
  serial: number;
  /**
   * How often one recording may be replayed while it still does what it did when recorded (the login
   * code's: a few times, before the address's rate limit turns the call into a cheaper refusal). Past
   * that the recordings run out, and the timing stops early rather than time other work.
   */
  maxReplays?: number;
  /** Called when the timed replays begin, after their warm-up. */
  onMeasured?: () => void;
};

/** Hands out recordings round robin, each at most `maxReplays` times; undefined once all are spent. */
function recordingDealer(recordings: Recording[], maxReplays = Number.POSITIVE_INFINITY) {
  let next = 0;
  const limit = recordings.length * maxReplays;
  return () => (next < limit ? (recordings[next++ % recordings.length] as Recording) : undefined);
}

/**
 * Times the replay of recordings (round robin when a scenario rotates its input): serially, then with
 * `concurrency` workers for `durationMs` after `warmupMs` of the same, as a route is timed. Windows of
 * 1.5 s a few seconds apart gave the profile's SQL a p50 anywhere from 0.90 to 1.45 ms, windows of 4 s
 * after a second's warm-up 0.87 to 0.96 (docs/performance.md, eighteenth pass).
 */
export async function timeReplay(
  db: RecordingDatabase,
  recordings: Recording[],
  { concurrency, warmupMs, durationMs, serial, maxReplays, onMeasured }: ReplayOptions,
): Promise<RawTiming> {
  const deal = recordingDealer(recordings, maxReplays);
  const replayNext = async (time?: StatementTimer) => {
    const recording = deal();
    if (!recording) return false;
    await db.replay(recording, time);
    return true;
  };
  for (let i = 0; i < 3; i++) await replayNext();
  // As many at once as will be timed: the pool opens its connections (and each prepares the statements)
  // here, not in the measured part.
  await Promise.all(Array.from({ length: concurrency }, () => replayNext()));
  const serialTimes: number[] = [];
  for (let i = 0; i < serial; i++) {
    const started = performance.now();
    if (!(await replayNext())) break;
    serialTimes.push(performance.now() - started);
  }
  // Each statement's times, by its place in the request: recordings of one route send the same ones.
  const first = recordings[0] as Recording;
  const place = new Map<Statement, number>();
  for (const recording of recordings) {
    let i = 0;
    for (const wave of recording.waves) {
      for (const unit of wave) for (const statement of unit.statements) place.set(statement, i++);
    }
  }
  const perPlace = new Map<number, number[]>();
  for (let i = 0; i < Math.max(3, Math.min(serial, 10)); i++) {
    await replayNext((statement, ms) => {
      const at = place.get(statement) ?? -1;
      const seen = perPlace.get(at);
      if (seen) seen.push(ms);
      else perPlace.set(at, [ms]);
    });
  }
  const statements = first.waves
    .flatMap((wave) => wave.flatMap((unit) => unit.statements))
    .map((statement, i) => ({ ms: percentile(perPlace.get(i) ?? [], 50), sql: describe(statement.args) }));
  const times: number[] = [];
  const measuredFrom = performance.now() + warmupMs;
  const deadline = measuredFrom + durationMs;
  const measuring = setTimeout(() => onMeasured?.(), warmupMs);
  let cutShort = false;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        if (!(await replayNext())) {
          cutShort = true;
          return;
        }
        if (started >= measuredFrom) times.push(performance.now() - started);
      }
    }),
  );
  clearTimeout(measuring);
  return {
    statements,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    serialP50: percentile(serialTimes, 50),
    iterations: times.length,
    cutShort,
  };
}
