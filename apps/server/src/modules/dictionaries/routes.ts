import {
  COMPANY_DICTIONARIES,
  CompanyDictionariesQuery,
  CompanyDictionariesResponse,
  DICTIONARY_NAMES,
  type DictionaryName,
  DictionaryQuery,
  DictionaryResponse,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import { memberCompanyIds } from '../users/policy';
import { dictionaryItemsFor } from './service';

const tags = ['dictionaries'];
const isDictionaryName = (name: string): name is DictionaryName =>
  (DICTIONARY_NAMES as readonly string[]).includes(name);

export const dictionariesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/dictionaries/:name/',
    {
      schema: {
        tags,
        summary: `One dictionary's items for a company (${DICTIONARY_NAMES.join(', ')})`,
        params: z.object({ name: z.string() }),
        querystring: DictionaryQuery,
        response: { 200: DictionaryResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { name } = request.params;
      if (!isDictionaryName(name)) throw notFound(`There is no dictionary named ${name}.`);
      const members = await memberCompanyIds(db, session.userId);
      const companyId = request.query.company ?? session.companyId;
      if (!members.includes(companyId)) throw notFound();
      return { results: await dictionaryItemsFor(db, name, companyId, members, request.query.q) };
    },
  );

  app.get(
    '/api/dictionaries/',
    {
      schema: {
        tags,
        summary: `Per company, the dictionaries ${COMPANY_DICTIONARIES.join(', ')}`,
        querystring: CompanyDictionariesQuery,
        response: { 200: CompanyDictionariesResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const members = await memberCompanyIds(db, session.userId);
      // Companies the user is not in are left out, as if they did not exist.
      const wanted = (request.query.companies ?? [session.companyId]).filter((id) => members.includes(id));
      const results = await Promise.all(
        wanted.map(async (company) => {
          const lists = await Promise.all(
            COMPANY_DICTIONARIES.map((name) => dictionaryItemsFor(db, name, company, members)),
          );
          return {
            company,
            dicts: Object.fromEntries(COMPANY_DICTIONARIES.map((name, i) => [name, lists[i] ?? []])),
          };
        }),
      );
      return { results };
    },
  );
};
