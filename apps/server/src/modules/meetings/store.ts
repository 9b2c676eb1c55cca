import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyMembers, meetingAttendees, meetings, users } from '../../db/schema/index';
import type { AttendeeInput, MeetingDraft } from './draft';

/**
 * Sets a meeting's invitations to the list given, each address once (lower case, the first naming wins).
 * Call it inside the transaction that writes the meeting.
 */
export async function replaceAttendees(
  tx: Db,
  meetingId: string,
  attendees: readonly AttendeeInput[],
): Promise<void> {
  await tx.delete(meetingAttendees).where(eq(meetingAttendees.meetingId, meetingId));
  const rows = new Map<string, typeof meetingAttendees.$inferInsert>();
  for (const { email, displayName } of attendees) {
    const address = email.trim().toLowerCase();
    if (!rows.has(address))
      rows.set(address, { meetingId, email: address, displayName: displayName?.trim() || null });
  }
  if (rows.size) await tx.insert(meetingAttendees).values([...rows.values()]);
}

const scheduleColumns = (draft: MeetingDraft) => ({
  title: draft.title,
  description: draft.description,
  link: draft.link,
  startsAt: draft.startsAt,
  endsAt: draft.endsAt,
  timeZone: draft.timeZone,
  recurrence: draft.recurrence,
  recurrenceUntil: draft.recurrenceUntil,
});

/** Stores a new meeting of the organizer in the company, with its attendees; returns its id. */
export async function createMeeting(
  db: Db,
  {
    companyId,
    organizerId,
    draft,
    now,
  }: { companyId: number; organizerId: number; draft: MeetingDraft; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(meetings)
      .values({ id, companyId, organizerId, ...scheduleColumns(draft), createdAt: now, updatedAt: now });
    await replaceAttendees(tx, id, draft.attendees ?? []);
  });
  return id;
}

/** Writes a changed meeting; its attendees only when the draft names them. */
export async function updateMeeting(db: Db, id: string, draft: MeetingDraft, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(meetings)
      .set({ ...scheduleColumns(draft), updatedAt: now })
      .where(eq(meetings.id, id));
    if (draft.attendees) await replaceAttendees(tx, id, draft.attendees);
  });
}

export async function deleteMeeting(db: Db, id: string): Promise<void> {
  // The attendees go with it (on delete cascade).
  await db.delete(meetings).where(eq(meetings.id, id));
}

/**
 * Who hears live of a change to the meeting: its organizer and the attendees who are colleagues (members
 * of its company with the address). One query.
 */
export async function participantIds(db: Db, meetingId: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .innerJoin(users, eq(sql`lower(${users.email})`, meetingAttendees.email))
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, meetings.companyId)),
    )
    .where(eq(meetingAttendees.meetingId, meetingId))
    .union(db.select({ id: meetings.organizerId }).from(meetings).where(eq(meetings.id, meetingId)));
  return rows.map((row) => row.id);
}
