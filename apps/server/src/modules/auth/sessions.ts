import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { randomToken, sha256 } from '../../lib/tokens';

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

/** The live session of a cookie token, or null when it is unknown, expired or its user is inactive. */
export async function findSession(db: Db, token: string, now: Date): Promise<SessionInfo | null> {
  const tokenHash = sha256(token);
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
  const expired =
    !row.isActive ||
    now.getTime() - row.lastSeenAt.getTime() >= SESSION_IDLE_MS ||
    now.getTime() - row.createdAt.getTime() >= SESSION_ABSOLUTE_MS;
  if (expired) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { userId: row.userId, companyId: row.companyId ?? row.userCompanyId, tokenHash };
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Removes sessions past their idle limit; run at start-up so the table does not grow without end. */
export async function deleteStaleSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)));
}
