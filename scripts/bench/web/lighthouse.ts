/**
 * Lighthouse's performance category (its default mobile profile: a mid-range phone's screen, simulated
 * slow 4G and a 4x slower CPU) on pages of a running portal, in a browser that holds the session's
 * cookies, as a returning user's does (Lighthouse clears the site's storage and cache before each run,
 * not its cookies). Chromium is the system's (/usr/bin/chromium): nothing is downloaded.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { SessionCookie } from './portal';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A folder to keep each run's whole report in (its LCP element, request chains, main-thread work). */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type LighthouseRun = {
  /** 0…1, Lighthouse's performance score. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of script the page transferred (compressed, as served), from Lighthouse's resource summary. */
  scriptTransferBytes: number;
  /** Of every request. */
  totalTransferBytes: number;
  /** Lighthouse's measure of this machine's speed (a typical desktop ~1,000+; lower makes the 4x CPU
   * throttling harsher than intended). */
  benchmarkIndex: number;
};

export type LighthousePage = LighthouseRun & {
  page: string;
  /** Every run's figures; the page's figures above are the run of median score. */
  runs: LighthouseRun[];
};

type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>;

function transferBytes(audits: Audits, resourceType: string): number {
  const details = audits['resource-summary']?.details as
    | { items?: Array<{ resourceType: string; transferSize: number }> }
    | undefined;
  return details?.items?.find((item) => item.resourceType === resourceType)?.transferSize ?? 0;
}

/** Attempts per run: on a busy machine Lighthouse now and then fails to record a trace (NO_NAVSTART…). */
const ATTEMPTS = 3;

/** One Lighthouse run of `url`, tried again when Lighthouse itself fails to record it. */
async function audit(port: number, url: string, log: (line: string) => void) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const error = result
      ? result.lhr.runtimeError
      : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (result && !error) return result.lhr;
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error?.message}`);
    log(`  lighthouse ${url}: ${error?.code}, trying again`);
  }
}

const median = <T>(values: T[], key: (value: T) => number): T => {
  const sorted = [...values].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
};

/**
 * Runs Lighthouse `runs` times on each page (`baseUrl` + path) in one headless Chromium holding `cookies`.
 * A page that does not stay at its address (a redirect to /login: the session did not hold) fails.
 */
export async function runLighthouse(
  baseUrl: string,
  pages: readonly string[],
  {
    cookies,
    runs = 3,
    log = console.log,
  }: { cookies: SessionCookie[]; runs?: number; log?: (line: string) => void },
): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const { hostname } = new URL(baseUrl);
    await browser.setCookie(
      ...cookies.map((cookie) => ({ ...cookie, domain: hostname, path: '/', sameSite: 'Lax' as const })),
    );
    await browser.disconnect();
    const results: LighthousePage[] = [];
    for (const page of pages) {
      const pageRuns: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await audit(chrome.port, `${baseUrl}${page}`, log);
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== page) throw new Error(`${page} ended at ${landed}: did the session cookie hold?`);
        if (REPORTS_DIR) {
          await mkdir(REPORTS_DIR, { recursive: true });
          const name = `${page.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${run + 1}.json`;
          await writeFile(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
        }
        const audits = lhr.audits as Audits;
        const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        const figures: LighthouseRun = {
          performance: lhr.categories.performance?.score ?? 0,
          fcpMs: Math.round(value('first-contentful-paint')),
          lcpMs: Math.round(value('largest-contentful-paint')),
          tbtMs: Math.round(value('total-blocking-time')),
          cls: Number(value('cumulative-layout-shift').toFixed(3)),
          speedIndexMs: Math.round(value('speed-index')),
          scriptTransferBytes: transferBytes(audits, 'script'),
          totalTransferBytes: transferBytes(audits, 'total'),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        };
        pageRuns.push(figures);
        log(
          `  lighthouse ${page} run ${run + 1}/${runs}: ${Math.round(figures.performance * 100)} ` +
            `(FCP ${figures.fcpMs} ms, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls})`,
        );
      }
      results.push({ page, ...median(pageRuns, (run) => run.performance), runs: pageRuns });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
