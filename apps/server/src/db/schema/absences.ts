import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { tasks } from './tasks';
import { users } from './users';

export const ABSENCE_KINDS = ['vacation', 'sick_leave', 'business_trip', 'own_expense'] as const;
export type AbsenceKind = (typeof ABSENCE_KINDS)[number];
export const ABSENCE_STATUSES = ['pending', 'approved', 'rejected', 'canceled'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];

/**
 * A period a person is away: a vacation, sick leave, business trip or leave at own expense. Approved
 * ones show on the company calendar and in the directory's vacation and sick-leave filters.
 */
export const absences = pgTable(
  'absences',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AbsenceKind>().notNull(),
    status: text('status').$type<AbsenceStatus>().notNull().default('pending'),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    /** Days the absence counts (vacation: without public holidays), fixed when it is requested. */
    countDays: integer('count_days').notNull().default(0),
    /** The request that asked for it; null for absences entered otherwise (the seed). */
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('absences_task_idx').on(t.taskId),
    index('absences_company_period_idx').on(t.companyId, t.kind, t.fromDate, t.toDate),
    index('absences_user_idx').on(t.userId, t.fromDate),
    // Who is away in a period (the directory's vacation and sick-leave filters, the missing users): the
    // absences whose days overlap it, by a range index whose statistics also estimate how many
    // (modules/absences/period.ts).
    index('absences_period_idx').using('gist', sql`daterange(${t.fromDate}, ${t.toDate}, '[]')`),
    check('absences_period_ck', sql`${t.fromDate} <= ${t.toDate}`),
    check('absences_kind_ck', sql.raw(`kind in (${ABSENCE_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('absences_status_ck', sql.raw(`status in (${ABSENCE_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

export const VACATION_LOG_TYPES = ['plus', 'minus'] as const;
export type VacationLogType = (typeof VACATION_LOG_TYPES)[number];

/**
 * A person's vacation ledger (spec: vacation log entry): days received (plus: the allowance earned each
 * month, or a grant) and days written off (minus: an approved vacation). The balance is its sum.
 */
export const vacationLog = pgTable(
  'vacation_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userVarType: text('user_var_type').notNull().default('vacation'),
    type: text('type').$type<VacationLogType>().notNull(),
    /** Days, fractional for monthly accrual (28 a year is 2.33 a month). */
    value: numeric('value', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** Whole days of the absence a minus entry writes off; 0 for plus entries. */
    countDays: integer('count_days').notNull().default(0),
    fromDate: date('from_date'),
    toDate: date('to_date'),
    /** The day from which the entry counts in the balance. */
    showAt: date('show_at').notNull(),
    /** The month a monthly accrual is for (its first day); unique per person, so it is written once. */
    accrualMonth: date('accrual_month'),
    absenceId: integer('absence_id').references(() => absences.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('vacation_log_user_idx').on(t.userId, t.userVarType, t.showAt),
    uniqueIndex('vacation_log_accrual_uq').on(t.userId, t.userVarType, t.accrualMonth),
    check('vacation_log_type_ck', sql`${t.type} in ('plus', 'minus')`),
  ],
);

/** A person's private iCal feed of the company absence calendar; regenerating replaces the token. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'absences': the company absence calendar; 'meetings': the person's own meetings. One of each per person. */
    kind: text('kind').$type<'absences' | 'meetings'>().notNull().default('absences'),
    /** sha256 of the token in the feed URL; the token itself is shown once, when created. */
    tokenHash: text('token_hash').notNull().unique(),
    /** 'department': the person's department only; 'all': the whole company. */
    scope: text('scope').$type<'department' | 'all'>().notNull().default('department'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
