/**
 * The in-process phase of an engine, before its server starts: tidy what earlier runs left, resolve the
 * scenarios, and for each one record the SQL of one request through the real app (`buildApp` over the
 * same driver, the session of a real login row), to time that SQL replayed without it.
 *
 * When the replays are timed: on PostgreSQL right before each scenario's run, so that the route and its
 * raw SQL are measured within seconds of each other (the host's speed moves by up to 2x within an hour,
 * docs/performance.md); on PGlite during this phase, since PGlite allows one process on a data folder
 * and the server will hold it.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { queryRows } from '../../apps/server/src/db/client';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createEventBus, PEOPLE_CHANNEL, WORK_CHANNEL } from '../../apps/server/src/lib/event-bus';
import { unboundedMailer } from '../../apps/server/src/lib/mail';
import { createSession } from '../../apps/server/src/modules/auth/sessions';
import { BENCH_USER, type EngineSpec, log, round } from './common';
import { sessionOf } from './login';
import type { CpuMonitor } from './monitor';
import { openRecording, type RawTiming, type Recording, timeReplay } from './raw-sql';
import { type Plan, planScenarios, type Request, type Scenario } from './scenarios';
import type { BenchMeta } from './seed';

export type RawResult = RawTiming & { count: number; foreign: number | null };

/** The scenarios' recorded SQL, to be timed. */
export type RawSql = {
  /** Times the scenario's SQL replayed (at once, or what was timed during the capture); none for no SQL. */
  time(scenario: string): Promise<RawResult | undefined>;
  /** Lets go of the recording database. */
  close(): Promise<void>;
};

type Options = {
  warmupMs: number;
  durationMs: number;
  serial: number;
  only: Set<string> | null;
  monitor: CpuMonitor;
  /** Time every replay during the capture and close the database (PGlite), or keep it open to time later. */
  timeNow: boolean;
};

export async function capturePhase(
  spec: EngineSpec,
  meta: BenchMeta,
  { warmupMs, durationMs, serial, only, monitor, timeNow }: Options,
): Promise<{ plan: Plan; raw: RawSql }> {
  const recording = await openRecording(spec);
  const { database } = recording;
  const db = database.db;
  const recorded = new Map<string, { recordings: Recording[]; maxReplays?: number }>();
  const timeRaw = async (name: string): Promise<RawResult | undefined> => {
    const { recordings, maxReplays } = recorded.get(name) ?? {};
    if (!recordings) return undefined;
    const phase = `${spec.name}:raw:${name}`;
    const timing = await timeReplay(recording, recordings, {
      concurrency: 10,
      warmupMs,
      durationMs,
      serial,
      maxReplays,
      onMeasured: () => monitor.phase(phase),
    });
    monitor.phase('idle');
    const first = recordings[0] as Recording;
    log(
      `${spec.name} raw SQL ${name}: ${first.statements} statements (slowest alone ${round(Math.max(...timing.statements.map((st) => st.ms)))} ms), p50 ${round(timing.p50)} ms at 10 in flight (${timing.iterations} timed${timing.cutShort ? ', cut short: every recording replayed as often as it may be' : ''}), ${round(timing.serialP50)} ms alone`,
    );
    return { ...timing, count: first.statements, foreign: monitor.foreign(phase) };
  };
  let keepOpen = false;
  try {
    await database.migrate();
    // What earlier runs left: the comments they sent, their login rate-limit windows, spent codes.
    await db.execute(
      sql`delete from chat_messages where chat_id = ${meta.scratchChat} and id > ${meta.scratchSeedMaxId}`,
    );
    await db.execute(sql`delete from throttle_hits`);
    await db.execute(sql`delete from login_codes where expires_at < now() or spent_at is not null`);
    // Fresh statistics after those deletes, so that every run plans from the same state (stale ones,
    // counting an earlier run's thousands of comments, once made the 500-message chat's query 10x slower
    // through a bad estimate and JIT compilation).
    await db.execute(
      sql`vacuum (analyze) chat_messages, chat_message_likes, throttle_hits, login_codes, sessions`,
    );

    const events = await createEventBus(database);
    const config = loadConfig({ DEMO: '0', LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1' });
    const app = await buildApp({
      db,
      mailer: unboundedMailer(async () => {}),
      clock: systemClock,
      config,
      events,
    });
    try {
      const csrf = 'bench-capture-csrf-token';
      let session = sessionOf('', '', csrf);
      const inject = (scenario: Pick<Scenario, 'session'>, request: Request) =>
        app.inject({
          method: request.method,
          url: request.path,
          headers: {
            ...(scenario.session ? session.headers(request.method) : { accept: 'application/json' }),
            ...(request.body !== undefined && { 'content-type': 'application/json' }),
            ...request.headers,
          },
          payload: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
      const [row] = await queryRows<{ id: number; companyId: number }>(
        db,
        sql`select id, company_id as "companyId" from users where lower(email) = ${BENCH_USER}`,
      );
      if (!row) throw new Error(`no ${BENCH_USER} in the bench data`);
      const token = await createSession(db, row.id, row.companyId, new Date());
      session = sessionOf(BENCH_USER, `sessionid=${token}; csrftoken=${csrf}`, csrf);

      const countOf = async (body: unknown) => {
        const response = await inject(
          { session: true },
          { method: 'POST', path: '/api/users/filter/?page=1&page_size=15&count=1', body },
        );
        return response.statusCode === 200 ? (response.json() as { count: number }).count : 0;
      };
      const plan = await planScenarios(db, meta, new Date(), countOf);

      for (const scenario of plan.scenarios) {
        if (scenario.noSql || (only && !only.has(scenario.name))) continue;
        const variants = scenario.variants?.count ?? 1;
        const recordings: Recording[] = [];
        const expectAnswer = (request: Request, answer: { statusCode: number; body: string }) => {
          if (answer.statusCode !== scenario.expect) {
            throw new Error(
              `${spec.name} ${scenario.name}: ${request.method} ${request.path} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`,
            );
          }
        };
        for (let v = 0; v < variants; v++) {
          const request = scenario.variants ? scenario.variants.request(v) : scenario.request;
          // One request warms the route's statements up; the variants share them.
          if (v === 0) expectAnswer(request, await inject(scenario, request));
          // Company months, directory answers and profiles are kept per process under the people
          // version (decisions 0018, 0021, 0037), task lists, workflows, chat pages, days of meetings
          // and feed pages under the work version too (decision 0038): both moved, the recorded request
          // computes its answer afresh, so the raw SQL is what the answer costs, not the nothing that
          // finds it kept.
          // Told as the triggers tell it, so that the app's versions in memory move too (decision 0030).
          await db.execute(
            sql`with moved as (update people_version set version = version + 1 returning version)
                select pg_notify(${PEOPLE_CHANNEL}, version::text), pg_notify(${WORK_CHANNEL}, '') from moved`,
          );
          // The first recording waits for late statements; the variants after it, thousands of them, are
          // held to its count instead, which a late statement of one would break in the next.
          const { result, recording: taken } = await recording.record(
            () => inject(scenario, request),
            v === 0,
          );
          expectAnswer(request, result);
          const first = recordings[0];
          if (first && taken.statements !== first.statements) {
            throw new Error(
              `${spec.name} ${scenario.name}: variant ${v} sent ${taken.statements} statements, the first ${first.statements}`,
            );
          }
          recordings.push(taken);
        }
        recorded.set(scenario.name, { recordings, maxReplays: scenario.variants?.maxReplays });
      }
      if (!timeNow) {
        keepOpen = true;
        return { plan, raw: { time: timeRaw, close: () => database.close() } };
      }
      const timed = new Map<string, RawResult | undefined>();
      for (const name of recorded.keys()) timed.set(name, await timeRaw(name));
      return { plan, raw: { time: async (name) => timed.get(name), close: async () => {} } };
    } finally {
      await app.close();
    }
  } finally {
    if (!keepOpen) await database.close();
  }
}
