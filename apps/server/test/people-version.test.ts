import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { createPeopleVersion } from '../src/lib/people-version';
import { testEngine } from './database';
import { standInBus } from './stand-in-bus';

/**
 * Decision 0030: the people version as the process heard it from the database's notices, trusted only
 * while the notices can be complete. The database and the bus are stand-ins here: the statements read
 * are counted, and the bus's notices, losses and gaps are played by hand. The real notices (migration
 * 0021) are proven in directory-cache.test.ts and multi-process.test.ts.
 */
function standIns(initial: string) {
  const database = { version: initial, reads: 0, hold: null as Promise<void> | null };
  const db = {
    async execute() {
      database.reads++;
      const version = database.version;
      await database.hold;
      return { rows: [{ version }] };
    },
  } as unknown as Db;
  const { bus, events } = standInBus();
  const notice = (version: string) => bus.tell((listener) => listener.peopleChanged?.(version));
  return { database, db, bus, notice, events, listeners: bus.listeners };
}

// Engine-independent: run once, with the PGlite project.
describe.skipIf(testEngine() !== 'pglite')('the people version a process keeps', () => {
  it('is read from the database once, then taken from the notices without a statement', async () => {
    const { database, db, notice, events } = standIns('7');
    const version = createPeopleVersion(db, events);
    expect(await version.current()).toBe('7');
    expect(await version.current()).toBe('7');
    expect(database.reads).toBe(1);
    notice('8');
    database.version = '8';
    expect(await version.current()).toBe('8');
    expect(database.reads).toBe(1);
  });

  it('never goes back to an older version, whichever arrives last', async () => {
    const { database, db, notice, events } = standIns('7');
    const version = createPeopleVersion(db, events);
    notice('9');
    notice('8');
    expect(await version.current()).toBe('9');
    // A read that began before notice 10 and answers after it does not take the version back.
    let release = () => {};
    database.hold = new Promise((resolve) => {
      release = resolve;
    });
    const fresh = createPeopleVersion(db, events);
    const reading = fresh.current();
    notice('10');
    release();
    expect(await reading).toBe('10');
    database.hold = null;
    expect(await fresh.current()).toBe('10');
  });

  it('is read from the database for as long as the bus is disconnected, and after the gap', async () => {
    const { database, db, bus, events } = standIns('7');
    const version = createPeopleVersion(db, events);
    expect(await version.current()).toBe('7');
    bus.up = false;
    database.version = '12'; // moved while notices could not arrive
    expect(await version.current()).toBe('12');
    expect(await version.current()).toBe('12');
    expect(database.reads).toBe(3);
    bus.up = true;
    bus.gap();
    database.version = '13';
    expect(await version.current()).toBe('13');
    expect(await version.current()).toBe('13');
    expect(database.reads).toBe(4);
  });

  it('does not trust a read that a gap interrupted', async () => {
    const { database, db, bus, events } = standIns('7');
    const version = createPeopleVersion(db, events);
    let release = () => {};
    database.hold = new Promise((resolve) => {
      release = resolve;
    });
    const reading = version.current();
    bus.gap(); // the bus lost its connection and is back: what the read saw may be older than a lost notice
    release();
    expect(await reading).toBe('7');
    database.hold = null;
    database.version = '9';
    expect(await version.current()).toBe('9');
    expect(database.reads).toBe(2);
  });

  it('is always read from the database in a process without a bus', async () => {
    const { database, db } = standIns('7');
    const version = createPeopleVersion(db);
    await version.current();
    await version.current();
    expect(database.reads).toBe(2);
  });

  it('stops listening when stopped', () => {
    const { db, events, listeners } = standIns('7');
    const version = createPeopleVersion(db, events);
    expect(listeners.size).toBe(1);
    version.stop();
    expect(listeners.size).toBe(0);
  });
});
