import { sql } from 'drizzle-orm';
import { createLru } from './lru';

/**
 * Answers this process has computed, each under the version of the data it was asked under (table
 * people_version, moved by triggers on every write that can change a company month or a directory
 * answer: decisions 0018 and 0021). A request takes the version first and reuses an entry of the same
 * version; any other version computes afresh. The calendar reads the version from the database with the
 * viewer's standing; the directory takes it from memory where the process has heard it (decision 0030).
 *
 * An entry may hold data newer than its version (a write committing between the version's read and the
 * computation): it is then recomputed once more than needed, never served stale.
 */
export type VersionedCache<T> = {
  /** The value of `key` at `version`: a kept one, the one being computed, or a new computation. */
  get(key: string, version: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
};

export function createVersionedCache<T>(maxEntries: number): VersionedCache<T> {
  const entries = createLru<string, { version: string; value: Promise<T> }>(maxEntries);
  return {
    get(key, version, compute) {
      const kept = entries.get(key);
      if (kept?.version === version) return kept.value;
      // Callers of the same key and version while this runs share it: after a write, ten readers of
      // the same answer cost one computation, not ten.
      const value = compute();
      const entry = { version, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The version kept answers are checked against, as a value inside a statement that reads more. */
export const peopleVersion = sql<string>`(select version::text from people_version)`;
