import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Raw bytes: Buffer from node-postgres, Uint8Array from PGlite. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A user's avatar, re-encoded by the server: a 512 px square and a 96 px one, both WebP. */
export const avatars = pgTable('avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  large: bytea('large').notNull(),
  small: bytea('small').notNull(),
  /** Changes with every upload; part of the avatar URL, so browsers may cache each version for good. */
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
