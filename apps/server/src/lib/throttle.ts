import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { preparedSql } from '../db/prepared';
import { throttleHits } from '../db/schema/index';

/**
 * Sliding-window limits kept in the database, so that all API processes share them. Within the caller's
 * transaction: `secondsToWait` says whether any limit is reached (the caller refuses with 429 and those
 * seconds), and the hits are recorded only for what goes ahead. Refused attempts are not counted, so a
 * flood cannot extend a lock-out.
 */
export type Limit = { key: string; max: number; windowMs: number };

/** The limits as the database functions of migration 0031 take them: keys, maxes and windows. */
export const limitValues = (limits: Limit[]) => ({
  keys: limits.map(({ key }) => key),
  maxes: limits.map(({ max }) => max),
  windows: limits.map(({ windowMs }) => windowMs),
});

/** Those arrays as the functions' arguments, from the placeholders `keys`, `maxes` and `windows`. */
export const limitPlaceholders = sql`${sql.placeholder('keys')}::text[], ${sql.placeholder('maxes')}::int[],
  ${sql.placeholder('windows')}::bigint[]`;

const throttleWait = preparedSql<{ wait: number }>(
  'throttle_wait',
  sql`select throttle_wait(${limitPlaceholders}, ${sql.placeholder('now')}::timestamptz) as wait`,
);

/**
 * Within the caller's transaction, holds each key until it ends (so that two requests cannot both take
 * the last slot) and answers how many seconds to wait until every limit has a free slot: 0 when all do.
 * For limits that count only some outcomes (failed logins): check first, `recordHits` when it failed.
 * One statement whatever the number of limits (`throttle_wait`, migration 0031).
 */
export async function secondsToWait(tx: Tx, limits: Limit[], now: Date): Promise<number> {
  const [row] = await throttleWait(tx, { ...limitValues(limits), now });
  return row?.wait ?? 0;
}

/** Records one hit against each limit (after `secondsToWait` in the same transaction). */
export async function recordHits(tx: Tx, limits: Limit[], now: Date) {
  const keys = limits.map(({ key }) => key);
  await tx.execute(sql`insert into ${throttleHits} (key, at)
    select key, ${now}::timestamptz from unnest(${sql.param(keys)}::text[]) as k(key)`);
}

/** Forgets every hit of the keys (a consecutive-failure count that a success resets). */
export async function clearHits(tx: Tx, keys: string[]) {
  await tx.delete(throttleHits).where(inArray(throttleHits.key, keys));
}
