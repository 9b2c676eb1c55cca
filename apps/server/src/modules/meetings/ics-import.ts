import { randomUUID } from 'node:crypto';
import type { MeetingsImportResult } from '@atrium/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyMembers, meetingAttendees, meetings, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import type { SessionInfo } from '../auth/sessions';
import { decodeIcs, parseIcs } from './ics-parse';

/** Rows per INSERT: 200 attendees × 500 events would pass PostgreSQL's 65,535 parameters of one statement. */
const ATTENDEE_CHUNK = 5_000;

/**
 * Imports the meetings of an .ics file into the session's company, the caller organizing them. All or
 * nothing: the file is read whole before anything is written, and written in one transaction. An event
 * the caller imported before (the same UID) is updated and its attendees replaced, so importing an
 * exported calendar again does not duplicate it. `floatingZone` is the zone of times given without one.
 */
export async function importIcs(
  db: Db,
  events: EventBus | undefined,
  session: SessionInfo,
  bytes: Uint8Array,
  floatingZone: string,
  now: Date,
): Promise<MeetingsImportResult> {
  const text = decodeIcs(bytes);
  if (!text.ok) throw badRequest(text.error);
  const calendar = parseIcs(text.value, floatingZone);
  if (!calendar.ok) throw badRequest(calendar.error);
  const imported = calendar.value.events;
  const skipped = calendar.value.skipped;
  if (imported.length === 0) return { created: 0, updated: 0, skipped };

  const [organizer] = await db.select({ email: users.email }).from(users).where(eq(users.id, session.userId));
  const organizerEmail = (organizer?.email ?? '').toLowerCase();
  // A new id per event; an update keeps the meeting's own, which RETURNING tells apart.
  const rows = imported.map((event) => ({
    id: randomUUID(),
    companyId: session.companyId,
    organizerId: session.userId,
    title: event.title,
    description: event.description,
    link: event.link,
    startsAt: event.start,
    endsAt: event.end,
    timeZone: event.timeZone,
    recurrence: event.recurrence,
    recurrenceUntil: event.recurrenceUntil,
    icsUid: event.uid,
    createdAt: now,
    updatedAt: now,
  }));
  const attendeesOf = new Map(
    imported.map((event) => {
      const named = event.attendees.some((attendee) => attendee.email === organizerEmail);
      // The organizer attends their own meeting, as when it is created in the portal.
      const attendees = named
        ? event.attendees
        : [{ email: organizerEmail, displayName: null }, ...event.attendees];
      return [event.uid, attendees];
    }),
  );

  const saved = await db.transaction(async (tx) => {
    const upserted = await tx
      .insert(meetings)
      .values(rows)
      .onConflictDoUpdate({
        target: [meetings.organizerId, meetings.icsUid],
        set: {
          // The import puts the events in the company it is made in, as a first import would.
          companyId: sql`excluded.company_id`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          link: sql`excluded.link`,
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          timeZone: sql`excluded.time_zone`,
          recurrence: sql`excluded.recurrence`,
          recurrenceUntil: sql`excluded.recurrence_until`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ id: meetings.id, icsUid: meetings.icsUid });
    await tx.delete(meetingAttendees).where(
      inArray(
        meetingAttendees.meetingId,
        upserted.map((row) => row.id),
      ),
    );
    const attendeeRows = upserted.flatMap((row) =>
      (attendeesOf.get(row.icsUid ?? '') ?? []).map((attendee) => ({ meetingId: row.id, ...attendee })),
    );
    for (let at = 0; at < attendeeRows.length; at += ATTENDEE_CHUNK)
      await tx.insert(meetingAttendees).values(attendeeRows.slice(at, at + ATTENDEE_CHUNK));
    return upserted;
  });

  const created = new Set<string>(rows.map((row) => row.id));
  await announce(
    db,
    events,
    session,
    saved.map((row) => row.id),
  );
  const createdCount = saved.filter((row) => created.has(row.id)).length;
  return { created: createdCount, updated: saved.length - createdCount, skipped };
}

/** Tells the organizer and the colleagues invited that their meetings changed (after the commit). */
async function announce(db: Db, events: EventBus | undefined, session: SessionInfo, meetingIds: string[]) {
  if (!events) return;
  const invited = await db
    .select({ meetingId: meetingAttendees.meetingId, userId: users.id })
    .from(meetingAttendees)
    .innerJoin(users, sql`lower(${users.email}) = ${meetingAttendees.email}`)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, session.companyId)),
    )
    .where(inArray(meetingAttendees.meetingId, meetingIds));
  const audiences = new Map(meetingIds.map((id) => [id, new Set([session.userId])]));
  for (const row of invited) audiences.get(row.meetingId)?.add(row.userId);
  for (const [meetingId, userIds] of audiences)
    await events.publish({ type: 'meeting.changed', meetingId, audience: { userIds: [...userIds] } });
}
