import { UsersFilterBody, UsersPage, UsersPageQuery } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { nextPage } from '../../lib/pagination';
import { requireSession } from '../../plugins/session';
import { createDirectoryCache, listUsers } from './directory';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // This process's directory answers (decision 0021); every process checks the version in the database.
  const answers = createDirectoryCache();

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
    async (request) => {
      const { page, page_size, count } = request.query;
      const result = await listUsers(
        db,
        requireSession(request),
        {},
        { page, pageSize: page_size, countOnly: count },
        answers,
      );
      return { ...result, next: count ? null : nextPage('/api/users/', request.query, result.count) };
    },
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
    async (request) => {
      const { page, page_size, count } = request.query;
      const result = await listUsers(
        db,
        requireSession(request),
        request.body,
        { page, pageSize: page_size, countOnly: count },
        answers,
      );
      return { ...result, next: count ? null : nextPage('/api/users/filter/', request.query, result.count) };
    },
  );
};
