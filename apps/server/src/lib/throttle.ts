import { and, asc, eq, lt, sql } from 'drizzle-orm';
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
  if (waitMs > 0) throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
  await tx.insert(throttleHits).values(limits.map(({ key }) => ({ key, at: now })));
}
