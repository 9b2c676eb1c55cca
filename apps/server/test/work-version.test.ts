import { describe, expect, it } from 'vitest';
import type { PeopleVersion } from '../src/lib/people-version';
import { createWorkCache, createWorkVersion } from '../src/lib/work-version';
import { testEngine } from './database';
import { standInBus } from './stand-in-bus';

/**
 * Decision 0038: the work version is the count of work notices this process heard, with the people
 * version, and there is none while the notices may be incomplete. The bus is a stand-in whose notices,
 * losses and gaps are played by hand; the real notices (migration 0027) are proven in
 * work-cache.test.ts and multi-process.test.ts.
 */
function standIns() {
  const { bus, events } = standInBus();
  let transaction = 0;
  const work = (id = String(++transaction)) => bus.tell((listener) => listener.workChanged?.(id));
  const people = { version: '7', current: async () => people.version, stop: () => {} };
  return { bus, work, events, people: people as PeopleVersion & typeof people, listeners: bus.listeners };
}

// Engine-independent: run once, with the PGlite project.
describe.skipIf(testEngine() !== 'pglite')('the work version a process keeps', () => {
  it('moves with every work notice and with the people version, and only then', async () => {
    const { work, events, people } = standIns();
    const version = createWorkVersion(people, events);
    const first = await version.current();
    expect(await version.current()).toBe(first);
    work();
    const afterWork = await version.current();
    expect(afterWork).not.toBe(first);
    people.version = '8';
    expect(await version.current()).not.toBe(afterWork);
  });

  it('counts a transaction heard on several connections once', async () => {
    const { work, events, people } = standIns();
    const version = createWorkVersion(people, events);
    work('41');
    const once = await version.current();
    work('41');
    expect(await version.current()).toBe(once);
    work('42');
    expect(await version.current()).not.toBe(once);
  });

  it('is none while the bus is disconnected, and moves past the gap when it is back', async () => {
    const { bus, events, people } = standIns();
    const version = createWorkVersion(people, events);
    const before = await version.current();
    bus.up = false;
    expect(await version.current()).toBeNull();
    bus.up = true;
    bus.gap();
    const after = await version.current();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it('is none in a process without a bus', async () => {
    const { people } = standIns();
    expect(await createWorkVersion(people).current()).toBeNull();
  });

  it('stops listening when stopped', () => {
    const { events, people, listeners } = standIns();
    const version = createWorkVersion(people, events);
    expect(listeners.size).toBe(1);
    version.stop();
    expect(listeners.size).toBe(0);
  });

  it('keeps answers only while there is a version, and computes afresh without one', async () => {
    const { bus, work, events, people } = standIns();
    const cache = createWorkCache<number>(createWorkVersion(people, events), 10);
    let runs = 0;
    const get = () => cache.get('list', async () => ++runs);
    expect([await get(), await get()]).toEqual([1, 1]);
    work();
    expect(await get()).toBe(2);
    bus.up = false;
    expect([await get(), await get()]).toEqual([3, 4]);
  });
});
