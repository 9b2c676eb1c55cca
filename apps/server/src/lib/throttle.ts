import { inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { throttleHits } from '../db/schema/index';

/**
 * Sliding-window limits kept in the database, so that all API processes share them. Within the caller's
 * transaction: `secondsToWait` says whether any limit is reached (the caller refuses with 429 and those
 * seconds), and the hits are recorded only for what goes ahead. Refused attempts are not counted, so a
 * flood cannot extend a lock-out.
 */
export type Limit = { key: string; max: number; windowMs: number };

/**
 * Within the caller's transaction, holds each key until it ends (so that two requests cannot both take
 * the last slot) and answers how many seconds to wait until every limit has a free slot: 0 when all do.
 * For limits that count only some outcomes (failed logins): check first, `recordHits` when it failed.
 * Two statements whatever the number of limits: the locks, then the windows (a login request sent six).
 */
export async function secondsToWait(tx: Tx, limits: Limit[], now: Date): Promise<number> {
  const keys = limits.map(({ key }) => key);
  // Taken in one order by every request, so that two requests holding one key each cannot deadlock.
  const lockOrder = [...keys].sort((a, b) => a.localeCompare(b));
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(key)) from unnest(${sql.param(lockOrder)}::text[]) with ordinality as k(key, n) order by n`,
  );
  const sinces = limits.map(({ windowMs }) => new Date(now.getTime() - windowMs).toISOString());
  // Hits older than their window go; the statement's snapshot still sees them, hence `at >= since`.
  const hits = await queryRows<{ key: string; at: number }>(
    tx,
    sql`with window_start (key, since) as (
          select * from unnest(${sql.param(keys)}::text[], ${sql.param(sinces)}::timestamptz[])
        ),
        expired as (
          delete from ${throttleHits} h using window_start w where h.key = w.key and h.at < w.since
        )
        select h.key, extract(epoch from h.at)::float8 * 1000 as at
        from ${throttleHits} h join window_start w on h.key = w.key and h.at >= w.since
        order by h.at`,
  );
  let waitMs = 0;
  for (const { key, max, windowMs } of limits) {
    // Refused hits are never stored, so a key holds at most `max` rows in its window.
    const times = hits.filter((hit) => hit.key === key).map((hit) => hit.at);
    const freeing = times[times.length - max];
    if (freeing !== undefined) waitMs = Math.max(waitMs, freeing + windowMs - now.getTime());
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** Records one hit against each limit (after `secondsToWait` in the same transaction). */
export async function recordHits(tx: Tx, limits: Limit[], now: Date) {
  await tx.execute(hitsInsert(limits, now));
}

/** The insert of one hit against each limit, for a caller that makes it part of a statement of its own. */
export function hitsInsert(limits: Limit[], now: Date): SQL {
  const keys = limits.map(({ key }) => key);
  return sql`insert into ${throttleHits} (key, at)
    select key, ${now}::timestamptz from unnest(${sql.param(keys)}::text[]) as k(key)`;
}

/** Forgets every hit of the keys (a consecutive-failure count that a success resets). */
export async function clearHits(tx: Tx, keys: string[]) {
  await tx.delete(throttleHits).where(inArray(throttleHits.key, keys));
}
