import { describe, expect, it } from 'vitest';
import { createVersionedCache } from '../src/lib/versioned-cache';

describe('createVersionedCache', () => {
  it('computes a key once for all who ask while it runs, and again under a new version', async () => {
    const cache = createVersionedCache<number>(64);
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('m', '1', compute)));
    expect(answers).toEqual([1, 1, 1]);
    expect(await cache.get('m', '2', compute)).toBe(2);
    expect(await cache.get('m', '2', compute)).toBe(2);
    expect(runs).toBe(2);
  });

  it('keeps no failed computation', async () => {
    const cache = createVersionedCache<string>(64);
    await expect(cache.get('m', '1', () => Promise.reject(new Error('database gone')))).rejects.toThrow();
    expect(await cache.get('m', '1', async () => 'ok')).toBe('ok');
  });

  it('holds at most its bound, dropping the entry used longest ago', async () => {
    const cache = createVersionedCache<string>(2);
    await cache.get('a', '1', async () => 'a');
    await cache.get('b', '1', async () => 'b');
    await cache.get('a', '1', async () => 'a again'); // a is used: b is now the oldest
    await cache.get('c', '1', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', '1', async () => 'a computed')).toBe('a');
    expect(await cache.get('b', '1', async () => 'b computed')).toBe('b computed');
  });

  it('keeps a value that turns with the clock only from the moment it was computed until it turns', async () => {
    const cache = createVersionedCache<{ at: number; turnsAt: number }>(64, (value) => value.turnsAt);
    let runs = 0;
    const at = (now: number) =>
      cache.get(
        'list',
        '1',
        async () => {
          runs++;
          return { at: now, turnsAt: now + 100 };
        },
        now,
      );
    expect((await at(1000)).at).toBe(1000);
    expect((await at(1099)).at).toBe(1000);
    expect((await at(1100)).at).toBe(1100);
    expect((await at(1050)).at).toBe(1050); // the clock went back: computed afresh
    expect(runs).toBe(3);
  });
});
