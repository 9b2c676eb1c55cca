import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@atrium/contracts';

/** A uniformly random numeric code from the cryptographic generator, e.g. '042917'. */
export const generateCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

export const newSalt = () => randomBytes(16).toString('hex');

export const hashCode = (code: string, salt: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** Constant-time check of a typed code against the stored hash. */
export function codeMatches(code: string, salt: string, storedHash: string): boolean {
  const typed = Buffer.from(hashCode(code, salt), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}
