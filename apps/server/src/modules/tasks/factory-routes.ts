import {
  CreatedRequest,
  FactoryBody,
  TaskFormResponse,
  TaskParams,
  TemplateParams,
  TemplatesResponse,
  UploadedTaskFile,
} from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { companyMembers, type TemplateField, users } from '../../db/schema/index';
import { fieldErrors, notFound } from '../../lib/errors';
import { downloadHeaders } from '../../lib/files';
import { readUpload } from '../../lib/upload';
import { requireSession } from '../../plugins/session';
import type { SessionInfo } from '../auth/sessions';
import { deliverNotifications } from '../notifications/service';
import { createRequest } from './engine';
import { fileIdsOf, userIdsOf, validateInputs } from './form-validation';
import { taskAccess } from './policy';
import { attachFiles, INVALID_TASK_FILE, loadTaskFile, pendingFileIds, saveTaskFile } from './task-files';
import { dayOf, findTemplate, formFields, listTemplates, templateSummary } from './templates';

const tags = ['tasks'];

/** Of `ids`, the active users of `companyId` (a user picker may name only colleagues). */
async function companyUserIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), inArray(users.id, ids), eq(users.isActive, true)));
  return new Set(rows.map((row) => row.id));
}

/** The file fields whose ids a request could not take (another request took them meanwhile). */
function untakenFileFields(form: TemplateField[], values: Record<string, unknown>, taken: Set<number>) {
  return Object.fromEntries(
    form
      .filter((field) => field.field_type === 'file')
      .filter((field) => ((values[field.name] as number[] | null) ?? []).some((id) => !taken.has(id)))
      .map((field) => [field.name, [`${field.title}: upload the files again (already used)`]]),
  );
}

/**
 * Files a factory request for the caller: the template must be one of their active company's factory
 * templates, the input must fit its form (checked here, whatever the browser checked), and the request,
 * its steps, its first notifications and the taking of its files happen in one transaction.
 */
async function submitFactoryRequest(
  deps: AppDeps,
  session: SessionInfo,
  body: { template: string; inputParams: Record<string, unknown> },
) {
  const { db, clock } = deps;
  const now = clock.now();
  const template = await findTemplate(db, session.companyId, body.template);
  if (!template) throw fieldErrors({ template: ['There is no such request template'] });
  if (!template.factory) {
    throw fieldErrors({ template: [`${template.name} has its own request form`] });
  }
  const form = template.form;
  const input = body.inputParams;
  const { values, errors } = validateInputs(form, input, {
    today: dayOf(now),
    ownFileIds: await pendingFileIds(db, session.userId, fileIdsOf(form, input)),
    companyUserIds: await companyUserIds(db, session.companyId, userIdsOf(form, input)),
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const fileIds = fileIdsOf(form, values);
  const created = await db.transaction(async (tx) => {
    const request = await createRequest(tx, {
      companyId: session.companyId,
      templateId: template.id,
      requesterId: session.userId,
      userId: session.userId,
      name: template.name,
      inputParams: values,
      now,
    });
    const taken = await attachFiles(tx, session.userId, fileIds, request.id);
    // Checked above, but a second submission running alongside may have taken a file since: then this
    // one rolls back whole and says which field to fill again.
    if (taken.size !== new Set(fileIds).size) throw fieldErrors(untakenFileFields(form, values, taken));
    return request;
  });
  return created;
}

/** Templates, their forms, file uploads and factory requests. */
export const taskFactoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, clock, mailer, events, config } = deps;

  app.get(
    '/api/tasks/templates/',
    {
      schema: {
        tags,
        summary: "The active company's request templates: the known ones first, then factory ones by name",
        response: { 200: TemplatesResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return { results: await listTemplates(db, session.companyId) };
    },
  );

  app.get(
    '/api/tasks/templates/:key/form/',
    {
      schema: {
        tags,
        summary: "A template's form fields by position; 'today'-relative date bounds resolved to days",
        params: TemplateParams,
        response: { 200: TaskFormResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const template = await findTemplate(db, session.companyId, request.params.key);
      if (!template) throw notFound();
      return { template: templateSummary(template), fields: formFields(template.form, dayOf(clock.now())) };
    },
  );

  app.post(
    '/api/tasks/upload/',
    {
      schema: {
        tags,
        summary:
          "Upload a file for a request form (multipart 'file'): PDF, JPEG, PNG or GIF up to 2 MB; yours until a request takes it",
        response: { 201: UploadedTaskFile },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { bytes, filename } = await readUpload(request, INVALID_TASK_FILE);
      const file = await saveTaskFile(db, { ownerId: session.userId, bytes, filename, now: clock.now() });
      return reply.code(201).send(file);
    },
  );

  app.get(
    '/api/tasks/files/:id/',
    {
      schema: {
        tags,
        summary:
          "A request's file: for its uploader until a request takes it, then for whoever may read the request",
        params: TaskParams,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await loadTaskFile(db, request.params.id);
      const allowed =
        file !== null &&
        (file.taskId === null
          ? file.ownerId === session.userId
          : (await taskAccess(db, session, file.taskId)) !== null);
      // Someone else's file answers as if it did not exist.
      if (!file || !allowed) throw notFound();
      return reply.headers(downloadHeaders(file.name, file.contentType)).send(Buffer.from(file.bytes));
    },
  );

  app.post(
    '/api/tasks/factory/',
    {
      schema: {
        tags,
        summary:
          'File a factory request for yourself: every field is checked against the form; 422 missing_fields names each failure',
        body: FactoryBody,
        response: { 201: CreatedRequest },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const created = await submitFactoryRequest(deps, session, request.body);
      await deliverNotifications(
        { db, mailer, events, appUrl: config.appUrl },
        created.notifications,
        request.log,
      );
      return reply.code(201).send({ id: created.id, chat: created.chat });
    },
  );
};
