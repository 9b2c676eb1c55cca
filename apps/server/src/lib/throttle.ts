import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { throttleHits } from '../db/schema/index';
import { tooManyRequests } from './errors';

export type Limit = { key: string; max: number; windowMs: number };

/**
 * Sliding-window limits kept in the database, so that all API processes share them. Within the caller's
 * transaction: refuses with 429 (and the seconds until a slot frees up) when any limit is reached, else
 * records one hit against each. Refused attempts are not counted, so a flood cannot extend a lock-out.
 */
export async function consume(tx: Tx, limits: Limit[], now: Date) {
  const waitSeconds = await secondsToWait(tx, limits, now);
  if (waitSeconds > 0) throw tooManyRequests(waitSeconds);
  await recordHits(tx, limits, now);
}

/**
 * Within the caller's transaction, holds each key until it ends (so that two requests cannot both take
 * the last slot) and answers how many seconds to wait until every limit has a free slot: 0 when all do.
 * For limits that count only some outcomes (failed logins): check first, `recordHits` when it failed.
 */
export async function secondsToWait(tx: Tx, limits: Limit[], now: Date): Promise<number> {
  for (const { key } of [...limits].sort((a, b) => a.key.localeCompare(b.key))) {
    // Serialises concurrent hits on one key, so two requests cannot both take the last slot.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
  let waitMs = 0;
  for (const { key, max, windowMs } of limits) {
    const since = new Date(now.getTime() - windowMs);
    await tx.delete(throttleHits).where(and(eq(throttleHits.key, key), lt(throttleHits.at, since)));
    // Refused hits are never stored, so a key holds at most `max` rows in its window.
    const hits = await tx
      .select({ at: throttleHits.at })
      .from(throttleHits)
      .where(eq(throttleHits.key, key))
      .orderBy(asc(throttleHits.at));
    const freeing = hits[hits.length - max];
    if (freeing) waitMs = Math.max(waitMs, freeing.at.getTime() + windowMs - now.getTime());
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** Records one hit against each limit (after `secondsToWait` in the same transaction). */
export async function recordHits(tx: Tx, limits: Limit[], now: Date) {
  await tx.insert(throttleHits).values(limits.map(({ key }) => ({ key, at: now })));
}

/** Forgets every hit of the keys (a consecutive-failure count that a success resets). */
export async function clearHits(tx: Tx, keys: string[]) {
  await tx.delete(throttleHits).where(inArray(throttleHits.key, keys));
}
