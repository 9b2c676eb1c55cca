import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('absences_company_period_idx').on(t.companyId, t.kind, t.fromDate, t.toDate),
    index('absences_user_idx').on(t.userId, t.fromDate),
    check('absences_period_ck', sql`${t.fromDate} <= ${t.toDate}`),
    check('absences_kind_ck', sql.raw(`kind in (${ABSENCE_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('absences_status_ck', sql.raw(`status in (${ABSENCE_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);
