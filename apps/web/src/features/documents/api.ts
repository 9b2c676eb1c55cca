import {
  type DictionaryResponse,
  DOCUMENTS_PAGE_SIZE,
  type Profile,
  type StorageDocument,
  type StoragePage,
} from '@atrium/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Every query of the documents feature starts with this key, so one change can refresh them all. */
const DOCUMENTS = ['documents'] as const;

/**
 * Spec §6: the owner on their own profile and HR of the owner's company manage the documents; the
 * server gives a profile edit mode 'hr' exactly to HR of the person's company.
 */
export const mayManageDocuments = (profile: Profile, viewerId: number) =>
  profile.id === viewerId || profile.edit_mode === 'hr';

export type DocumentsFilter = {
  userId: number;
  page: number;
  /** StorageCategory and StorageType item ids; null shows every one. */
  category: number | null;
  type: number | null;
};

/** The query string of GET /api/storage/: the owner, the page of 10 (spec §9) and the filters set. */
export function documentsSearch({ userId, page, category, type }: DocumentsFilter) {
  const search = new URLSearchParams({
    user_id: String(userId),
    page: String(page),
    page_size: String(DOCUMENTS_PAGE_SIZE),
  });
  if (category !== null) search.set('category', String(category));
  if (type !== null) search.set('type', String(type));
  return search.toString();
}

/** One page of a person's documents, newest first; the previous page stays on screen while the next loads. */
export const documentsQueryOptions = (filter: DocumentsFilter) =>
  queryOptions({
    queryKey: [...DOCUMENTS, filter.userId, filter],
    queryFn: ({ signal }) => http.get<StoragePage>(`/api/storage/?${documentsSearch(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export type DocumentDictionary = 'StorageCategory' | 'StorageType';

/**
 * The owner's company's document categories or types, for the filters and the modal. The same key as the
 * other features' dictionaries, so that one cached list serves them all for the session (spec §9).
 */
export const documentDictionaryQueryOptions = (name: DocumentDictionary, companyId: number) =>
  queryOptions({
    queryKey: ['dictionaries', name, companyId],
    queryFn: () =>
      http
        .get<DictionaryResponse>(`/api/dictionaries/${name}/?company=${companyId}`)
        .then(({ results }) => results),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** What the modal saves: the record's fields, and the file when one was picked. */
export type DocumentDraft = {
  title: string;
  category: number | null;
  type: number | null;
  file: File | null;
};

/** The spec's calls send forms (§7); an empty select goes as '' and clears the field. */
function documentForm(fields: Record<string, string | number | null>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value === null ? '' : String(value));
  return form;
}

const uploadFile = (documentId: number, file: File) => {
  const form = new FormData();
  form.set('file', file);
  return http.upload<StorageDocument>(`/api/storage/upload-file/${documentId}/`, form);
};

/**
 * Spec §4: the record is created with title and owner, then the file is uploaded to it. When the upload
 * fails the record is removed again, so that no document without a file is left behind; the upload's
 * error is what the caller sees.
 */
async function createDocument(userId: number, { title, category, type, file }: DocumentDraft) {
  if (!file) throw new Error('A new document needs its file.');
  const fields: Record<string, string | number | null> = { title, user_id: userId };
  if (category !== null) fields.category = category;
  if (type !== null) fields.type = type;
  const created = await http.post<StorageDocument>('/api/storage/', documentForm(fields));
  try {
    return await uploadFile(created.id, file);
  } catch (error) {
    // Best effort: should this fail too, the server sweeps fileless records within the hour.
    await http.delete(`/api/storage/${created.id}/`).catch(() => undefined);
    throw error;
  }
}

/** Spec §7: PATCH with id, owner, title (and the filing); a newly picked file replaces the stored one. */
async function updateDocument(document: StorageDocument, { title, category, type, file }: DocumentDraft) {
  const form = documentForm({ id: document.id, user_id: document.user_id, title, category, type });
  const updated = await http.patch<StorageDocument>(`/api/storage/${document.id}/`, form);
  return file ? uploadFile(document.id, file) : updated;
}

/** Creates a document for `userId`, or updates `editing`; either way the lists are refetched. */
export function useSaveDocument(userId: number, editing: StorageDocument | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: DocumentDraft) =>
      editing ? updateDocument(editing, draft) : createDocument(userId, draft),
    // Also after a failure: an update may have been saved before its new file was refused.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...DOCUMENTS, userId] }),
  });
}

export function useRemoveDocument(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => http.delete(`/api/storage/${documentId}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...DOCUMENTS, userId] }),
  });
}
