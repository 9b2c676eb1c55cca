import { z } from 'zod';
import { requiredId } from './managers';

/** GET /api/audit/?user_id=&page=: the audit log of one person, for HR of their company. */
export const AuditLogQuery = z.object({
  user_id: requiredId('user_id'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .positive('page must be at least 1')
    .default(1),
});
export type AuditLogQuery = z.input<typeof AuditLogQuery>;

/**
 * A value before or after a change, as a person reads it: a choice by its name (a dictionary item, a
 * structure node, a person, a status), a date as `yyyy-mm-dd`, a yes/no as a boolean; null for nothing.
 */
export const AuditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof AuditValue>;

/** One changed field: its label as the profile form names it, and its value before and after. */
export const AuditChange = z.object({ field: z.string(), before: AuditValue, after: AuditValue });
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditLogEntry = z.object({
  id: z.number(),
  /** When it happened (ISO timestamp). */
  at: z.string(),
  /** `entity.verb`: user.create, user.update, manager.add, manager.remove, task.approve, task.reject, document.* */
  action: z.string(),
  /** user, manager, task or document. */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** Who did it; null for the server itself or a person since removed. */
  actor: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  changes: z.array(AuditChange),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  results: z.array(AuditLogEntry),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;
