import { UsersFilterBody, UsersPage, UsersPageQuery } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { requireSession } from '../../plugins/session';
import { createDirectoryCache, sendUsersPage } from './directory';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // This process's directory answers (decisions 0021, 0030).
  const kept = createDirectoryCache(app.peopleVersion);

  app.get(
    '/api/users/',
    {
      schema: {
        tags,
        summary: 'People of the active company, in name order',
        querystring: UsersPageQuery,
        response: { 200: UsersPage },
      },
    },
    async (request, reply) =>
      sendUsersPage(reply, db, requireSession(request), {}, request.query, {
        path: '/api/users/',
        kept,
      }),
  );

  app.post(
    '/api/users/filter/',
    {
      // The spec's directory answers a bad filter key or value with 400 naming it.
      config: { validationStatus: 400 },
      schema: {
        tags,
        summary: 'People matching the directory filters and search text',
        querystring: UsersPageQuery,
        body: UsersFilterBody,
        response: { 200: UsersPage },
      },
    },
    async (request, reply) =>
      sendUsersPage(reply, db, requireSession(request), request.body, request.query, {
        path: '/api/users/filter/',
        kept,
      }),
  );
};
