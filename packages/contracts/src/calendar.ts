import { z } from 'zod';
import { UsersFilterBody } from './users';

/** A person away on a day of the company calendar (spec §3 "Calendar day"). */
export const AwayPerson = z.object({
  user: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  /**
   * The absence's own kind, given only to viewers who may know it (the person, their managers, HR):
   * colleagues see business trips and leave at own expense as plain 'away' in the vacation list.
   */
  kind: z.enum(['vacation', 'sick_leave', 'business_trip', 'own_expense']).optional(),
});
export type AwayPerson = z.infer<typeof AwayPerson>;

/**
 * The most people one list of a company calendar day names (decision 0015): a month grid cell is 160 px
 * high, and a company of 100,000 has thousands away each day. The rest are counted (vacation_count,
 * sick_leave_count) and listed, paged, by POST /api/calendars/company/get_missing_users/.
 */
export const CALENDAR_DAY_LIMIT = 10;

export const CalendarDay = z.object({
  /** yyyy-mm-dd */
  date: z.string(),
  /**
   * People away that day, in name order: at most CALENDAR_DAY_LIMIT, chosen per week so that a person
   * named is named on every day of their absence in that week (one unbroken bar); everyone when no day
   * of the week has more.
   */
  vacation: z.array(AwayPerson),
  sick_leave: z.array(AwayPerson),
  /** How many people are on each list that day, named or not (given with detail false too). */
  vacation_count: z.number().int(),
  sick_leave_count: z.number().int(),
  /** A public holiday or a weekend: not a working day. */
  day_off: z.boolean(),
});
export type CalendarDay = z.infer<typeof CalendarDay>;

/** Weeks run Monday to Sunday; the first and last weeks hold days of the neighbouring months. */
export const CalendarWeek = z.object({ week: z.number(), days: z.array(CalendarDay) });
export type CalendarWeek = z.infer<typeof CalendarWeek>;

const idList = z
  .union([z.number().int().positive(), z.array(z.number().int().positive())], {
    error: 'must be an id or a list of ids',
  })
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** POST /api/calendars/company/filter/ */
export const CalendarFilterBody = z
  .object({
    year: z.number({ error: 'year must be a number' }).int().min(1970).max(2100),
    /** 1–12 */
    month: z.number({ error: 'month must be a number' }).int().min(1).max(12),
    /** With the people of each day (true) or the days only. */
    detail: z.boolean().default(true),
    /** Only these people (the page's ticked ones), when given. */
    users: idList.optional(),
    department: idList.optional(),
    division: idList.optional(),
  })
  .strict();
export type CalendarFilterBody = z.input<typeof CalendarFilterBody>;

export const CalendarMonth = z.object({ year: z.number(), month: z.number(), weeks: z.array(CalendarWeek) });
export type CalendarMonth = z.infer<typeof CalendarMonth>;

/** Spec §3 "Holiday day". */
export const HolidayDay = z.object({ date: z.string(), vacation: z.boolean(), name: z.string() });
export type HolidayDay = z.infer<typeof HolidayDay>;

/** GET /api/calendars/company/holidays/?year=: a year's holidays grouped by month and week. */
export const HolidaysYear = z.object({
  year: z.number(),
  months: z.array(
    z.object({
      month: z.number(),
      weeks: z.array(z.object({ week: z.number(), days: z.array(HolidayDay) })),
    }),
  ),
});
export type HolidaysYear = z.infer<typeof HolidaysYear>;

export const HolidaysQuery = z.object({
  year: z.coerce.number({ error: 'year must be a number' }).int().min(1970).max(2100),
});

/** The private iCal feed of the company absence calendar. */
export const CalendarFeed = z.object({
  /**
   * The full subscription URL; it carries the secret token, which is stored hashed and so is given
   * only when the feed is created or regenerated (null when an existing feed is read back).
   */
  url: z.string().nullable(),
  scope: z.enum(['department', 'all']),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

export const CalendarFeedBody = z
  .object({ scope: z.enum(['department', 'all']).default('department') })
  .strict();

/**
 * POST /api/calendars/company/get_missing_users/: the directory filter keys the calendar page sends
 * (the month's vacation and sick-leave periods, Department and Division).
 */
export const MissingUsersBody = UsersFilterBody.pick({
  vacation_from_date: true,
  vacation_to_date: true,
  sick_leave_from_date: true,
  sick_leave_to_date: true,
  Department: true,
  Division: true,
});
export type MissingUsersBody = z.input<typeof MissingUsersBody>;

/** GET /api/calendars/calendar/{id}/: the month shown (the current one by default). */
export const PersonalCalendarQuery = z.object({
  month: z.coerce.number({ error: 'month must be a number' }).int().min(1).max(12).optional(),
  year: z.coerce.number({ error: 'year must be a number' }).int().min(1970).max(2100).optional(),
});
