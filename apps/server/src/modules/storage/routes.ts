import {
  INVALID_DOCUMENT_FILE,
  StorageCreateBody,
  StorageDocument,
  StoragePage,
  StorageQuery,
  StorageUpdateBody,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { badRequest, fieldErrors } from '../../lib/errors';
import { acceptedType, cleanFileName, downloadHeaders } from '../../lib/files';
import { readUpload } from '../../lib/upload';
import { requireSession } from '../../plugins/session';
import { documentsOf, manageableDocument } from './access';
import {
  checkFiling,
  createDocument,
  deleteDocument,
  listDocuments,
  presentDocument,
  readFile,
  storeFile,
  updateDocument,
} from './documents';
import { formFieldsAsBody } from './form-body';

const tags = ['storage'];
const LIST_PATH = '/api/storage/';
const DocumentParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive(),
});
/** POST and PATCH take the web app's FormData as well as JSON. */
const FORM_OR_JSON = ['multipart/form-data', 'application/json'];

/** /api/storage/…: the personal documents of a profile, for their owner and HR of their company. */
export const storageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.get(
    LIST_PATH,
    {
      schema: {
        tags,
        summary:
          "A person's documents that have their file, newest first, 10 a page; for the person and HR, 403 for anyone else",
        querystring: StorageQuery,
        response: { 200: StoragePage },
      },
    },
    async (request) => {
      const { query } = request;
      const scope = await documentsOf(db, requireSession(request), query.user_id);
      await checkFiling(db, scope.companyId, { categoryId: query.category, typeId: query.type });
      const { count, results } = await listDocuments(db, scope, {
        categoryId: query.category,
        typeId: query.type,
        page: query.page,
        pageSize: query.page_size,
      });
      let next: string | null = null;
      if (query.page * query.page_size < count) {
        // The next page of the same person and filters.
        const params = new URLSearchParams({ user_id: String(query.user_id) });
        if (query.category !== undefined) params.set('category', String(query.category));
        if (query.type !== undefined) params.set('type', String(query.type));
        params.set('page', String(query.page + 1));
        params.set('page_size', String(query.page_size));
        next = `${LIST_PATH}?${params}`;
      }
      return { count, next, results };
    },
  );

  app.post(
    LIST_PATH,
    {
      schema: {
        tags,
        summary:
          'File a document record for a person (form or JSON: title, user_id, category, type); its file follows with upload-file',
        consumes: FORM_OR_JSON,
        body: StorageCreateBody,
        response: { 201: StorageDocument },
      },
      preValidation: formFieldsAsBody,
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { body } = request;
      const scope = await documentsOf(db, session, body.user_id);
      await checkFiling(db, scope.companyId, { categoryId: body.category, typeId: body.type });
      const id = await createDocument(db, {
        scope,
        actorId: session.userId,
        now: clock.now(),
        title: body.title,
        categoryId: body.category,
        typeId: body.type,
      });
      return reply.code(201).send(await presentDocument(db, id));
    },
  );

  app.post(
    '/api/storage/upload-file/:id/',
    {
      schema: {
        tags,
        summary:
          "Upload a document's file (multipart 'file'): PDF, JPEG, PNG or GIF by its bytes and name, up to 2 MB; replaces any earlier file",
        params: DocumentParams,
        response: { 200: StorageDocument },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { document } = await manageableDocument(db, session, request.params.id);
      const { bytes, filename } = await readUpload(request, INVALID_DOCUMENT_FILE);
      const fileName = cleanFileName(filename);
      const contentType = acceptedType(bytes, fileName);
      if (!contentType) throw badRequest(INVALID_DOCUMENT_FILE);
      await storeFile(db, {
        documentId: document.id,
        bytes,
        fileName,
        contentType,
        actorId: session.userId,
        now: clock.now(),
      });
      return presentDocument(db, document.id);
    },
  );

  app.patch(
    '/api/storage/:id/',
    {
      schema: {
        tags,
        summary:
          "Change a document's title, category or type (form or JSON); id and user_id, if sent, must be its own",
        consumes: FORM_OR_JSON,
        params: DocumentParams,
        body: StorageUpdateBody,
        response: { 200: StorageDocument },
      },
      preValidation: formFieldsAsBody,
    },
    async (request) => {
      const session = requireSession(request);
      const { body } = request;
      const { document } = await manageableDocument(db, session, request.params.id);
      if (body.id !== undefined && body.id !== document.id)
        throw fieldErrors({ id: 'This is another document' });
      if (body.user_id !== undefined && body.user_id !== document.userId) {
        throw fieldErrors({ user_id: 'A document stays with its owner' });
      }
      await checkFiling(db, document.companyId, {
        categoryId: body.category !== document.categoryId ? body.category : undefined,
        typeId: body.type !== document.typeId ? body.type : undefined,
      });
      await updateDocument(db, {
        documentId: document.id,
        actorId: session.userId,
        now: clock.now(),
        title: body.title,
        categoryId: body.category,
        typeId: body.type,
      });
      return presentDocument(db, document.id);
    },
  );

  app.delete(
    '/api/storage/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a document and its file for good',
        params: DocumentParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { document } = await manageableDocument(db, session, request.params.id);
      await deleteDocument(db, { documentId: document.id, actorId: session.userId, now: clock.now() });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/storage/:id/file/',
    {
      schema: {
        tags,
        summary: "A document's file under its original name; PDFs and pictures open in the browser",
        params: DocumentParams,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { document, byOwner } = await manageableDocument(db, session, request.params.id);
      const file = await readFile(db, { document, byOwner, actorId: session.userId, now: clock.now() });
      return reply.headers(downloadHeaders(file.fileName, file.contentType)).send(Buffer.from(file.bytes));
    },
  );
};
