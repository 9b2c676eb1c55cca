import { DepartmentTreeResponse } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import { memberCompanyIds } from '../users/policy';
import { departmentTree } from './service';

export const structureRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/company_department_tree/',
    {
      schema: {
        tags: ['structure'],
        summary: "A company's department nodes, top-down, with their head counts",
        querystring: z.object({
          company_id: z.coerce.number({ error: 'company_id must be a number' }).int().positive().optional(),
        }),
        response: { 200: DepartmentTreeResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const companyId = request.query.company_id ?? session.companyId;
      // A company one does not belong to is answered as if it did not exist.
      if (!(await memberCompanyIds(db, session.userId)).includes(companyId)) throw notFound();
      return { results: await departmentTree(db, companyId) };
    },
  );
};
