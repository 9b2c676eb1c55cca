import type { StorageDocument } from '@atrium/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { dictionaryItems, documentFiles, documents } from '../../db/schema/index';
import { type AuditEntry, fieldChanges, writeAudit } from '../../lib/audit';
import { fieldErrors, notFound } from '../../lib/errors';
import type { DocumentRow, DocumentsScope } from './access';

/** A record whose file has not come within the hour was left by a failed or abandoned upload. */
const FILELESS_LIFETIME_MS = 60 * 60 * 1000;

const category = alias(dictionaryItems, 'category');
const type = alias(dictionaryItems, 'type');

const listed = {
  id: documents.id,
  title: documents.title,
  userId: documents.userId,
  categoryId: category.id,
  categoryName: category.name,
  typeId: type.id,
  typeName: type.name,
  fileName: documents.fileName,
  contentType: documents.contentType,
  size: documents.size,
  uploadedAt: documents.uploadedAt,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

/** Where a document's bytes are downloaded from. */
export const fileUrl = (id: number) => `/api/storage/${id}/file/`;

function selectListed(db: Db) {
  return db
    .select(listed)
    .from(documents)
    .leftJoin(category, eq(category.id, documents.categoryId))
    .leftJoin(type, eq(type.id, documents.typeId));
}

type Listed = Awaited<ReturnType<typeof selectListed>>[number];

function present(row: Listed): StorageDocument {
  return {
    id: row.id,
    title: row.title,
    user_id: row.userId,
    category: row.categoryId !== null ? { id: row.categoryId, name: row.categoryName ?? '' } : null,
    type: row.typeId !== null ? { id: row.typeId, name: row.typeName ?? '' } : null,
    file: row.uploadedAt ? fileUrl(row.id) : null,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function presentDocument(db: Db, id: number): Promise<StorageDocument> {
  const [row] = await selectListed(db).where(eq(documents.id, id));
  if (!row) throw notFound();
  return present(row);
}

/**
 * A page of the documents in scope, newest first. Only documents that have their file are listed: a
 * record whose upload failed is not a document anyone filed.
 */
export async function listDocuments(
  db: Db,
  scope: DocumentsScope,
  filter: { categoryId?: number; typeId?: number; page: number; pageSize: number },
): Promise<{ count: number; results: StorageDocument[] }> {
  const conditions: SQL[] = [eq(documents.userId, scope.ownerId), isNotNull(documents.uploadedAt)];
  if (scope.hrCompanyId !== null) conditions.push(eq(documents.companyId, scope.hrCompanyId));
  if (filter.categoryId !== undefined) conditions.push(eq(documents.categoryId, filter.categoryId));
  if (filter.typeId !== undefined) conditions.push(eq(documents.typeId, filter.typeId));
  const where = and(...conditions);
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(documents).where(where),
    selectListed(db)
      .where(where)
      .orderBy(desc(documents.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
  ]);
  return { count: total[0]?.n ?? 0, results: rows.map(present) };
}

/** What a document is filed under; null clears it, undefined leaves it. */
type Filing = { categoryId?: number | null; typeId?: number | null };

/**
 * Refuses a category or type that is not an active item of the company's StorageCategory or StorageType
 * dictionary (another company's item, a type given as a category), naming the field.
 */
export async function checkFiling(db: Db, companyId: number, filing: Filing): Promise<void> {
  const wanted = [
    { field: 'category', dictionary: 'StorageCategory', id: filing.categoryId },
    { field: 'type', dictionary: 'StorageType', id: filing.typeId },
  ].filter((item): item is typeof item & { id: number } => typeof item.id === 'number');
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: dictionaryItems.id, dictionary: dictionaryItems.dictionary })
    .from(dictionaryItems)
    .where(
      and(
        inArray(
          dictionaryItems.id,
          wanted.map((item) => item.id),
        ),
        eq(dictionaryItems.active, true),
        or(eq(dictionaryItems.companyId, companyId), isNull(dictionaryItems.companyId)),
      ),
    );
  const errors = Object.fromEntries(
    wanted
      .filter((item) => !found.some((row) => row.id === item.id && row.dictionary === item.dictionary))
      .map((item) => [item.field, `There is no such document ${item.field}`]),
  );
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

/** Who is acting, and when. */
type Actor = { actorId: number; now: Date };

/** An audit entry about a document; null actor: the server itself. */
const auditOf = (document: DocumentRow, actorId: number | null, at: Date) => ({
  companyId: document.companyId,
  actorId,
  subjectUserId: document.userId,
  entityId: document.id,
  at,
});

/** What a removed record was, for the log. */
const removed = (document: DocumentRow) => ({
  title: document.title,
  category: document.categoryId,
  type: document.typeId,
  file_name: document.fileName,
  size: document.size,
});

/**
 * Removes the owner's records whose file never came (the upload failed and the browser could not clean
 * up, or the tab was closed in between). The web deletes its own leftovers at once; this catches the
 * rest whenever the owner gets a new record, so that they never pile up.
 */
async function purgeFileless(tx: Tx, ownerId: number, now: Date): Promise<void> {
  const stale = await tx
    .delete(documents)
    .where(
      and(
        eq(documents.userId, ownerId),
        isNull(documents.uploadedAt),
        lt(documents.createdAt, new Date(now.getTime() - FILELESS_LIFETIME_MS)),
      ),
    )
    .returning();
  await writeAudit(
    tx,
    ...stale.map(
      (document): AuditEntry => ({
        ...auditOf(document, null, now),
        action: 'document.purge',
        before: removed(document),
      }),
    ),
  );
}

/** Files a new record for the owner in scope; its file follows with `storeFile`. Returns its id. */
export async function createDocument(
  db: Db,
  input: Actor & { scope: DocumentsScope; title: string } & Filing,
): Promise<number> {
  const { scope, actorId, now } = input;
  return db.transaction(async (tx) => {
    await purgeFileless(tx, scope.ownerId, now);
    const [document] = await tx
      .insert(documents)
      .values({
        companyId: scope.companyId,
        userId: scope.ownerId,
        title: input.title,
        categoryId: input.categoryId ?? null,
        typeId: input.typeId ?? null,
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!document) throw new Error('document not stored');
    await writeAudit(tx, {
      ...auditOf(document, input.actorId, input.now),
      action: 'document.create',
      after: { title: document.title, category: document.categoryId, type: document.typeId },
    });
    return document.id;
  });
}

/**
 * The record as it is now, locked until the transaction ends: a change is computed from, and logged
 * against, what it replaces, even when another call changed the record since the caller read it.
 */
async function lockDocument(tx: Tx, id: number): Promise<DocumentRow> {
  const [current] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
  // Removed meanwhile.
  if (!current) throw notFound();
  return current;
}

/** Changes a record's title and filing; only what differs is written and logged. */
export async function updateDocument(
  db: Db,
  input: Actor & { documentId: number; title?: string } & Filing,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, input.documentId);
    const changes = fieldChanges(
      { title: current.title, category: current.categoryId, type: current.typeId },
      { title: input.title, category: input.categoryId, type: input.typeId },
    );
    if (!changes) return;
    const { title, category: categoryId, type: typeId } = changes.after;
    await tx
      .update(documents)
      .set({ title, categoryId, typeId, updatedAt: input.now })
      .where(eq(documents.id, current.id));
    await writeAudit(tx, {
      ...auditOf(current, input.actorId, input.now),
      action: 'document.update',
      ...changes,
    });
  });
}

/** Stores (or replaces) a record's file; the bytes were checked by the caller. */
export async function storeFile(
  db: Db,
  input: Actor & { documentId: number; bytes: Uint8Array; fileName: string; contentType: string },
): Promise<void> {
  const { bytes, now } = input;
  const file = { file_name: input.fileName, content_type: input.contentType, size: bytes.length };
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, input.documentId);
    await tx
      .update(documents)
      .set({
        fileName: file.file_name,
        contentType: file.content_type,
        size: file.size,
        uploadedAt: now,
        updatedAt: now,
      })
      .where(eq(documents.id, current.id));
    await tx
      .insert(documentFiles)
      .values({ documentId: current.id, bytes })
      .onConflictDoUpdate({ target: documentFiles.documentId, set: { bytes } });
    await writeAudit(tx, {
      ...auditOf(current, input.actorId, now),
      action: 'document.upload',
      before: current.uploadedAt
        ? { file_name: current.fileName, content_type: current.contentType, size: current.size }
        : null,
      after: file,
    });
  });
}

/** Removes a record with its bytes (they go with it, on delete cascade). */
export async function deleteDocument(db: Db, input: Actor & { documentId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, input.documentId);
    await tx.delete(documents).where(eq(documents.id, current.id));
    await writeAudit(tx, {
      ...auditOf(current, input.actorId, input.now),
      action: 'document.delete',
      before: removed(current),
    });
  });
}

/**
 * A document's file for a download. Someone other than the owner (HR) reading a person's document is
 * logged with the read; the owner's own downloads are not.
 */
export async function readFile(
  db: Db,
  input: Actor & { document: DocumentRow; byOwner: boolean },
): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  const { document } = input;
  return db.transaction(async (tx) => {
    // Name and bytes read together, so that a replacement uploaded meanwhile cannot mix them.
    const [file] = await tx
      .select({
        bytes: documentFiles.bytes,
        fileName: documents.fileName,
        contentType: documents.contentType,
      })
      .from(documentFiles)
      .innerJoin(documents, eq(documents.id, documentFiles.documentId))
      .where(eq(documentFiles.documentId, document.id));
    if (!file?.fileName || !file.contentType) throw notFound();
    if (!input.byOwner) {
      await writeAudit(tx, { ...auditOf(document, input.actorId, input.now), action: 'document.download' });
    }
    return { bytes: file.bytes, fileName: file.fileName, contentType: file.contentType };
  });
}
