import {
  CompetenciesQuery,
  CompetenciesResponse,
  SetCompetencyLevelBody,
  UserCompetenciesQuery,
  UserCompetenciesResponse,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { fieldErrors, forbidden, notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import { standingOr404 } from '../managers/policy';
import { memberCompanyIds } from '../users/policy';
import { canSetCompetencyLevel } from './policy';
import { competenciesOf, findLevel, setCompetencyLevel, userCompetenciesOf } from './service';

const tags = ['competencies'];

export const competenciesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/competencies/',
    {
      schema: {
        tags,
        summary: "A company's competencies with their levels (the active company's by default)",
        querystring: CompetenciesQuery,
        response: { 200: CompetenciesResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const companyId = request.query.company ?? session.companyId;
      // Another company's competencies answer as if it did not exist.
      if (!(await memberCompanyIds(db, session.userId)).includes(companyId)) throw notFound();
      return { results: await competenciesOf(db, companyId) };
    },
  );

  app.get(
    '/api/competencies/get_levels/',
    {
      schema: {
        tags,
        summary: "Each competency of a person's company with its levels and the person's level (or null)",
        querystring: UserCompetenciesQuery,
        response: { 200: UserCompetenciesResponse },
      },
    },
    async (request) => {
      const { person } = await standingOr404(db, requireSession(request), request.query.user_id);
      return { results: await userCompetenciesOf(db, person) };
    },
  );

  app.post(
    '/api/competencies/set_level/',
    {
      schema: {
        tags,
        summary: "Set or remove (remove: true) a person's level of a competency (the person or HR)",
        body: SetCompetencyLevelBody,
        response: { 200: UserCompetenciesResponse },
      },
    },
    async (request) => {
      const { competency_level_id, user_id, remove } = request.body;
      const standing = await standingOr404(db, requireSession(request), user_id);
      if (!canSetCompetencyLevel(standing)) throw forbidden();
      const level = await findLevel(db, competency_level_id, standing.person.companyId);
      if (!level)
        throw fieldErrors({ competency_level_id: "There is no such level in the person's company" });
      await setCompetencyLevel(db, { userId: standing.person.id, level, remove });
      return { results: await userCompetenciesOf(db, standing.person) };
    },
  );
};
