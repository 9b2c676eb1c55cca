import { z } from 'zod';
import { MAX_ATTENDEES, MEETING_DESCRIPTION_MAX, MEETING_LINK_MAX, MEETING_TITLE_MAX } from './constants';

/** An .ics import is refused above this size, before it is parsed. */
export const ICS_MAX_BYTES = 1024 * 1024;
/** …and above this many events, so that one file cannot flood someone's calendar. */
export const ICS_MAX_EVENTS = 500;

export const MEETING_RECURRENCES = ['daily', 'weekly'] as const;
export type MeetingRecurrence = (typeof MEETING_RECURRENCES)[number];

/** A person invited to a meeting (spec §3 "Meeting event"). */
export const MeetingAttendee = z.object({
  email: z.string(),
  /** The colleague's full name when the address is a colleague's, else the name the invitation gave, else the address. */
  displayName: z.string(),
  /** Looked up by the client per address (GET /api/users/profile/get_avatar/); the server leaves it null. */
  avatarUrl: z.string().nullable(),
  /** The colleague's id, when the address is a colleague's. */
  user_id: z.number().nullable(),
});
export type MeetingAttendee = z.infer<typeof MeetingAttendee>;

/**
 * One occurrence of a meeting as the lists show it (spec §3 "Meeting event"). A recurring meeting gives
 * one occurrence per day it falls on; they share the uuid and differ in start and end.
 */
export const MeetingEvent = z.object({
  uuid: z.string(),
  /** ISO date-times with offset (UTC). */
  start: z.string(),
  end: z.string(),
  title: z.string(),
  /** The same as title: the spec names it either way. */
  summary: z.string(),
  description: z.string(),
  meeting_link: z.string().nullable(),
  link: z.string().nullable(),
  /** The occurrence's day in the requested time zone, yyyy-mm-dd. */
  date: z.string(),
  /** 'h:mm AM - h:mm PM' in the requested time zone. */
  hours: z.string(),
  recurrence: z.enum(MEETING_RECURRENCES).nullable(),
  /** The last day a recurring meeting falls on (yyyy-mm-dd), or null for no end. */
  recurrence_until: z.string().nullable(),
  /** The IANA zone the meeting's times and recurrence are kept in. */
  time_zone: z.string(),
  organizer: z.object({ id: z.number(), full_name: z.string(), email: z.string() }),
  /** Whether the caller organizes it (and so may change or remove it). */
  is_organizer: z.boolean(),
  attendees: z.array(MeetingAttendee),
  count_attendees: z.number(),
});
export type MeetingEvent = z.infer<typeof MeetingEvent>;

const email = z.string().trim().toLowerCase().max(254).email({ error: 'must be an e-mail address' });

/**
 * Whose meetings: only the caller's own e-mail is allowed (a user sees only the meetings they organize or
 * attend); left out, the caller's.
 */
const ownEmail = z.string().trim().toLowerCase().max(254).optional();
/** The IANA zone the days and 'hours' are counted in (the browser's); UTC when left out. */
const timeZone = z.string().trim().max(64).optional();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be yyyy-mm-dd' });

/** GET /api/calendars/events/: today's and upcoming occurrences, earliest first. */
export const MeetingsQuery = z.object({
  email: ownEmail,
  tz: timeZone,
  page: z.coerce.number({ error: 'page must be a number' }).int().positive().default(1),
  page_size: z.coerce.number({ error: 'page_size must be a number' }).int().min(1).max(100).default(10),
});
export type MeetingsQuery = z.input<typeof MeetingsQuery>;

export const MeetingsPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  results: z.array(MeetingEvent),
});
export type MeetingsPage = z.infer<typeof MeetingsPage>;

/** GET /api/calendars/events/day/ (the day given) and /nextday/ (the day after the day given, today by default). */
export const MeetingsDayQuery = z.object({ email: ownEmail, tz: timeZone, date: isoDay.optional() });
export type MeetingsDayQuery = z.input<typeof MeetingsDayQuery>;

export const MeetingsDay = z.object({ date: z.string(), results: z.array(MeetingEvent) });
export type MeetingsDay = z.infer<typeof MeetingsDay>;

export const MeetingAttendeeInput = z.union([
  email,
  z.object({ email, displayName: z.string().trim().max(200).optional() }).strict(),
]);

/**
 * POST /api/calendars/events/: attendees left out means none. No defaults here, so that MeetingPatchBody,
 * its partial, leaves what a PATCH does not name as it is.
 */
export const MeetingBody = z
  .object({
    title: z
      .string({ error: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .max(MEETING_TITLE_MAX, `title is at most ${MEETING_TITLE_MAX} characters`),
    /** ISO date-times with an offset or Z. */
    start: z.iso.datetime({ offset: true, error: 'start must be a date and time' }),
    end: z.iso.datetime({ offset: true, error: 'end must be a date and time' }),
    link: z
      .union([
        z
          .url({ protocol: /^https?$/, error: 'link must be an http(s) address' })
          .max(MEETING_LINK_MAX, `link is at most ${MEETING_LINK_MAX} characters`),
        z.literal('').transform(() => null),
        z.null(),
      ])
      .optional(),
    description: z
      .string()
      .max(MEETING_DESCRIPTION_MAX, `description is at most ${MEETING_DESCRIPTION_MAX} characters`)
      .optional(),
    attendees: z
      .array(MeetingAttendeeInput)
      .max(MAX_ATTENDEES, `at most ${MAX_ATTENDEES} attendees`)
      .optional(),
    recurrence: z
      .enum(MEETING_RECURRENCES, { error: 'recurrence must be daily or weekly' })
      .nullable()
      .optional(),
    recurrence_until: isoDay.nullable().optional(),
    /** The zone recurrence keeps the wall-clock time in (the browser's); UTC when left out. */
    time_zone: timeZone,
  })
  .strict();
export type MeetingBody = z.input<typeof MeetingBody>;

/** PATCH /api/calendars/events/{uuid}/ (organizer only): the fields named are changed. */
export const MeetingPatchBody = MeetingBody.partial();
export type MeetingPatchBody = z.input<typeof MeetingPatchBody>;

/** POST /api/calendars/events/import/ (multipart field 'file', an .ics file). */
export const MeetingsImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  /** All-day events (an absence or a holiday rather than a meeting) and cancelled ones: not imported. */
  skipped: z.number(),
});
export type MeetingsImportResult = z.infer<typeof MeetingsImportResult>;

/** The private iCal feed of the caller's own meetings (GET|POST|DELETE /api/calendars/events/feed/). */
export const MeetingFeed = z.object({
  /** Given only when created or regenerated: the token is stored hashed. */
  url: z.string().nullable(),
  created_at: z.string(),
});
export type MeetingFeed = z.infer<typeof MeetingFeed>;
