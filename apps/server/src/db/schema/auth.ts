import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/** One-time login codes, stored as salted hashes. A code is spent by use, by a newer code or by 5 misses. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    spentAt: timestamp('spent_at', { withTimezone: true }),
  },
  (t) => [index('login_codes_user_idx').on(t.userId)],
);

/** Sessions, looked up by the SHA-256 of the cookie token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Hits counted by the login throttles (per e-mail address and per client IP). Kept in the database so
 * that every API process sees the same counts.
 */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_hits_key_at_idx').on(t.key, t.at)],
);
