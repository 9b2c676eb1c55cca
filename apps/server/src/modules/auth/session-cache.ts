import { createLru } from '../../lib/lru';
import type { SessionInfo } from './sessions';

/**
 * How long a looked-up session is served from memory. Writes that end or change a session reach every
 * process's cache through the event bus within milliseconds: a 'sessions.changed' notice that database
 * triggers send with the write's commit, so it cannot fail apart from the write. It can fail to arrive:
 * the bus's listening connection may be down (the bus clears the cache when it is back, but until then
 * nothing is heard). The TTL is the bound on a stale copy then. A few seconds still spare the statement
 * for a page's burst of requests and for the repeated calls of a busy client.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/**
 * The most sessions held: the least recently used go first. At ~800 bytes each (measured, with the index
 * by user), 10,000 (more people than send a request within one TTL) take ~8 MB of the 300 MB RSS budget.
 */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** A session as read from the database, with the times its limits are measured from (epoch ms). */
export type CachedSession = { session: SessionInfo; createdAt: number; lastSeenAt: number };

type Entry = CachedSession & { cachedAt: number };

export type SessionCache = {
  /** The copy of a session looked up less than the TTL ago, if any. */
  get(tokenHash: string, now: Date): CachedSession | undefined;
  /** Taken before reading a session from the database, and handed to `put` with what was read. */
  version(): number;
  /** Keeps what was read, unless the cache was invalidated meanwhile (the row read may be the old one). */
  put(tokenHash: string, entry: CachedSession, now: Date, version: number): void;
  /** Records a write of last_seen_at, if the session is still held. */
  touched(tokenHash: string, at: Date): void;
  /** Drops one session's copy: the process that wrote it must not wait for the bus to tell it. */
  forget(tokenHash: string): void;
  /** Drops every copy of these users' sessions, or of everyone's when none are named. */
  forgetUsers(userIds?: readonly number[]): void;
  readonly size: number;
};

/**
 * An LRU map of token hash to session, with each user's token hashes beside it, so that a notice costs
 * the sessions it names, not a scan. `maxEntries: 0` holds nothing, for a process that cannot hear of
 * other processes' writes.
 */
export function createSessionCache({
  ttlMs = SESSION_CACHE_TTL_MS,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
}: {
  ttlMs?: number;
  maxEntries?: number;
} = {}): SessionCache {
  const byUser = new Map<number, Set<string>>();
  const unindex = (tokenHash: string, entry: Entry) => {
    const hashes = byUser.get(entry.session.userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(entry.session.userId);
  };
  const entries = createLru<string, Entry>(maxEntries, unindex);
  let generation = 0;

  const remove = (tokenHash: string) => {
    const entry = entries.peek(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    unindex(tokenHash, entry);
  };

  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const age = now.getTime() - entry.cachedAt;
      // A clock set back (tests move theirs) makes an entry's age meaningless: read the database again.
      if (age < 0 || age >= ttlMs) {
        remove(tokenHash);
        return undefined;
      }
      return entry;
    },
    version: () => generation,
    put(tokenHash, entry, now, version) {
      if (maxEntries === 0 || version !== generation) return;
      remove(tokenHash);
      entries.set(tokenHash, { ...entry, cachedAt: now.getTime() });
      const hashes = byUser.get(entry.session.userId) ?? new Set();
      byUser.set(entry.session.userId, hashes.add(tokenHash));
    },
    touched(tokenHash, at) {
      const entry = entries.get(tokenHash);
      if (entry) entry.lastSeenAt = at.getTime();
    },
    forget(tokenHash) {
      generation++;
      remove(tokenHash);
    },
    forgetUsers(userIds) {
      generation++;
      if (!userIds) {
        entries.clear();
        byUser.clear();
        return;
      }
      for (const userId of userIds) {
        for (const tokenHash of byUser.get(userId) ?? []) remove(tokenHash);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
