import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { EventBus } from './event-bus';
import { peopleVersion } from './versioned-cache';

/**
 * The people version (table people_version, moved by triggers on every write that can change a directory
 * answer or a company month: decisions 0018 and 0021) as this process has heard it (decision 0030).
 * The triggers tell every process each new version on PEOPLE_CHANNEL, when the write commits. A kept
 * directory answer is then checked against the version in memory, without a statement.
 *
 * What is heard is trusted only while it can be complete: with the event bus's listening connection up,
 * and since a version read from the database after the last gap. Otherwise the version is read from the
 * database, as every request did before.
 *
 * A process hears its own writes before they have answered (db/client.ts, listenOnEveryConnection;
 * PGlite's listeners are called in the same session), so it never answers its own writer with an older
 * answer. Another process's write is heard within the notice's delivery, a fraction of a millisecond on
 * one machine; until then this process may still answer as before it.
 */
export type PeopleVersion = {
  /** The people version now: as heard, or read from the database when what was heard may be incomplete. */
  current(): Promise<string>;
  stop(): void;
};

/** The version read from the database, for a process that cannot hear the notices. */
const readPeopleVersion = async (db: Db) => {
  const [row] = await queryRows<{ version: string }>(db, sql`select ${peopleVersion} as version`);
  return row?.version ?? '';
};

export function createPeopleVersion(db: Db, events?: EventBus): PeopleVersion {
  if (!events) return { current: () => readPeopleVersion(db), stop: () => {} };
  let heard: bigint | null = null;
  // Moves at each gap, so that a read that began before one does not pass for complete.
  let gaps = 0;
  const raise = (version: string) => {
    if (!/^\d+$/.test(version)) return;
    const next = BigInt(version);
    if (heard === null || next > heard) heard = next;
  };
  const unsubscribe = events.subscribe({
    event: () => {},
    peopleChanged: raise,
    gap: () => {
      heard = null;
      gaps++;
    },
  });
  return {
    async current() {
      if (heard !== null && events.connected()) return String(heard);
      const gapsBefore = gaps;
      const connected = events.connected();
      const version = await readPeopleVersion(db);
      if (!connected || gapsBefore !== gaps) return version;
      // Versions only grow, and a notice may have brought a newer one while the read ran: the higher wins.
      raise(version);
      return heard === null ? version : String(heard);
    },
    stop: unsubscribe,
  };
}
