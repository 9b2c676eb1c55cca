import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { dictionaryItems } from './dictionaries';
import { departments } from './structure';

/**
 * One index per directory filter key (docs/performance.md): the key's column, then the company, over active
 * people only, as the directory's WHERE always says `company_id in (…) and is_active`. So a filter's count
 * is an index-only scan whatever share of the company it matches, and several keys combine (BitmapAnd).
 */
function directoryFilterIndexes(
  t: {
    [K in
      | 'companyId'
      | 'status'
      | 'birthdate'
      | 'isActive'
      | 'dms'
      | 'specialEventId'
      | 'divisionId'
      | 'departmentId'
      | 'searchText'
      | FilterColumn]: AnyPgColumn;
  },
) {
  const active = sql`${t.isActive}`;
  return [
    ...FILTER_COLUMNS.map(([name, column]) =>
      index(`users_${name}_idx`).on(t[column], t.companyId).where(active),
    ),
    // Most people have no special event: only those who have one are indexed.
    index('users_special_event_idx')
      .on(t.specialEventId, t.companyId)
      .where(sql`${t.isActive} and ${t.specialEventId} is not null`),
    // birthdate itself is in the index too, or PostgreSQL would not count from the index alone.
    index('users_birth_month_idx')
      .on(sql`(extract(month from ${t.birthdate}))`, t.companyId, t.birthdate)
      .where(active),
    index('users_dms_idx').on(t.companyId).where(sql`${t.isActive} and ${t.dms}`),
    // Several keys, or keys and a search text: one GIN index over every key column and the search text
    // (btree_gin for the ids, migration 0017) intersects them all in one index scan, so only the people
    // who match every condition are read from the table. A division with a name's first letters read
    // 31,000 rows to keep 430 through the single-key indexes (docs/performance.md, third pass).
    index('users_filter_gin_idx')
      .using(
        'gin',
        ...(FILTER_COLUMNS.map(([, column]) => t[column]) as [AnyPgColumn, ...AnyPgColumn[]]),
        t.specialEventId,
        t.divisionId,
        t.departmentId,
        sql`${t.searchText} gin_trgm_ops`,
      )
      .where(active),
  ];
}

const FILTER_COLUMNS = [
  ['status', 'status'],
  ['location', 'locationId'],
  ['gender', 'genderId'],
  ['grade', 'gradeId'],
  ['legal_entity', 'legalEntityId'],
  ['employment_type', 'employmentTypeId'],
  ['job_position', 'jobPositionId'],
  ['job_position_official', 'jobPositionOfficialId'],
  ['shoe_size', 'shoeSizeId'],
  ['clothing_size', 'clothingSizeId'],
  ['nutrition', 'nutritionId'],
  ['status_visible', 'statusVisibleId'],
] as const;
type FilterColumn = (typeof FILTER_COLUMNS)[number][1];

const dict = (name: string) => integer(name).references(() => dictionaryItems.id, { onDelete: 'set null' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; login and look-ups compare lower-cased input. */
    email: text('email').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    nickname: text('nickname'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    divisionId: integer('division_id').references(() => departments.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    jobPositionId: dict('job_position_id'),
    jobPositionOfficialId: dict('job_position_official_id'),
    countryId: dict('country_id'),
    locationId: dict('location_id'),
    genderId: dict('gender_id'),
    gradeId: dict('grade_id'),
    legalEntityId: dict('legal_entity_id'),
    employmentTypeId: dict('employment_type_id'),
    shoeSizeId: dict('shoe_size_id'),
    clothingSizeId: dict('clothing_size_id'),
    nutritionId: dict('nutrition_id'),
    statusVisibleId: dict('status_visible_id'),
    specialEventId: dict('special_event_id'),
    dms: boolean('dms'),
    /** 1 Online, 2 Offline, 3 Illness, 4 Vacation. */
    status: smallint('status').notNull().default(2),
    /** Offset from UTC in hours, as the profile shows it ('GMT+3'). */
    gmt: numeric('gmt', { precision: 4, scale: 2, mode: 'number' }),
    birthdate: date('birthdate'),
    hireDate: date('hire_date'),
    firstHireDate: date('first_hire_date'),
    dismissalDate: date('dismissal_date'),
    passportExpiry: date('passport_expiry'),
    visaExpiry: date('visa_expiry'),
    residencePermitExpiry: date('residence_permit_expiry'),
    privateEmail: text('private_email'),
    mobilePhone: text('mobile_phone'),
    privateFolder: text('private_folder'),
    aboutMe: text('about_me'),
    /** telegram, discord, whatsapp, linkedin, fb, twitter, skype, slack, instagram → handle or URL. */
    social: jsonb('social').$type<Record<string, string>>().notNull().default({}),
    avatar: text('avatar'),
    /**
     * Words the directory search matches by prefix: names, e-mail, nickname, job position and department
     * names, lower-cased and unaccented, each preceded by a space. Kept by the users_search_text trigger.
     */
    searchText: text('search_text').notNull().default(''),
    /** Last and first name normalised like search_text: the directory's order, the same on every engine. */
    sortName: text('sort_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    // Directory pages: one company's active people in name order. The directory only ever lists active
    // people, so its indexes leave the others out; a count of a company reads this index alone.
    index('users_company_name_idx').on(t.companyId, t.sortName, t.id).where(sql`${t.isActive}`),
    index('users_department_idx').on(t.departmentId),
    index('users_division_idx').on(t.divisionId),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    ...directoryFilterIndexes(t),
  ],
);

/** Which companies a user may work in; a user's employer is users.company_id and is listed here too. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);
