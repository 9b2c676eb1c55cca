import type { FormMode } from '@atrium/contracts';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Groups of the profile form (tabs of the profile panel). Rows without a company are the defaults
 * every company uses until it defines its own group of the same key.
 */
export const profileFieldGroups = pgTable(
  'profile_field_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    displayName: text('display_name').notNull(),
    position: integer('position').notNull().default(0),
    required: boolean('required').notNull().default(false),
    editable: boolean('editable').notNull().default(true),
  },
  (t) => [unique('profile_field_groups_key_uq').on(t.companyId, t.key)],
);

/**
 * One field of the profile form. Which database column a name stores into, and how it is validated, is
 * fixed in code (the server's field registry); this row decides its label, group, order, whether it is
 * required, and in which modes it is shown and editable.
 */
export const profileFields = pgTable(
  'profile_fields',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => profileFieldGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    type: text('type').notNull(),
    position: integer('position').notNull().default(0),
    required: boolean('required').notNull().default(false),
    isFav: boolean('is_fav').notNull().default(false),
    viewControl: text('view_control'),
    /** Fixed choices ({id, name}); selects backed by a dictionary name it in `dictionary` instead. */
    values: jsonb('values').$type<{ id: number | string; name: string }[]>(),
    dictionary: text('dictionary'),
    min: numeric('min', { mode: 'number' }),
    max: numeric('max', { mode: 'number' }),
    minLen: integer('min_len'),
    maxLen: integer('max_len'),
    visibleIn: text('visible_in').array().$type<FormMode[]>().notNull(),
    editableIn: text('editable_in').array().$type<FormMode[]>().notNull(),
  },
  (t) => [
    index('profile_fields_group_idx').on(t.groupId),
    unique('profile_fields_name_uq').on(t.groupId, t.name),
  ],
);
