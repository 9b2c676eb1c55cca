import { createLru } from '../../lib/lru';

/**
 * What this process has computed for company months (decision 0018), each under the calendar version
 * (table calendar_version, moved by triggers on every write that can change a month) it was asked under.
 * A request reads the version first and reuses an entry of the same version; any other version computes
 * afresh. Every process reads the version from the database, so a write through one process is seen by
 * all at once, with no message to lose.
 *
 * An entry may hold data newer than its version (a write committing between the version's read and the
 * computation): it is then recomputed once more than needed, never served stale.
 */
export type MonthCache<T> = {
  /** The value of `key` at `version`: a kept one, the one being computed, or a new computation. */
  get(key: string, version: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
};

/** Months kept at most: each is ~100 kB at most (its named runs are bounded), so this bounds the memory. */
export const MONTH_CACHE_ENTRIES = 64;

export function createMonthCache<T>(maxEntries = MONTH_CACHE_ENTRIES): MonthCache<T> {
  const entries = createLru<string, { version: string; value: Promise<T> }>(maxEntries);
  return {
    get(key, version, compute) {
      const kept = entries.get(key);
      if (kept?.version === version) return kept.value;
      // Callers of the same key and version while this runs share it: after a write, ten viewers of
      // the month cost one computation, not ten.
      const value = compute();
      const entry = { version, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
