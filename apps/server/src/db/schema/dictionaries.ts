import { boolean, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Every small list of the spec (countries, genders, grades, job positions, sizes, manager types, …) is
 * a row set of this one table, told apart by `dictionary`. Company-less rows are shared by all
 * companies. `code` gives the rows that code refers to a stable name (e.g. manager type 'hrbp').
 */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: serial('id').primaryKey(),
    dictionary: text('dictionary').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code'),
    name: text('name').notNull(),
    img: text('img'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('dictionary_items_lookup_idx').on(t.dictionary, t.companyId),
    unique('dictionary_items_code_uq').on(t.dictionary, t.companyId, t.code),
  ],
);
