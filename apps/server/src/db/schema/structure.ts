import { type AnyPgColumn, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** Kinds of nodes of a company's structure, from the top (depth 0) down: division, department, team. */
export const levelTypes = pgTable('company_level_types', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  depth: integer('depth').notNull(),
});

/** A node of the department tree of a company. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id, { onDelete: 'cascade' }),
    levelTypeId: integer('level_type_id')
      .notNull()
      .references(() => levelTypes.id),
    name: text('name').notNull(),
  },
  (t) => [index('departments_company_idx').on(t.companyId), index('departments_parent_idx').on(t.parentId)],
);
