/**
 * A map that holds at most `maxEntries`, dropping the one used longest ago. A Map keeps insertion order,
 * so re-inserting on use makes its first key the least recently used.
 */
export type Lru<K, V> = {
  /** The value, now the most recently used. */
  get(key: K): V | undefined;
  /** The value, its place in the order left as it is (a look that is not a use). */
  peek(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
};

/** `onEvict` hears of each entry dropped for the bound (not of those deleted or cleared). */
export function createLru<K, V>(maxEntries: number, onEvict?: (key: K, value: V) => void): Lru<K, V> {
  const entries = new Map<K, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    peek: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) {
        const [oldest, dropped] = entries.entries().next().value as [K, V];
        entries.delete(oldest);
        onEvict?.(oldest, dropped);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
