import { index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { dictionaryItems } from './dictionaries';
import { users } from './users';

/** Subordination: `manager` is the user's manager of the given type (direct, deputy, HR business partner, extra). */
export const managerLinks = pgTable(
  'manager_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerTypeId: integer('manager_type_id')
      .notNull()
      .references(() => dictionaryItems.id),
  },
  (t) => [index('manager_links_user_idx').on(t.userId), index('manager_links_manager_idx').on(t.managerId)],
);
