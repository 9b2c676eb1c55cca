/** The results: bench/results/latest.json (machine-readable) and latest.md (the table), printed too. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ColdStart } from './cold-start';
import {
  DIRECTORY_VS_NOOP_BUDGET,
  type EngineName,
  PG_BUDGETS,
  PGLITE_P50_BUDGET,
  RATIO_BUDGET,
  RSS_BUDGET_MB,
  resultsDir,
  root,
  round,
} from './common';
import type { LoadResult } from './load';
import { BUSY_CORES } from './monitor';
import { type WebBenchResult, webMarkdown } from './web/index';

export type Row = {
  scenario: string;
  label: string;
  engine: EngineName;
  size: number;
  p50_ms: number | null;
  p99_ms: number | null;
  rps: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  /** The scenario's SQL replayed through the same driver with 10 in flight (autocannon's 10 connections). */
  raw_sql_p50_ms: number | null;
  /** The same SQL replayed one at a time. */
  raw_sql_serial_p50_ms: number | null;
  raw_sql_statements: number | null;
  /** How many replays the 10-in-flight figure was taken from (fewer when the recordings ran out). */
  raw_sql_replays: number | null;
  /** The statements of one request, each timed alone (median ms) with its first 160 characters, in the order sent. */
  raw_sql: { ms: number | null; sql: string }[];
  /** CPU taken by other work on the machine while the scenario ran, and while its SQL was replayed (cores). */
  foreign_cpu_cores: number | null;
  raw_sql_foreign_cpu_cores: number | null;
  /** Measured while other work took more than a quarter of a core: the figure is pessimistic. */
  busy: boolean;
  ratio: number | null;
  budget_p50_ms: number | null;
  budget_p99_ms: number | null;
  budget_ratio: number | null;
  pass: boolean;
  failures: string[];
};

export type EngineSummary = {
  engine: EngineName;
  size: number;
  seeded_at: string;
  data: Record<string, number>;
  noop_rps: number | null;
  directory_rps: number | null;
  directory_vs_noop: number | null;
  rss_max_mb: number | null;
  /** Right after the server answered its first request. */
  rss_ready_mb: number | null;
  rss_by_scenario: Record<string, number>;
  /** Every sample: [seconds since start, MB, phase]. */
  rss_series: [number, number, string][];
  mails_received: number | null;
  pass: boolean;
  failures: string[];
};

export type Report = {
  generated_at: string;
  machine: { cpus: number; cpu_model: string; memory_gb: number; node: string };
  /** The code measured: the commit, and files of the server and contracts changed since. */
  source: { commit: string; uncommitted: string[] };
  options: Record<string, unknown>;
  engines: EngineSummary[];
  rows: Row[];
  load: LoadResult | null;
  cold_start: ColdStart;
  /** The web bench (its own tables in web-latest.md); null with --no-web. */
  web: WebBenchResult | null;
  duration_s: number;
  notes: string[];
};

/** Fills budgets, ratio and pass of a row from its measured figures. */
export function judge(
  row: Omit<Row, 'ratio' | 'busy' | 'budget_p50_ms' | 'budget_p99_ms' | 'budget_ratio' | 'pass' | 'failures'>,
): Row {
  const budget = row.engine === 'pg' ? (PG_BUDGETS[row.scenario] ?? {}) : { p50: PGLITE_P50_BUDGET };
  const hasSql = row.raw_sql_p50_ms !== null;
  const ratio = hasSql && row.p50_ms !== null ? round(row.p50_ms / (row.raw_sql_p50_ms as number)) : null;
  const failures: string[] = [];
  if (row.non2xx || row.errors) failures.push(`${row.non2xx} non-2xx, ${row.errors} errors`);
  if (budget.p50 !== undefined && row.scenario !== 'noop' && (row.p50_ms ?? Infinity) > budget.p50)
    failures.push(`p50 ${row.p50_ms} ms > ${budget.p50} ms (${over(row.p50_ms, budget.p50)})`);
  if (budget.p99 !== undefined && (row.p99_ms ?? Infinity) > budget.p99)
    failures.push(`p99 ${row.p99_ms} ms > ${budget.p99} ms (${over(row.p99_ms, budget.p99)})`);
  if (ratio !== null && ratio > RATIO_BUDGET) failures.push(`ratio ${ratio} > ${RATIO_BUDGET}`);
  const busy = [row.foreign_cpu_cores, row.raw_sql_foreign_cpu_cores].some(
    (cores) => (cores ?? 0) > BUSY_CORES,
  );
  return {
    ...row,
    busy,
    ratio,
    budget_p50_ms: row.scenario === 'noop' ? null : (budget.p50 ?? null),
    budget_p99_ms: budget.p99 ?? null,
    budget_ratio: hasSql ? RATIO_BUDGET : null,
    pass: failures.length === 0,
    failures,
  };
}

const over = (value: number | null, budget: number) =>
  value === null ? 'no figure' : `${Math.round(((value - budget) / budget) * 100)}% over`;

export function engineSummary(
  engine: EngineName,
  size: number,
  seededAt: string,
  data: Record<string, number>,
  rows: Row[],
  rss: {
    max: number | null;
    ready: number | null;
    byScenario: Record<string, number>;
    series: [number, number, string][];
  },
  mails: number | null,
): EngineSummary {
  const noop = rows.find((row) => row.scenario === 'noop')?.rps ?? null;
  const directory = rows.find((row) => row.scenario === 'directory_filter')?.rps ?? null;
  const share = noop && directory ? round(directory / noop, 3) : null;
  const failures: string[] = [];
  if (engine === 'pg' && share !== null && share < DIRECTORY_VS_NOOP_BUDGET)
    failures.push(
      `directory filter throughput ${Math.round(share * 100)}% of the no-work route's < ${DIRECTORY_VS_NOOP_BUDGET * 100}%`,
    );
  if (rss.max !== null && rss.max >= RSS_BUDGET_MB)
    failures.push(`server RSS reached ${rss.max} MB ≥ ${RSS_BUDGET_MB} MB`);
  return {
    engine,
    size,
    seeded_at: seededAt,
    data,
    noop_rps: noop,
    directory_rps: directory,
    directory_vs_noop: share,
    rss_max_mb: rss.max,
    rss_ready_mb: rss.ready,
    rss_by_scenario: rss.byScenario,
    rss_series: rss.series,
    mails_received: mails,
    pass: failures.length === 0,
    failures,
  };
}

export function source(): Report['source'] {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trimEnd();
    } catch {
      return '';
    }
  };
  const uncommitted = git(['status', '--porcelain', '--', 'apps/server', 'packages/contracts'])
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  return { commit: git(['rev-parse', '--short', 'HEAD']).trim() || 'unknown', uncommitted };
}

export function machine(): Report['machine'] {
  return {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

const cell = (value: unknown) => (value === null || value === undefined ? '–' : String(value));
const fmt = (value: number | null, digits = 1) => (value === null ? '–' : value.toFixed(digits));
const budgetCell = (value: number | null, budget: number | null) =>
  budget === null ? fmt(value) : `${fmt(value)} / ${budget}`;

export function markdown(report: Report): string {
  const lines: string[] = [];
  lines.push('# Benchmark results', '');
  lines.push(
    `Run ${report.generated_at} on ${report.machine.cpus} × ${report.machine.cpu_model}, ${report.machine.memory_gb} GiB, Node ${report.machine.node}; ${report.duration_s} s in all. Options: \`${JSON.stringify(report.options)}\`.`,
    '',
  );
  lines.push(
    `Code: commit ${report.source.commit}${
      report.source.uncommitted.length
        ? ` with uncommitted changes to ${report.source.uncommitted.length} files of apps/server and packages/contracts (${report.source.uncommitted
            .slice(0, 8)
            .map((file) => `\`${file}\``)
            .join(', ')}${report.source.uncommitted.length > 8 ? ', …; all in latest.json' : ''})`
        : ''
    }.`,
    '',
  );
  for (const engine of report.engines) {
    const title = engine.engine === 'pg' ? 'PostgreSQL' : 'PGlite';
    lines.push(`## ${title}, ${engine.size.toLocaleString('en')} people`, '');
    lines.push(
      `Data (seeded ${engine.seeded_at}): ${Object.entries(engine.data)
        .map(([key, value]) => `${key} ${value.toLocaleString('en')}`)
        .join(', ')}.`,
      '',
    );
    lines.push(
      "| scenario | p50 ms (budget) | p99 ms (budget) | req/s | raw SQL p50 ms (10 in flight) | raw SQL p50 ms (alone) | statements | ratio | others' CPU, cores (run / SQL replay) | pass |",
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const row of report.rows.filter((r) => r.engine === engine.engine)) {
      lines.push(
        `| ${row.label} | ${budgetCell(row.p50_ms, row.budget_p50_ms)} | ${budgetCell(row.p99_ms, row.budget_p99_ms)} | ${cell(
          row.rps,
        )} | ${fmt(row.raw_sql_p50_ms, 2)} | ${fmt(row.raw_sql_serial_p50_ms, 2)} | ${cell(row.raw_sql_statements)} | ${fmt(
          row.ratio,
          2,
        )} | ${fmt(row.foreign_cpu_cores, 2)} / ${fmt(row.raw_sql_foreign_cpu_cores, 2)}${row.busy ? ' †' : ''} | ${row.pass ? 'yes' : `**NO**: ${row.failures.join('; ')}`} |`,
      );
    }
    lines.push(
      '',
      'Raw SQL: the statements of one request replayed through the same driver. For the routes that keep their answers (the company month, the directory, the missing people, the profile, the task lists, the workflow, the chat, the meetings, the feed), those of an answer computed afresh.',
    );
    if (report.rows.some((row) => row.engine === engine.engine && row.busy))
      lines.push(
        '',
        `† measured while other work on the machine took more than ${BUSY_CORES} of a core (during the scenario or its SQL replay): that figure is pessimistic.`,
      );
    lines.push('');
    lines.push(
      `Directory filter throughput: ${cell(engine.directory_rps)} req/s, ${
        engine.directory_vs_noop === null ? '–' : `${Math.round(engine.directory_vs_noop * 100)}%`
      } of the no-work route's ${cell(engine.noop_rps)} req/s${engine.engine === 'pg' ? ` (budget ≥ ${DIRECTORY_VS_NOOP_BUDGET * 100}%)` : ''}. ` +
        `Server RSS ${fmt(engine.rss_ready_mb)} MB when ready, at most ${fmt(engine.rss_max_mb)} MB (budget < ${RSS_BUDGET_MB} MB); the highest by scenario: ${Object.entries(
          engine.rss_by_scenario,
        )
          .map(([phase, mb]) => `${phase} ${mb}`)
          .join(', ')}. Login mails received by the SMTP sink: ${cell(
          engine.mails_received,
        )}.${engine.failures.length ? ` **Fails**: ${engine.failures.join('; ')}.` : ''}`,
      '',
    );
  }
  if (report.load) {
    const load = report.load;
    lines.push(
      `## Load run (${load.engine === 'pg' ? 'PostgreSQL' : 'PGlite'}): ${load.sessions} sessions, ${load.duration_s} s`,
      '',
    );
    lines.push(
      `${load.requests.toLocaleString('en')} requests, ${cell(load.rps)} req/s, ${load.errors} errors, p50 ${fmt(load.p50_ms)} ms, p99 ${fmt(
        load.p99_ms,
      )} ms; others' CPU ${fmt(load.foreign_cpu_cores, 2)} cores. Server RSS floor (lowest sample) ${fmt(load.rss_start_mb)} MB in seconds 5–20 → ${fmt(load.rss_end_mb)} MB in the last 15 s: growth ${fmt(
        load.rss_growth_mb,
      )} MB (bound ${load.growth_budget_mb} MB); slope of all samples ${fmt(load.rss_slope_mb_per_min)} MB/min; max ${fmt(load.rss_max_mb)} MB. ${load.pass ? 'Pass.' : `**Fails**: ${load.failures.join('; ')}.`}`,
      '',
    );
    lines.push('| kind | requests | errors | p50 ms | p99 ms |', '|---|---:|---:|---:|---:|');
    for (const kind of load.by_kind)
      lines.push(
        `| ${kind.kind} | ${kind.requests} | ${kind.errors} | ${fmt(kind.p50_ms)} | ${fmt(kind.p99_ms)} |`,
      );
    if (load.error_samples.length) lines.push('', `Errors seen: ${load.error_samples.join('; ')}`);
    lines.push('');
  }
  const cold = report.cold_start;
  lines.push(
    '## Start-up',
    '',
    `\`npm start\` on an empty data folder (embedded database, demo company) to the first 200 of /api/health/: ${
      cold.ready_s === null ? 'never' : `${fmt(cold.ready_s)} s`
    } (budget ${cold.budget_s} s), RSS then ${fmt(cold.rss_ready_mb)} MB. ${cold.pass ? 'Pass.' : `**Fails**: ${cold.failure}.`}`,
    '',
  );
  if (report.web) lines.push(webMarkdown(report.web).replace(/^# .*\n/, '## Web\n'));
  const failing = report.rows.filter((row) => !row.pass);
  lines.push('## Failing budgets', '');
  if (
    !failing.length &&
    report.engines.every((e) => e.pass) &&
    (report.load?.pass ?? true) &&
    cold.pass &&
    !report.web?.failures.length
  )
    lines.push('None.');
  for (const row of failing) {
    const slowest = [...row.raw_sql].sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0))[0];
    lines.push(
      `- ${row.engine} ${row.label}: ${row.failures.join('; ')}${
        slowest
          ? `; its slowest statement alone ${fmt(slowest.ms, 2)} ms: \`${slowest.sql.replace(/`/g, "'")}\``
          : ''
      }`,
    );
  }
  for (const engine of report.engines)
    for (const failure of engine.failures) lines.push(`- ${engine.engine}: ${failure}`);
  if (report.load && !report.load.pass) lines.push(`- load run: ${report.load.failures.join('; ')}`);
  if (!cold.pass) lines.push(`- start-up: ${cold.failure}`);
  for (const failure of report.web?.failures ?? []) lines.push(`- web: ${failure}`);
  lines.push('', '## How it is measured', '');
  for (const note of report.notes) lines.push(`- ${note}`);
  lines.push('');
  return lines.join('\n');
}

/** The table for the terminal: a compact form of the markdown one. */
export function consoleTable(report: Report): string {
  const header = ['engine', 'scenario', 'p50', 'p99', 'req/s', 'raw p50', 'ratio', 'others', 'pass'];
  const rows = report.rows.map((row) => [
    row.engine,
    row.scenario,
    budgetCell(row.p50_ms, row.budget_p50_ms),
    budgetCell(row.p99_ms, row.budget_p99_ms),
    cell(row.rps),
    fmt(row.raw_sql_p50_ms, 2),
    fmt(row.ratio, 2),
    `${fmt(row.foreign_cpu_cores, 2)}/${fmt(row.raw_sql_foreign_cpu_cores, 2)}${row.busy ? ' †' : ''}`,
    row.pass ? 'yes' : `NO ${row.failures.join('; ')}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export function writeReport(report: Report, dir = resultsDir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(dir, 'latest.md'), markdown(report));
}
