import type { z } from 'zod';

/** Every key the app stores starts with this, so logout can clear all of them and nothing else. */
const PREFIX = 'atrium.';

/** The stored value, or undefined when it is missing, unreadable or of an older shape. */
export function readStored<T>(key: string, schema: z.ZodType<T>): T | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
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
