import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token of the given number of bytes (32 bytes = 256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(sha256(a));
  const right = Buffer.from(sha256(b));
  return timingSafeEqual(left, right) && a.length === b.length;
}
