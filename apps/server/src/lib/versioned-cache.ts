import { sql } from 'drizzle-orm';
import { createLru } from './lru';

/**
 * Answers this process has computed, each under the version of the data it was asked under: the people
 * version (table people_version, moved by triggers on every write that can change a company month, a
 * directory answer, a tree or a profile: decisions 0018, 0021, 0037), or the work version (decision
 * 0038) for task lists, workflows, chat pages, days of meetings and feed pages. A request takes the
 * version first and reuses an entry of the same version; any other version computes afresh. The
 * calendar reads the version from the database with the viewer's standing; the others take it from
 * memory where the process has heard it (decision 0030).
 *
 * An entry may hold data newer than its version (a write committing between the version's read and the
 * computation): it is then recomputed once more than needed, never served stale.
 */
export type VersionedCache<T> = {
  /**
   * The value of `key` at `version`: a kept one, the one being computed, or a new computation. `now`
   * (ms) matters only to a cache whose values turn with the clock (`turnsAt`).
   */
  get(key: string, version: string, compute: () => Promise<T>, now?: number): Promise<T>;
  readonly size: number;
};

/**
 * `turnsAt`: for answers that also change with the clock (a task becomes overdue when its deadline
 * passes, with no write), the first moment (ms) after which a value no longer holds. A value then holds
 * from the `now` it was computed at until that moment, and a request outside that span computes afresh.
 */
export function createVersionedCache<T>(
  maxEntries: number,
  turnsAt?: (value: T) => number,
): VersionedCache<T> {
  type Entry = { version: string; value: Promise<T>; from: number; until: number };
  const entries = createLru<string, Entry>(maxEntries);
  return {
    get(key, version, compute, now = 0) {
      const kept = entries.get(key);
      if (kept?.version === version && kept.from <= now && now < kept.until) return kept.value;
      // Callers of the same key and version while this runs share it: after a write, ten readers of
      // the same answer cost one computation, not ten.
      const value = compute();
      const entry: Entry = { version, value, from: now, until: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      value.then(
        (computed) => {
          if (turnsAt) entry.until = turnsAt(computed);
        },
        () => {
          if (entries.peek(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The version kept answers are checked against, as a value inside a statement that reads more. */
export const peopleVersion = sql<string>`(select version::text from people_version)`;
