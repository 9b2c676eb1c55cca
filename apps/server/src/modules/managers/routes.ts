import {
  ManagerLink,
  ManagerLinkBody,
  ManagerLinksResponse,
  ManagersQuery,
  ManagerTypesResponse,
  requiredId,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { forbidden, notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import { canManageSubordination, standingOr404 } from './policy';
import {
  addManagerLink,
  deleteManagerLink,
  findManagerLink,
  managerLinksOf,
  managerTypesFor,
} from './service';

const tags = ['managers'];

export const managersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.get(
    '/api/managers/',
    {
      schema: {
        tags,
        summary: "A person's managers: manager, deputy, HR business partner, then extra managers",
        querystring: ManagersQuery,
        response: { 200: ManagerLinksResponse },
      },
    },
    async (request) => {
      const { person } = await standingOr404(db, requireSession(request), request.query.user_id);
      return { results: await managerLinksOf(db, person.id) };
    },
  );

  app.get(
    '/api/managers/manager_types/',
    {
      schema: {
        tags,
        summary: "The manager types (UserManagerType) a person's company uses",
        querystring: ManagersQuery,
        response: { 200: ManagerTypesResponse },
      },
    },
    async (request) => {
      const { person } = await standingOr404(db, requireSession(request), request.query.user_id);
      return { results: await managerTypesFor(db, person.companyId) };
    },
  );

  app.post(
    '/api/managers/',
    {
      schema: {
        tags,
        summary:
          'Add a manager to a person (HR of their company); manager, deputy and hrbp replace the current one',
        body: ManagerLinkBody,
        response: { 201: ManagerLink },
      },
    },
    async (request, reply) => {
      const { user, manager, manager_type } = request.body;
      const session = requireSession(request);
      const standing = await standingOr404(db, session, user);
      if (!canManageSubordination(standing)) throw forbidden();
      const link = await addManagerLink(db, {
        person: standing.person,
        managerId: manager,
        managerTypeId: manager_type,
        actorId: session.userId,
        at: clock.now(),
      });
      reply.code(201);
      return link;
    },
  );

  app.delete(
    '/api/managers/:id/',
    {
      schema: {
        tags,
        summary: "Remove one of a person's managers (HR of their company)",
        params: z.object({ id: requiredId('id') }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const link = await findManagerLink(db, request.params.id);
      if (!link) throw notFound();
      const standing = await standingOr404(db, session, link.userId);
      if (!canManageSubordination(standing)) throw forbidden();
      await deleteManagerLink(db, {
        linkId: link.id,
        person: standing.person,
        actorId: session.userId,
        at: clock.now(),
      });
      return reply.code(204).send(null);
    },
  );
};
