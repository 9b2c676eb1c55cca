import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { randomToken, sha256 } from '../../lib/tokens';
import type { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'sessionid';
const DAY = 24 * 60 * 60 * 1000;
/** A session ends after 14 days without use, and 30 days after login whatever happens. */
export const SESSION_IDLE_MS = 14 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** last_seen_at is refreshed at most this often, so that reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionInfo = { userId: number; companyId: number; tokenHash: string };

export async function createSession(db: Db, userId: number, companyId: number, now: Date) {
  const token = randomToken(32);
  await db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, companyId, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The live session of a cookie token, or null when it is unknown, expired or its user is inactive. A
 * session looked up within the last few seconds comes from the cache, without a statement; an unknown
 * token is never cached, so that a session opened on another process is found at once.
 */
export async function findSession(
  db: Db,
  cache: SessionCache,
  token: string,
  now: Date,
): Promise<SessionInfo | null> {
  const tokenHash = sha256(token);
  const cached = cache.get(tokenHash, now);
  // The limits hold on the cached times too; a copy past one goes to the database, which decides.
  if (cached && !ended(cached, now)) {
    if (now.getTime() - cached.lastSeenAt >= TOUCH_INTERVAL_MS) {
      await touch(db, tokenHash, now);
      cache.touched(tokenHash, now);
    }
    return cached.session;
  }
  const version = cache.version();
  const [row] = await db
    .select({
      userId: sessions.userId,
      companyId: sessions.companyId,
      userCompanyId: users.companyId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      isActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return null;
  const times = { createdAt: row.createdAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() };
  if (!row.isActive || ended(times, now)) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - times.lastSeenAt >= TOUCH_INTERVAL_MS) {
    await touch(db, tokenHash, now);
    times.lastSeenAt = now.getTime();
  }
  const session = { userId: row.userId, companyId: row.companyId ?? row.userCompanyId, tokenHash };
  cache.put(tokenHash, { session, ...times }, now, version);
  return session;
}

/** Past the idle or the absolute limit (times in epoch ms). */
function ended(times: { createdAt: number; lastSeenAt: number }, now: Date) {
  return (
    now.getTime() - times.lastSeenAt >= SESSION_IDLE_MS ||
    now.getTime() - times.createdAt >= SESSION_ABSOLUTE_MS
  );
}

function touch(db: Db, tokenHash: string, now: Date) {
  return db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Removes sessions past their idle limit; run at start-up so the table does not grow without end. */
export async function deleteStaleSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)));
}
