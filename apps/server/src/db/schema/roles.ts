import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/** Groups of the spec: 1 HR, 2 ordinary user. */
export const groups = pgTable('groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const permissions = pgTable('permissions', {
  codename: text('codename').primaryKey(),
  name: text('name').notNull(),
});

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    codename: text('codename')
      .notNull()
      .references(() => permissions.codename, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.codename] })],
);

/** A user's groups are per company: HR of one company is not HR of another. */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId, t.groupId] }),
    // A company's HR, whom the routing of every request reads: a few people among all of a company's.
    index('user_groups_company_group_idx').on(t.companyId, t.groupId),
  ],
);

/** Rights such as create_posts, per company. */
export const userRights = pgTable(
  'user_rights',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    right: text('right').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId, t.right] })],
);
