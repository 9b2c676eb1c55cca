import {
  MAX_ATTENDEES,
  type MeetingBody,
  type MeetingPatchBody,
  type MeetingRecurrence,
} from '@atrium/contracts';
import type { z } from 'zod';
import { fieldErrors } from '../../lib/errors';
import { isTimeZone, zonedDay } from '../../lib/time-zones';
import { isCalendarDay } from './days';
import type { MeetingRecord } from './read';

/** An invitation: the address (lower case) and, for someone outside the portal, the name to show. */
export type AttendeeInput = { email: string; displayName?: string | null };

/** A meeting as it is about to be stored, before its checks. */
export type MeetingDraft = {
  title: string;
  description: string;
  link: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  recurrence: MeetingRecurrence | null;
  recurrenceUntil: string | null;
  /** Who is invited; null keeps the stored list (a change that does not name attendees). */
  attendees: AttendeeInput[] | null;
};

type Body = z.output<typeof MeetingBody>;
type PatchBody = z.output<typeof MeetingPatchBody>;
type AttendeeBody = NonNullable<Body['attendees']>[number];

const DAY_MS = 86_400_000;

/** Each address once (the first naming wins), and the organizer among them even when not named. */
export function inviteList(attendees: readonly AttendeeBody[], organizerEmail: string): AttendeeInput[] {
  const byEmail = new Map<string, AttendeeInput>();
  for (const attendee of attendees) {
    const invitation = typeof attendee === 'string' ? { email: attendee } : attendee;
    if (!byEmail.has(invitation.email)) byEmail.set(invitation.email, invitation);
  }
  const organizer = organizerEmail.toLowerCase();
  if (!byEmail.has(organizer)) byEmail.set(organizer, { email: organizer });
  return [...byEmail.values()];
}

/** A new meeting from POST's body; the organizer's address joins the attendees. */
export function newDraft(body: Body, organizerEmail: string): MeetingDraft {
  return {
    title: body.title,
    description: body.description ?? '',
    link: body.link ?? null,
    startsAt: new Date(body.start),
    endsAt: new Date(body.end),
    timeZone: body.time_zone ?? 'UTC',
    recurrence: body.recurrence ?? null,
    recurrenceUntil: body.recurrence_until ?? null,
    attendees: inviteList(body.attendees ?? [], organizerEmail),
  };
}

/**
 * A stored meeting with PATCH's fields applied. Ending a recurrence drops its last day too, unless the
 * body names one (which the checks then refuse).
 */
export function patchedDraft(stored: MeetingRecord, body: PatchBody, organizerEmail: string): MeetingDraft {
  const recurrence = body.recurrence !== undefined ? body.recurrence : stored.recurrence;
  return {
    title: body.title ?? stored.title,
    description: body.description ?? stored.description,
    link: body.link !== undefined ? body.link : stored.link,
    startsAt: body.start ? new Date(body.start) : stored.startsAt,
    endsAt: body.end ? new Date(body.end) : stored.endsAt,
    timeZone: body.time_zone ?? stored.timeZone,
    recurrence,
    recurrenceUntil:
      body.recurrence_until !== undefined
        ? body.recurrence_until
        : recurrence
          ? stored.recurrenceUntil
          : null,
    attendees: body.attendees ? inviteList(body.attendees, organizerEmail) : null,
  };
}

/** Refuses a draft that breaks a rule, with every broken rule named by its field (422). */
export function checkDraft(draft: MeetingDraft): void {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const knownZone = isTimeZone(draft.timeZone);
  if (!knownZone) add('time_zone', 'unknown time zone');
  const length = draft.endsAt.getTime() - draft.startsAt.getTime();
  if (length <= 0) add('end', 'end must be after start');
  else if (length > DAY_MS) add('end', 'a meeting lasts at most 24 hours');
  if (draft.recurrenceUntil !== null) {
    if (!draft.recurrence) add('recurrence_until', 'recurrence_until needs a recurrence');
    else if (!isCalendarDay(draft.recurrenceUntil))
      add('recurrence_until', 'recurrence_until must be yyyy-mm-dd');
    else if (knownZone && draft.recurrenceUntil < zonedDay(draft.startsAt, draft.timeZone))
      add('recurrence_until', 'recurrence_until must not be before the day of the start');
  }
  if (draft.attendees && draft.attendees.length > MAX_ATTENDEES)
    add('attendees', `at most ${MAX_ATTENDEES} attendees`);
  if (Object.keys(errors).length) throw fieldErrors(errors);
}
