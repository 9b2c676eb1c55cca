/**
 * The web part of `npm run bench` (issue 11): builds the app, reports the initial JS and CSS of every
 * route (gzip and brotli), checks that the pre-compressed copies are what the server sends, and runs
 * Lighthouse (mobile) on the main pages of the demo company, logged in. Writes
 * bench/results/web-latest.json and .md. Alone: `npx tsx scripts/bench/web/index.ts`
 * (LIGHTHOUSE_RUNS=n for the runs per page, 3 by default; WEB_BENCH_SKIP_LIGHTHOUSE=1 for sizes only;
 * LIGHTHOUSE_REPORTS=folder keeps every run's whole report).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type LighthousePage, runLighthouse } from './lighthouse';
import { startDemoPortal } from './portal';
import { measureRoutes, type RouteAssets, type Size } from './sizes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(root, 'apps/web/dist');
const resultsDir = path.join(root, 'bench/results');

/** Issue 11's budgets. A kB is 1,000 bytes, as Vite reports them. */
export const WEB_BUDGETS = { initial_js_gzip_kb: 200, lighthouse_performance: 0.9 } as const;
/** The pages the issue names for Lighthouse. */
export const LIGHTHOUSE_PAGES = ['/', '/people', '/tasks', '/calendar/vacations', '/news'] as const;
/** The demo account the pages are seen as. */
export const WEB_BENCH_USER = 'manager@demo.test';

type SizeKb = { raw_kb: number; gzip_kb: number; brotli_kb: number };

export type WebRouteResult = {
  route: string;
  js: SizeKb;
  css: SizeKb;
  js_files: number;
  within_budget: boolean;
};

export type PrecompressedCheck = {
  file: string;
  encoding: 'br' | 'gzip';
  /** Whether the build made a compressed copy (not for a file it would not make smaller). */
  copy: boolean;
  served_bytes: number;
  file_bytes: number;
  ok: boolean;
};

export type WebLighthouseResult = {
  page: string;
  performance: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  speed_index_ms: number;
  script_transfer_kb: number;
  total_transfer_kb: number;
  /** The score of each run; the figures above are of the run with the median score. */
  run_scores: number[];
  /** Lighthouse's speed measure of this machine in that run (~1,000+ on a typical desktop). */
  benchmark_index: number;
  within_budget: boolean;
};

export type WebBenchResult = {
  generated_at: string;
  user: string;
  budgets: typeof WEB_BUDGETS;
  routes: WebRouteResult[];
  precompressed: { ok: boolean; checks: PrecompressedCheck[] };
  /** Empty when Lighthouse was skipped. */
  lighthouse: WebLighthouseResult[];
  /** Every budget that failed, in words. */
  failures: string[];
};

export type WebBenchOptions = {
  /** Build the app first (default true). */
  build?: boolean;
  /** Run Lighthouse (default true, unless WEB_BENCH_SKIP_LIGHTHOUSE=1). */
  lighthouse?: boolean;
  /** Lighthouse runs per page; the median score counts (default LIGHTHOUSE_RUNS or 3). */
  runs?: number;
  /** Write bench/results/web-latest.json and .md (default true). */
  write?: boolean;
  log?: (line: string) => void;
};

const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const toKb = (size: Size): SizeKb => ({
  raw_kb: kb(size.raw),
  gzip_kb: kb(size.gzip),
  brotli_kb: kb(size.brotli),
});

function buildWebApp() {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
}

/** The body length the server sends for `file` when the browser accepts only `encoding`. */
function servedBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Checks that index.html's scripts and styles come as their .br and .gz copies, byte for byte. The build
 * makes no copy that would not be smaller (a tiny file): that file must then come as it is.
 */
async function checkPrecompressed(baseUrl: string): Promise<PrecompressedCheck[]> {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] as string,
  );
  const size = (file: string) =>
    stat(path.join(dist, file)).then(
      (stats) => stats.size,
      () => null,
    );
  const checks: PrecompressedCheck[] = [];
  for (const file of files) {
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const copy = await size(file + suffix);
      const expected =
        copy === null ? { encoding: 'identity', bytes: await size(file) } : { encoding, bytes: copy };
      const served = await servedBytes(`${baseUrl}/${file}`, encoding);
      checks.push({
        file,
        encoding,
        copy: copy !== null,
        served_bytes: served.bytes,
        file_bytes: expected.bytes ?? -1,
        ok: served.encoding === expected.encoding && served.bytes === expected.bytes,
      });
    }
  }
  return checks;
}

const lighthouseResult = (page: LighthousePage): WebLighthouseResult => ({
  page: page.page,
  performance: page.performance,
  fcp_ms: page.fcpMs,
  lcp_ms: page.lcpMs,
  tbt_ms: page.tbtMs,
  cls: page.cls,
  speed_index_ms: page.speedIndexMs,
  script_transfer_kb: kb(page.scriptTransferBytes),
  total_transfer_kb: kb(page.totalTransferBytes),
  run_scores: page.runs.map((run) => run.performance),
  benchmark_index: page.benchmarkIndex,
  within_budget: page.performance >= WEB_BUDGETS.lighthouse_performance,
});

export async function runWebBench(options: WebBenchOptions = {}): Promise<WebBenchResult> {
  const log = options.log ?? console.log;
  const withLighthouse = options.lighthouse ?? process.env.WEB_BENCH_SKIP_LIGHTHOUSE !== '1';
  const runs = options.runs ?? (Number(process.env.LIGHTHOUSE_RUNS) || 3);

  if (options.build ?? true) {
    log('web: building the app…');
    buildWebApp();
  }
  const routes = (await measureRoutes(dist)).map(
    (route: RouteAssets): WebRouteResult => ({
      route: route.route,
      js: toKb(route.js),
      css: toKb(route.css),
      js_files: route.jsFiles.length,
      within_budget: route.js.gzip <= WEB_BUDGETS.initial_js_gzip_kb * 1000,
    }),
  );

  log('web: starting the portal with the demo company…');
  const portal = await startDemoPortal(root);
  let checks: PrecompressedCheck[];
  let lighthouse: WebLighthouseResult[] = [];
  try {
    checks = await checkPrecompressed(portal.url);
    if (withLighthouse) {
      const cookies = await portal.logIn(WEB_BENCH_USER);
      log(`web: Lighthouse (mobile), ${runs} run(s) per page…`);
      lighthouse = (await runLighthouse(portal.url, LIGHTHOUSE_PAGES, { cookies, runs, log })).map(
        lighthouseResult,
      );
    }
  } finally {
    await portal.stop();
  }

  const failures = [
    ...routes
      .filter((route) => !route.within_budget)
      .map(
        (route) =>
          `initial JS of ${route.route}: ${route.js.gzip_kb} kB gzip > ${WEB_BUDGETS.initial_js_gzip_kb} kB`,
      ),
    ...checks
      .filter((check) => !check.ok)
      .map((check) => `${check.file} is not served as its pre-compressed ${check.encoding} copy`),
    ...lighthouse
      .filter((page) => !page.within_budget)
      .map(
        (page) =>
          `Lighthouse performance of ${page.page}: ${page.performance} < ${WEB_BUDGETS.lighthouse_performance}`,
      ),
  ];
  const result: WebBenchResult = {
    generated_at: new Date().toISOString(),
    user: WEB_BENCH_USER,
    budgets: WEB_BUDGETS,
    routes,
    precompressed: { ok: checks.every((check) => check.ok), checks },
    lighthouse,
    failures,
  };
  if (options.write ?? true) {
    await mkdir(resultsDir, { recursive: true });
    const json = path.join(resultsDir, 'web-latest.json');
    await writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
    // In the repository's own format, so that `biome check .` (npm test's lint) passes over the results.
    spawnSync('npx', ['biome', 'format', '--write', json], { cwd: root, stdio: 'ignore' });
    await writeFile(path.join(resultsDir, 'web-latest.md'), webMarkdown(result));
  }
  return result;
}

const mark = (ok: boolean) => (ok ? 'ok' : '**over**');

/** The results as Markdown tables. */
export function webMarkdown(result: WebBenchResult): string {
  const lines = [
    `# Web bench — ${result.generated_at}`,
    '',
    `Initial JS and CSS per route: the entry with its static imports (index.html's modulepreloads) and the`,
    `route's lazy chunks (with the side widgets it shows at once) and their static imports, from the Vite`,
    `manifest; gzip level 9 and brotli 11, as the build's pre-compressed copies. Budget: initial JS ≤`,
    `${result.budgets.initial_js_gzip_kb} kB gzip.`,
    '',
    '| route | JS gzip kB | JS brotli kB | JS raw kB | CSS gzip kB | CSS brotli kB | CSS raw kB | JS budget |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...result.routes.map(
      (r) =>
        `| ${r.route} | ${r.js.gzip_kb} | ${r.js.brotli_kb} | ${r.js.raw_kb} | ${r.css.gzip_kb} | ` +
        `${r.css.brotli_kb} | ${r.css.raw_kb} | ${mark(r.within_budget)} |`,
    ),
    '',
    `Pre-compressed copies served (index.html's scripts and styles, br and gzip): ${
      result.precompressed.ok ? 'yes' : `**no**`
    } (${result.precompressed.checks.filter((check) => check.ok).length}/${result.precompressed.checks.length}).`,
    '',
  ];
  if (result.lighthouse.length) {
    lines.push(
      `Lighthouse performance, mobile profile (simulated slow 4G, 4x CPU), as ${result.user} on the demo`,
      `company; the run of median score of ${result.lighthouse[0]?.run_scores.length ?? 0}. Budget: ≥ ${
        result.budgets.lighthouse_performance
      }.`,
      "Host index: Lighthouse's benchmarkIndex of this machine (~1,000+ for a typical desktop); a busy or",
      'slow host makes the simulated 4x CPU slowdown harsher, and TBT and LCP worse, than intended.',
      '',
      '| page | score | runs | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS transferred kB | host index | budget |',
      '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...result.lighthouse.map(
        (p) =>
          `| ${p.page} | ${p.performance} | ${p.run_scores.join(', ')} | ${p.fcp_ms} | ${p.lcp_ms} | ${p.tbt_ms} | ` +
          `${p.cls} | ${p.speed_index_ms} | ${p.script_transfer_kb} | ${p.benchmark_index} | ${mark(p.within_budget)} |`,
      ),
      '',
    );
  } else {
    lines.push('Lighthouse: skipped.', '');
  }
  lines.push(
    result.failures.length
      ? `Budgets failed:\n${result.failures.map((f) => `- ${f}`).join('\n')}`
      : 'Every web budget holds.',
    '',
  );
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const result = await runWebBench();
    console.log(`\n${webMarkdown(result)}`);
    console.log(`Written: ${path.relative(process.cwd(), path.join(resultsDir, 'web-latest.json'))} and .md`);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
