import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

export const competencies = pgTable(
  'competencies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('competencies_company_idx').on(t.companyId)],
);

/** The levels of one competency, from 1 (lowest) up. */
export const competencyLevels = pgTable(
  'competency_levels',
  {
    id: serial('id').primaryKey(),
    competencyId: integer('competency_id')
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [index('competency_levels_competency_idx').on(t.competencyId)],
);

/** A person's level in a competency: at most one per competency. */
export const userCompetencies = pgTable(
  'user_competencies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    competencyId: integer('competency_id')
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    competencyLevelId: integer('competency_level_id')
      .notNull()
      .references(() => competencyLevels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.competencyId] })],
);
