import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  logoSmall: text('logo_small'),
  /** Yearly vacation allowance in days, earned month by month from the hire date. */
  vacationAllowance: integer('vacation_allowance').notNull().default(28),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
