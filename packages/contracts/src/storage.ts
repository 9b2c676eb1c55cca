import { z } from 'zod';
import { DOCUMENT_TITLE_MAX, DOCUMENTS_PAGE_SIZE } from './constants';

/** A dictionary item a document is filed under (StorageCategory, StorageType). */
const Filed = z.object({ id: z.number(), name: z.string() }).nullable();

/** Spec §3 "Storage document": id, title, user_id, file (url), with a user owner. */
export const StorageDocument = z.object({
  id: z.number(),
  title: z.string(),
  /** The owner: whose profile the document belongs to. */
  user_id: z.number(),
  category: Filed,
  type: Filed,
  /** The download URL; null until the file is uploaded. */
  file: z.string().nullable(),
  file_name: z.string().nullable(),
  /** 'application/pdf', 'image/jpeg', 'image/png' or 'image/gif'; null until uploaded. */
  content_type: z.string().nullable(),
  size: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorageDocument = z.infer<typeof StorageDocument>;

/**
 * An id from a form field or query string (digits) or a JSON number. Only digits are read as a number:
 * coercion would take `true` as 1 and `[7]` as 7, another person's document or owner.
 */
const requiredId = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .positive(),
  );

/** GET /api/storage/?page=&page_size=10&user_id=&category=&type= */
export const StorageQuery = z.object({
  user_id: requiredId('user_id'),
  category: requiredId('category').optional(),
  type: requiredId('type').optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().positive().default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number' })
    .int()
    .min(1)
    .max(100)
    .default(DOCUMENTS_PAGE_SIZE),
});
export type StorageQuery = z.input<typeof StorageQuery>;

export const StoragePage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  results: z.array(StorageDocument),
});
export type StoragePage = z.infer<typeof StoragePage>;

const title = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(DOCUMENT_TITLE_MAX, `title is at most ${DOCUMENT_TITLE_MAX} characters`);
/** Form fields arrive as text; an empty select sends ''. */
const optionalId = (name: string) =>
  z
    .union([z.literal('').transform(() => null), z.literal('null').transform(() => null), requiredId(name)])
    .nullable()
    .optional();

/** POST /api/storage/ (form: title, user_id, category, type); the file follows with upload-file. */
export const StorageCreateBody = z
  .object({
    title,
    user_id: requiredId('user_id'),
    category: optionalId('category'),
    type: optionalId('type'),
  })
  .strict();
export type StorageCreateBody = z.input<typeof StorageCreateBody>;

/** PATCH /api/storage/{id}/ (form: id, user_id, title, and optionally category and type). */
export const StorageUpdateBody = z
  .object({
    id: requiredId('id').optional(),
    user_id: requiredId('user_id').optional(),
    title: title.optional(),
    category: optionalId('category'),
    type: optionalId('type'),
  })
  .strict();
export type StorageUpdateBody = z.input<typeof StorageUpdateBody>;
