import type { UploadedTaskFile } from '@atrium/contracts';
import { and, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { taskFiles } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { acceptedType, cleanFileName } from '../../lib/files';

/** The spec's one message for a file that is not a PDF or picture, or is over 2 MB (spec §5, §8). */
export const INVALID_TASK_FILE = 'Invalid format (PNG, JPG, PDF) or file size too large (up to 2 Mb)';

/** Uploads waiting for a request: past this many, a user must submit or wait for old ones to lapse. */
export const MAX_PENDING_FILES = 20;
/** An upload no request took within a day was abandoned with its form. */
const PENDING_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Stores an upload of `ownerId` for a form they are filling in: owned by them and unattached until a
 * request takes it. Uploads abandoned for a day are dropped first, and at most MAX_PENDING_FILES may wait.
 */
export async function saveTaskFile(
  db: Db,
  input: { ownerId: number; bytes: Uint8Array; filename: string; now: Date },
): Promise<UploadedTaskFile> {
  const name = cleanFileName(input.filename);
  const contentType = acceptedType(input.bytes, name);
  if (!contentType) throw badRequest(INVALID_TASK_FILE);
  const pending = and(eq(taskFiles.ownerId, input.ownerId), isNull(taskFiles.taskId));
  await db
    .delete(taskFiles)
    .where(and(pending, lt(taskFiles.createdAt, new Date(input.now.getTime() - PENDING_LIFETIME_MS))));
  const [waiting] = await db.select({ n: count() }).from(taskFiles).where(pending);
  if ((waiting?.n ?? 0) >= MAX_PENDING_FILES) {
    throw badRequest(`You have ${MAX_PENDING_FILES} files waiting for a request; submit it first.`);
  }
  const [row] = await db
    .insert(taskFiles)
    .values({
      ownerId: input.ownerId,
      name,
      contentType,
      size: input.bytes.length,
      bytes: input.bytes,
      createdAt: input.now,
    })
    .returning({ id: taskFiles.id });
  if (!row) throw new Error('task file not stored');
  return { id: row.id, name, size: input.bytes.length, content_type: contentType };
}

/** Of `ids`, those that are uploads of `ownerId` no request has taken yet. */
export async function pendingFileIds(db: Db | Tx, ownerId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: taskFiles.id })
    .from(taskFiles)
    .where(and(inArray(taskFiles.id, ids), eq(taskFiles.ownerId, ownerId), isNull(taskFiles.taskId)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Gives the uploads `ids` of `ownerId` to a request, in the request's transaction. Only rows still the
 * owner's and unattached are taken, so of two requests racing for one file only one gets it: returns
 * the ids taken, for the caller to refuse (and roll back) when one is missing.
 */
export async function attachFiles(
  tx: Tx,
  ownerId: number,
  ids: number[],
  taskId: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const taken = await tx
    .update(taskFiles)
    .set({ taskId })
    .where(and(inArray(taskFiles.id, ids), eq(taskFiles.ownerId, ownerId), isNull(taskFiles.taskId)))
    .returning({ id: taskFiles.id });
  return new Set(taken.map((row) => row.id));
}

export async function loadTaskFile(db: Db, id: number) {
  const [row] = await db.select().from(taskFiles).where(eq(taskFiles.id, id));
  return row ?? null;
}

/** The files attached to a request, for its detail. */
export async function requestFiles(db: Db | Tx, taskId: number) {
  return db
    .select({ id: taskFiles.id, name: taskFiles.name, size: taskFiles.size })
    .from(taskFiles)
    .where(eq(taskFiles.taskId, taskId))
    .orderBy(taskFiles.id);
}
