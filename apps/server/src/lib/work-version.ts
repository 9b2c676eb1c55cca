import type { EventBus } from './event-bus';
import { createLru } from './lru';
import type { PeopleVersion } from './people-version';
import { createVersionedCache } from './versioned-cache';

/** Transactions remembered as heard: more than can commit between a notice's first and last hearing. */
const HEARD_TRANSACTIONS = 1000;

/**
 * How many writes of work (requests and steps, their decisions, chats, comments and likes, posts with
 * their likes and covers, meetings, rights: migrations 0027, 0028 and 0030) this process has heard of,
 * as a version that kept task lists, workflows, chat pages, days of meetings and feed pages are checked
 * against (decision 0038). Every such write tells every process when it commits, and this process hears
 * its own before the write has answered (db/client.ts, listenOnEveryConnection), so an answer kept at
 * one count was computed after every write told before it, and any later write moves the count.
 *
 * No row in the database holds the count, so there is nothing to read it from when the notices may be
 * incomplete: without a bus, or while its listening connection is lost, there is no version and nothing
 * is kept. A gap moves the count, so nothing kept before it is used after it.
 *
 * These answers show people too (names, pictures, who may see what), so the version is the people
 * version's with the count.
 */
export type WorkVersion = {
  /** The version now, or null when what was heard may be incomplete. */
  current(): Promise<string | null>;
  stop(): void;
};

export function createWorkVersion(people: PeopleVersion, events?: EventBus): WorkVersion {
  if (!events) return { current: async () => null, stop: () => {} };
  let heard = 0;
  // Each listening connection hears every notice (migration 0029): a transaction is counted once.
  const transactions = createLru<string, true>(HEARD_TRANSACTIONS);
  const unsubscribe = events.subscribe({
    event: () => {},
    workChanged: (transaction) => {
      // A notice without its transaction (from before migration 0029) always counts.
      if (transaction !== '') {
        if (transactions.peek(transaction)) return;
        transactions.set(transaction, true);
      }
      heard++;
    },
    gap: () => {
      heard++;
    },
  });
  return {
    async current() {
      // Counted before the people version is read: a write heard meanwhile moves the next answer's.
      const count = heard;
      if (!events.connected()) return null;
      return `${await people.current()}.${count}`;
    },
    stop: unsubscribe,
  };
}

/** Answers kept under the work version: computed afresh, and not kept, while there is none. */
export type WorkCache<T> = {
  /** The value of `key`: kept, or computed by `compute`. `now` (ms) as for `createVersionedCache`. */
  get(key: string, compute: () => Promise<T>, now?: number): Promise<T>;
};

export function createWorkCache<T>(
  version: WorkVersion,
  maxEntries: number,
  turnsAt?: (value: T) => number,
): WorkCache<T> {
  const cache = createVersionedCache<T>(maxEntries, turnsAt);
  return {
    async get(key, compute, now) {
      const current = await version.current();
      return current === null ? compute() : cache.get(key, current, compute, now);
    },
  };
}
