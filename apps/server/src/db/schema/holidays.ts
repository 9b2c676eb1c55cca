import { boolean, date, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** A company's public holiday (vacation true: a day off) or a moved working day (vacation false). */
export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    name: text('name').notNull(),
    vacation: boolean('vacation').notNull().default(true),
  },
  (t) => [unique('holidays_company_date_uq').on(t.companyId, t.date)],
);
