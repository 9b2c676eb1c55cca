import type { StorageDocument, StoragePage } from '@atrium/contracts';
import { aDictionaryItem } from '../../test/fake-api';

/** Test data of the documents feature, in the shapes of the contracts; only tests import this file. */

export const CATEGORIES = [aDictionaryItem(61, 'Contracts'), aDictionaryItem(62, 'Certificates')];
export const TYPES = [aDictionaryItem(71, 'Scan'), aDictionaryItem(72, 'Original')];

/** Document `id` of Grace Hopper (12): a PDF contract scan, stored with its file. */
export const aDocument = (id: number, overrides: Partial<StorageDocument> = {}): StorageDocument => ({
  id,
  title: `Document ${id}`,
  user_id: 12,
  category: { id: 61, name: 'Contracts' },
  type: { id: 71, name: 'Scan' },
  file: `/api/storage/${id}/file/`,
  file_name: `document-${id}.pdf`,
  content_type: 'application/pdf',
  size: 120 * 1024,
  created_at: '2026-02-03T09:30:00.000Z',
  updated_at: '2026-02-03T09:30:00.000Z',
  ...overrides,
});

/** A picture document: a PNG, shown as its thumbnail. */
export const aPictureDocument = (id: number, overrides: Partial<StorageDocument> = {}) =>
  aDocument(id, { file_name: `photo-${id}.png`, content_type: 'image/png', ...overrides });

/** One page of GET /api/storage/: `results`, out of `count` in all. */
export const aStoragePage = (results: StorageDocument[], count = results.length): StoragePage => ({
  count,
  next: count > results.length ? '/api/storage/?page=2' : null,
  results,
});

/** Files as a picker gives them. */
export const aPdf = (name = 'contract.pdf', size = 9) =>
  new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });
export const aPng = (name = 'diploma.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
