import type { Tx } from '../db/client';
import { auditLog } from '../db/schema/index';

/**
 * What the audit log records, as `entity.verb`. A closed list, so that a misspelt action fails to
 * compile instead of writing rows nobody finds; a new kind of change adds its actions here.
 */
export type AuditAction =
  | 'document.create'
  | 'document.update'
  | 'document.upload'
  | 'document.download'
  | 'document.delete'
  /** A record whose file never came, removed by the server (no actor). */
  | 'document.purge'
  /** A profile created by HR; `after` holds the fields it was created with, by form field name. */
  | 'user.create'
  /** A profile edited (by HR or its owner); only the changed fields, by form field name. */
  | 'user.update'
  /** Subordination, the roles people hold over one another: a manager link added (replacing one) or removed. */
  | 'manager.add'
  | 'manager.remove'
  /** A step of a request decided by its assignee; the entity is the request. */
  | 'task.approve'
  | 'task.reject';

type Values = Record<string, unknown>;

export type AuditEntry = {
  action: AuditAction;
  /** The company whose records these are (whose HR may read the log). */
  companyId: number | null;
  /** Who did it; null for the server itself. */
  actorId: number | null;
  /** The person the change concerns: a document's owner, an edited profile's person. */
  subjectUserId: number | null;
  entityId: number | string;
  /** The changed fields' values before and after; none for a change without values (a download). */
  before?: Values | null;
  after?: Values | null;
  at: Date;
};

/**
 * Records a change in the transaction that makes it, so that the log holds every change that happened
 * and none that was rolled back. Taking a transaction (not the database) keeps callers honest about that.
 */
export async function writeAudit(tx: Tx, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      companyId: entry.companyId,
      actorId: entry.actorId,
      subjectUserId: entry.subjectUserId,
      action: entry.action,
      entity: entry.action.slice(0, entry.action.indexOf('.')),
      entityId: String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      at: entry.at,
    })),
  );
}

/**
 * The fields of `next` whose values differ from `current`, as the before and after of an audit entry;
 * null when nothing changes. Only the keys of `next` count: those are what the change was asked to set.
 */
export function fieldChanges<T extends Values>(
  current: T,
  next: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] === undefined || Object.is(next[key], current[key])) continue;
    before[key] = current[key];
    after[key] = next[key];
  }
  return Object.keys(after).length ? { before, after } : null;
}
