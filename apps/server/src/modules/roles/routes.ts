import { PermissionsResponse } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { requireSession } from '../../plugins/session';
import { loadPermissions } from './service';

export const rolesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/roles/permissions/',
    {
      schema: {
        tags: ['roles'],
        summary: 'Permissions of the session user',
        response: { 200: PermissionsResponse },
      },
    },
    async (request) => ({ results: await loadPermissions(deps.db, requireSession(request)) }),
  );
};
