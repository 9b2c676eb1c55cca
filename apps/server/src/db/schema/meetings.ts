import type { MeetingRecurrence } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * A meeting (spec §3 "Meeting event"), kept in the portal's own database. A recurring one is stored once
 * and expanded into its occurrences when read, in its time zone, so 09:00 stays 09:00 across a DST change.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    /** The first occurrence. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** IANA zone; recurrence repeats the wall-clock time of startsAt in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    recurrence: text('recurrence').$type<MeetingRecurrence>(),
    /** The last local day a recurring meeting falls on; null for no end. */
    recurrenceUntil: date('recurrence_until', { mode: 'string' }),
    /** The UID of the VEVENT it was imported from: importing the file again updates instead of duplicating. */
    icsUid: text('ics_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('meetings_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('meetings_recurrence', sql`${t.recurrence} in ('daily', 'weekly')`),
    index('meetings_organizer_idx').on(t.organizerId, t.startsAt),
    uniqueIndex('meetings_ics_uid_uq').on(t.organizerId, t.icsUid),
  ],
);

/**
 * Who is invited, by e-mail (lower case): an invitation may name someone outside the portal. Colleagues
 * are matched to users by address when read.
 */
export const meetingAttendees = pgTable(
  'meeting_attendees',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The name the invitation gave (an .ics CN), shown for someone who is not a colleague. */
    displayName: text('display_name'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.email] }), index('meeting_attendees_email_idx').on(t.email)],
);
