/**
 * One scenario under autocannon: 10 connections, a short warm-up, then the measured run. Latencies are
 * taken from autocannon's per-response event (sub-millisecond, not its whole-millisecond histogram).
 */
import autocannon from 'autocannon';
import { percentile, round } from './common';
import type { Session } from './login';
import type { Request, Scenario } from './scenarios';

export type CannonResult = {
  p50_ms: number | null;
  p99_ms: number | null;
  rps: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
};

type Options = {
  connections: number;
  durationS: number;
  warmupS: number;
  /** Called between the warm-up and the measured run. */
  onMeasured?: () => void;
};

function headersOf(scenario: Scenario, session: Session, request: Request): Record<string, string> {
  return {
    ...(scenario.session ? session.headers(request.method) : { accept: 'application/json' }),
    ...(request.body !== undefined && { 'content-type': 'application/json' }),
    ...request.headers,
  };
}

function run(url: string, scenario: Scenario, session: Session, connections: number, durationS: number) {
  const { request } = scenario;
  let i = 0;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const rotate = scenario.rotate;
  const instance = autocannon(
    {
      url,
      connections,
      duration: durationS,
      requests: [
        {
          method: request.method,
          path: request.path,
          headers: headersOf(scenario, session, request),
          ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
          ...(rotate && {
            setupRequest: (req: autocannon.Request) => {
              const next = rotate(i++);
              return {
                ...req,
                method: next.method,
                path: next.path,
                headers: headersOf(scenario, session, next),
                body: next.body === undefined ? undefined : JSON.stringify(next.body),
              };
            },
          }),
        },
      ],
    },
    () => {},
  );
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  return new Promise<{ result: autocannon.Result; times: number[]; statuses: Record<string, number> }>(
    (resolve, reject) => {
      instance.on('done', (result: autocannon.Result) => resolve({ result, times, statuses }));
      instance.on('error', reject);
    },
  );
}

export async function cannon(
  url: string,
  scenario: Scenario,
  session: Session,
  options: Options,
): Promise<CannonResult> {
  if (options.warmupS > 0) await run(url, scenario, session, options.connections, options.warmupS);
  options.onMeasured?.();
  const { result, times, statuses } = await run(
    url,
    scenario,
    session,
    options.connections,
    options.durationS,
  );
  const expected = Object.entries(statuses)
    .filter(([status]) => Number(status) === scenario.expect)
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    p50_ms: round(percentile(times, 50)),
    p99_ms: round(percentile(times, 99)),
    rps: round(times.length / (result.duration || options.durationS), 0),
    requests: times.length,
    non2xx: times.length - expected,
    errors: result.errors + result.timeouts,
    statuses,
  };
}
