import { AUDIT_PAGE_SIZE, AuditLogPage, AuditLogQuery } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { requireSession } from '../../plugins/session';
import { auditPage } from './log';
import { auditSubject } from './policy';

const LIST_PATH = '/api/audit/';

/** GET /api/audit/: the audit log of a person, for HR of their company. */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    LIST_PATH,
    {
      schema: {
        tags: ['audit'],
        summary:
          "The audit log of a person (profile edits, user creation, manager changes, request decisions, documents), newest first, 20 a page; HR of the person's company only",
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage },
      },
    },
    async (request, reply) => {
      const { user_id, page } = request.query;
      const person = await auditSubject(db, requireSession(request), user_id);
      const { count, results } = await auditPage(db, person, page);
      const next =
        page * AUDIT_PAGE_SIZE < count
          ? `${LIST_PATH}?${new URLSearchParams({ user_id: String(user_id), page: String(page + 1) })}`
          : null;
      // Personal data: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      return { count, next, results };
    },
  );
};
