import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './avatars';
import { companies } from './companies';
import { dictionaryItems } from './dictionaries';
import { users } from './users';

/**
 * A personal document of someone's profile (spec §3 "Storage document"). The record is made first and its
 * file uploaded to it after (spec §4); until then it has no file and is not listed.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    /** The owner's company when it was filed: HR of that company manage it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    categoryId: integer('category_id').references(() => dictionaryItems.id, { onDelete: 'set null' }),
    typeId: integer('type_id').references(() => dictionaryItems.id, { onDelete: 'set null' }),
    /** The uploaded file's cleaned original name, offered when downloading; null before the upload. */
    fileName: text('file_name'),
    contentType: text('content_type'),
    size: integer('size'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('documents_user_idx').on(t.userId, t.id.desc())],
);

/** The bytes of a document's file, apart so that lists and title changes never read or rewrite them. */
export const documentFiles = pgTable('document_files', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/**
 * Who did what to whom, and when: field changes with their values before and after. Written in the same
 * transaction as the change it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The person the action concerns (a document's owner, an edited profile). */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'document.create', 'document.update', 'document.download', 'document.delete', … */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectUserId, t.id.desc()),
    index('audit_log_company_idx').on(t.companyId, t.id.desc()),
  ],
);
