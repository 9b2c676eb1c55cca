import type { CalendarFeed } from '@atrium/contracts';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { absences, calendarFeeds, companies, users } from '../../db/schema/index';
import { randomToken, sha256 } from '../../lib/tokens';
import { meetingsCalendar } from '../meetings/feed';
import { addDays, toDay } from './dates';
import { type AllDayEvent, writeCalendar } from './ical';

type Scope = CalendarFeed['scope'];

/** The subscription URL of a token. */
export const feedUrl = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}/api/calendars/feed/${token}.ics`;

/** A person has one feed of each kind: the company absence calendar and their own meetings. */
export type FeedKind = 'absences' | 'meetings';

const ofKind = (userId: number, kind: FeedKind) =>
  and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.kind, kind));

/** The caller's feed as read back: its token is stored hashed only, so the URL is not known any more. */
export async function readFeed(db: Db, userId: number, kind: FeedKind) {
  const [row] = await db.select().from(calendarFeeds).where(ofKind(userId, kind));
  return row ? { url: null, scope: row.scope, created_at: row.createdAt.toISOString() } : null;
}

/**
 * Creates the caller's feed of a kind or gives it a new token: one feed of each kind per person, so the
 * old token's hash is overwritten and the old URL stops working at once. Only the hash is stored; the URL
 * is given once. A meetings feed has no scope; it keeps the column's default.
 */
export async function issueFeed(
  db: Db,
  userId: number,
  kind: FeedKind,
  now: Date,
  appUrl: string,
  scope: Scope = 'department',
) {
  const token = randomToken(32);
  const values = { userId, kind, tokenHash: sha256(token), scope, createdAt: now };
  await db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({
      target: [calendarFeeds.userId, calendarFeeds.kind],
      set: { tokenHash: values.tokenHash, scope, createdAt: now },
    });
  return { url: feedUrl(appUrl, token), scope, created_at: now.toISOString() };
}

/** Revokes the caller's feed of a kind; false when there was none. */
export async function revokeFeed(db: Db, userId: number, kind: FeedKind): Promise<boolean> {
  const gone = await db
    .delete(calendarFeeds)
    .where(ofKind(userId, kind))
    .returning({ userId: calendarFeeds.userId });
  return gone.length > 0;
}

/** How far the feed reaches: a season back for context, a year ahead for planning. */
const MONTHS_BACK = 3;
const MONTHS_AHEAD = 12;

/** Subscribers see that someone is away; only vacation and sick leave are named, as on the calendar. */
const SUMMARY_LABEL = {
  vacation: 'Vacation',
  sick_leave: 'Sick leave',
  business_trip: 'Away',
  own_expense: 'Away',
} as const;

/**
 * The iCalendar text of the feed of a token, or null for an unknown (or revoked) token or an inactive
 * owner: the absence calendar or the owner's meetings, by the feed's kind. The owner's company is their
 * own active one.
 */
export async function feedCalendar(db: Db, token: string, now: Date, appUrl: string): Promise<string | null> {
  const [owner] = await db
    .select({
      kind: calendarFeeds.kind,
      scope: calendarFeeds.scope,
      email: users.email,
      companyId: users.companyId,
      departmentId: users.departmentId,
      userId: users.id,
      companyName: companies.name,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(calendarFeeds.tokenHash, sha256(token)), eq(users.isActive, true)));
  if (!owner) return null;
  if (owner.kind === 'meetings') return meetingsCalendar(db, owner, now, appUrl);
  return absenceCalendar(db, owner, now, appUrl);
}

/** Scope department keeps the people of the owner's department; scope all the whole company. */
async function absenceCalendar(
  db: Db,
  owner: {
    scope: Scope;
    companyId: number;
    departmentId: number | null;
    userId: number;
    companyName: string;
  },
  now: Date,
  appUrl: string,
): Promise<string> {
  const today = toDay(now);
  // Whole months: from the start of the month three back to the end of the month a year ahead.
  const from = monthStart(today, -MONTHS_BACK);
  const to = addDays(monthStart(today, MONTHS_AHEAD + 1), -1);
  let people: SQL;
  if (owner.scope === 'all') people = sql`true`;
  else if (owner.departmentId === null) people = eq(users.id, owner.userId);
  else people = eq(users.departmentId, owner.departmentId);
  const rows = await db
    .select({
      id: absences.id,
      kind: absences.kind,
      fromDate: absences.fromDate,
      toDate: absences.toDate,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(absences)
    .innerJoin(users, eq(users.id, absences.userId))
    .where(
      and(
        eq(absences.companyId, owner.companyId),
        eq(absences.status, 'approved'),
        lte(absences.fromDate, to),
        gte(absences.toDate, from),
        eq(users.companyId, owner.companyId),
        eq(users.isActive, true),
        people,
      ),
    )
    .orderBy(asc(absences.fromDate), asc(absences.id));
  const host = new URL(appUrl).hostname;
  const events: AllDayEvent[] = rows.map((row) => ({
    // Stable per absence, so a client updates the event it already has instead of duplicating it.
    uid: `absence-${row.id}@${host}`,
    start: row.fromDate,
    end: row.toDate,
    summary: `${row.firstName} ${row.lastName} — ${SUMMARY_LABEL[row.kind]}`,
  }));
  const scopeName = owner.scope === 'all' ? owner.companyName : `${owner.companyName}, my department`;
  return writeCalendar({
    prodId: '-//Atrium//Absence calendar//EN',
    name: `Absences — ${scopeName}`,
    stamp: now,
    events,
  });
}

/** The first day of the month `months` away from the day's month. */
function monthStart(day: string, months: number): string {
  return toDay(new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + months, 1)));
}
