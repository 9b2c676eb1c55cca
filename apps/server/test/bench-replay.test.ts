import { describe, expect, it } from 'vitest';
import { type Recording, type RecordingDatabase, timeReplay } from '../../../scripts/bench/raw-sql';

/** Recordings of one statement each, and a stand-in database that counts each one's replays. */
function countingReplays(count: number) {
  const recordings: Recording[] = Array.from({ length: count }, (_, i) => ({
    waves: [[{ tag: `r${i}`, tx: false, statements: [{ args: [`select ${i}`] }], issued: 0, done: 0 }]],
    statements: 1,
  }));
  const replays = new Map<Recording, number>();
  const db = {
    async replay(recording, time) {
      replays.set(recording, (replays.get(recording) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
      for (const statement of recording.waves.flat().flatMap((unit) => unit.statements))
        time?.(statement, 0.1);
    },
  } as Pick<RecordingDatabase, 'replay'> as RecordingDatabase;
  return { recordings, replays, db };
}

const timing = { concurrency: 10, warmupMs: 5, durationMs: 150, serial: 5 };

describe("the bench's raw SQL replays", () => {
  it('replays no recording more often than it may be, and says when that cut the timing short', async () => {
    const { recordings, replays, db } = countingReplays(40);
    const result = await timeReplay(db, recordings, { ...timing, warmupMs: 0, maxReplays: 3 });
    expect(Math.max(...replays.values())).toBe(3);
    expect([...replays.values()].reduce((sum, n) => sum + n, 0)).toBe(120);
    expect(result.cutShort).toBe(true);
    expect(result.iterations).toBeGreaterThan(0);
    expect(result.statements).toEqual([{ ms: 0.1, sql: 'select 0' }]);
  });

  it('replays round robin for the whole duration when the recordings may be replayed without end', async () => {
    const { recordings, replays, db } = countingReplays(4);
    const result = await timeReplay(db, recordings, timing);
    expect(result.cutShort).toBe(false);
    const counts = [...replays.values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(Math.min(...counts)).toBeGreaterThan(3);
  });
});
