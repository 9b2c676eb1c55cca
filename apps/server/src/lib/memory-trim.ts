import { createRequire } from 'node:module';
import type { Logger } from 'pino';

/**
 * How often the server hands freed native memory back to the system (decision 0028). Under the bench a
 * trim took 0.8 ms at the median and 2.7 at most; every second, the embedded server at 10,000 people
 * peaked at 276 MB where it had reached 325 MB (292 MB with a trim every 5 seconds, most of it in the
 * seconds after start-up, when V8 compiles the code that has become hot).
 */
export const TRIM_INTERVAL_MS = 1_000;

type MallocTrim = { trim(): boolean };

/**
 * glibc's malloc_trim, through the addon `npm ci` builds (apps/server/native); null where it was not
 * built (no C compiler at install time) or cannot load.
 */
export function loadMallocTrim(): MallocTrim | null {
  try {
    return createRequire(import.meta.url)('../../native/build/Release/malloc_trim.node') as MallocTrim;
  } catch {
    return null;
  }
}

/**
 * Trims now and every TRIM_INTERVAL_MS until stopped. V8's compiler and garbage-collector threads (and
 * PGlite's WebAssembly compiled in the background) allocate from malloc arenas of their own; what they
 * free stays in the process, 40–80 MB of it in the embedded server, until malloc_trim returns it.
 */
export function scheduleMemoryTrim(log: Logger, mallocTrim = loadMallocTrim()) {
  if (!mallocTrim) {
    log.info('the malloc_trim addon is not built: freed native memory stays with the process');
    return { stop() {} };
  }
  mallocTrim.trim();
  const timer = setInterval(() => mallocTrim.trim(), TRIM_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
