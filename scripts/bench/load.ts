/**
 * Issue 12's load run: 50 people, each logged in through the real code flow with a session of their
 * own, send a realistic mix (directory search, profiles, feed, comments, the company calendar, task
 * lists) as fast as the server answers, for 60 s on loopback. Every answer must be the expected status;
 * the server's resident memory is sampled each second and must not grow beyond a stated bound.
 */
import http from 'node:http';
import { Random } from '../seed/random';
import { LOAD_GROWTH_BUDGET_MB, log, percentile, RSS_BUDGET_MB, round } from './common';
import { login, type Session } from './login';
import type { MailSink } from './mail';
import type { CpuMonitor } from './monitor';
import type { Request } from './scenarios';
import { ipOf, type LoadPlan } from './scenarios';
import type { BenchServer } from './server';

type Kind = { name: string; weight: number; expect: number; make: (rng: Random, plan: LoadPlan) => Request };

/** The mix: what people do most (find someone, open a profile, check tasks and news) most often. */
const MIX: Kind[] = [
  {
    name: 'directory',
    weight: 25,
    expect: 200,
    make: (rng, plan) => ({
      method: 'POST',
      path: '/api/users/filter/?page=1&page_size=15',
      body: { q: rng.pick(plan.prefixes) },
    }),
  },
  {
    name: 'profile',
    weight: 25,
    expect: 200,
    make: (rng, plan) => ({ method: 'GET', path: `/api/users/${rng.pick(plan.profileIds)}/` }),
  },
  {
    name: 'tasks',
    weight: 25,
    expect: 200,
    make: (rng) => ({
      method: 'GET',
      path: `/api/tasks/?view=${rng.chance(0.5) ? 'exec' : 'creator'}&status=active&page=1`,
    }),
  },
  {
    name: 'feed',
    weight: 15,
    expect: 200,
    make: (_, plan) => ({ method: 'GET', path: `/api/posts/?company=${plan.companyId}&page=1` }),
  },
  {
    name: 'comment',
    weight: 5,
    expect: 201,
    make: (_, plan) => ({
      method: 'POST',
      path: `/api/chats/${plan.scratchChat}/chat_send_message/`,
      body: { message: 'bench: load run comment' },
    }),
  },
  {
    name: 'calendar',
    weight: 5,
    expect: 200,
    make: (_, plan) => ({
      method: 'POST',
      path: '/api/calendars/company/filter/',
      body: { year: plan.year, month: plan.month, detail: true },
    }),
  },
];

export type LoadKindResult = {
  kind: string;
  requests: number;
  errors: number;
  p50_ms: number | null;
  p99_ms: number | null;
};

export type LoadResult = {
  engine: string;
  sessions: number;
  duration_s: number;
  requests: number;
  rps: number | null;
  errors: number;
  error_samples: string[];
  p50_ms: number | null;
  p99_ms: number | null;
  by_kind: LoadKindResult[];
  rss_start_mb: number | null;
  rss_end_mb: number | null;
  rss_max_mb: number | null;
  rss_growth_mb: number | null;
  /** The least-squares slope of RSS over the run (after its first 5 s), MB per minute. */
  rss_slope_mb_per_min: number | null;
  growth_budget_mb: number;
  /** CPU taken by other work on the machine during the run, in cores. */
  foreign_cpu_cores: number | null;
  pass: boolean;
  failures: string[];
};

function slopePerMinute(samples: { t: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const meanT = samples.reduce((sum, s) => sum + s.t, 0) / n;
  const meanMb = samples.reduce((sum, s) => sum + s.mb, 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.t - meanT) * (s.mb - meanMb);
    den += (s.t - meanT) ** 2;
  }
  return den ? (num / den) * 60 : Number.NaN;
}

function send(agent: http.Agent, base: URL, session: Session, request: Request): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        agent,
        headers: {
          ...session.headers(request.method),
          ...(payload !== undefined && { 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
    req.end(payload);
  });
}

export async function runLoad(
  engine: string,
  server: BenchServer,
  mail: MailSink,
  plan: LoadPlan,
  { durationS, sessions: count, monitor }: { durationS: number; sessions: number; monitor: CpuMonitor },
): Promise<LoadResult> {
  log(`load: logging in ${count} people through the code flow`);
  const sessions: Session[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = plan.emails.slice(i, Math.min(i + 10, count));
    sessions.push(
      ...(await Promise.all(
        batch.map((email, j) => login(server.url, mail, email, ipOf.login(100 + i + j))),
      )),
    );
  }
  const base = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  const times = new Map<string, number[]>(MIX.map((kind) => [kind.name, []]));
  const errors = new Map<string, number>(MIX.map((kind) => [kind.name, 0]));
  const errorSamples: string[] = [];
  const weights = MIX.map((kind) => [kind, kind.weight] as const);

  log(`load: ${count} sessions for ${durationS} s`);
  server.phase('load');
  monitor.phase(`${engine}:load`);
  const started = performance.now();
  const loadStartedAt = server.samples.at(-1)?.t ?? 0;
  const deadline = started + durationS * 1000;
  await Promise.all(
    sessions.map(async (session, i) => {
      const rng = new Random(`load/${i}`);
      while (performance.now() < deadline) {
        const kind = rng.weighted(weights);
        const request = kind.make(rng, plan);
        const t0 = performance.now();
        let problem: string | null = null;
        try {
          const status = await send(agent, base, session, request);
          if (status !== kind.expect) problem = `${request.method} ${request.path}: ${status}`;
        } catch (error) {
          problem = `${request.method} ${request.path}: ${(error as Error).message}`;
        }
        (times.get(kind.name) as number[]).push(performance.now() - t0);
        if (problem) {
          errors.set(kind.name, (errors.get(kind.name) ?? 0) + 1);
          if (errorSamples.length < 10) errorSamples.push(problem);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  server.phase('after-load');
  monitor.phase('idle');
  agent.destroy();

  const all = [...times.values()].flat();
  const totalErrors = [...errors.values()].reduce((sum, n) => sum + n, 0);
  // Memory: large answers (the calendar month is megabytes) swing RSS by hundreds of MB between
  // collections, so a leak shows in the floor the collector returns to: the lowest RSS of seconds 5–20
  // against the lowest of the last 15 seconds. The slope of all samples is reported beside it.
  const samples = server.samples
    .filter((s) => s.phase === 'load')
    .map((s) => ({ ...s, t: s.t - loadStartedAt }));
  const floor = (values: number[]) => (values.length ? Math.min(...values) : Number.NaN);
  const early = floor(samples.filter((s) => s.t >= 5 && s.t <= 20).map((s) => s.mb));
  const late = floor(samples.filter((s) => s.t >= elapsed - 15).map((s) => s.mb));
  const slope = slopePerMinute(samples.filter((s) => s.t >= 5));
  const max = Math.max(...samples.map((s) => s.mb));
  const growth = late - early;
  const failures: string[] = [];
  if (totalErrors) failures.push(`${totalErrors} errors`);
  if (!(growth <= LOAD_GROWTH_BUDGET_MB))
    failures.push(`RSS grew ${round(growth, 1)} MB > ${LOAD_GROWTH_BUDGET_MB} MB`);
  if (!(max < RSS_BUDGET_MB)) failures.push(`RSS reached ${round(max, 1)} MB ≥ ${RSS_BUDGET_MB} MB`);
  const pass = failures.length === 0;
  return {
    engine,
    sessions: count,
    duration_s: round(elapsed, 1) as number,
    requests: all.length,
    rps: round(all.length / elapsed, 0),
    errors: totalErrors,
    error_samples: errorSamples,
    p50_ms: round(percentile(all, 50)),
    p99_ms: round(percentile(all, 99)),
    by_kind: MIX.map((kind) => {
      const list = times.get(kind.name) as number[];
      return {
        kind: kind.name,
        requests: list.length,
        errors: errors.get(kind.name) ?? 0,
        p50_ms: round(percentile(list, 50)),
        p99_ms: round(percentile(list, 99)),
      };
    }),
    rss_start_mb: round(early, 1),
    rss_end_mb: round(late, 1),
    rss_max_mb: round(max, 1),
    rss_growth_mb: round(growth, 1),
    rss_slope_mb_per_min: round(slope, 1),
    growth_budget_mb: LOAD_GROWTH_BUDGET_MB,
    foreign_cpu_cores: round(monitor.foreign(`${engine}:load`) ?? Number.NaN),
    pass,
    failures,
  };
}
