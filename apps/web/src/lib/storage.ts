/** Every key the app stores starts with this, so logout can clear all of them and nothing else. */
const PREFIX = 'atrium.';

/** A value as it is stored: with the shape it had, so that a later build with another shape ignores it. */
type Stored = { shape: string; value: unknown };

/**
 * The value stored under `key` with this `shape` (a name or fingerprint of its type, which the writer
 * gave too), or undefined when it is missing, unreadable or of another shape.
 */
export function readStored<T>(key: string, shape: string): T | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return undefined;
    const stored = JSON.parse(raw) as Partial<Stored> | null;
    return stored?.shape === shape ? (stored.value as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown, shape: string): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ shape, value } satisfies Stored));
  } catch {
    // Storage full or disabled (private mode): the app works without the local copy.
  }
}

export function removeStored(key: string): void {
  localStorage.removeItem(PREFIX + key);
}

export function clearStoredState(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
}
