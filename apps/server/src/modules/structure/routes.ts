import {
  CompanyStructureResponse,
  DepartmentNodeResponse,
  DepartmentTreeResponse,
  LevelTypesResponse,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import type { SessionInfo } from '../auth/sessions';
import { listUsers } from '../users/directory';
import { memberCompanyIds } from '../users/policy';
import { createKeptTrees } from './kept-trees';
import { chainTo, findNode, levelTypesOf, placementOf, subtree } from './service';

const tags = ['structure'];
const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive();

/** The company asked for, when the user belongs to it (else 404, as if it did not exist), or the active one. */
async function viewableCompany(db: Db, session: SessionInfo, requested: number | undefined) {
  const companyId = requested ?? session.companyId;
  if (!(await memberCompanyIds(db, session.userId)).includes(companyId)) throw notFound();
  return companyId;
}

export const structureRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const treeOf = createKeptTrees(db, app.peopleVersion);

  app.get(
    '/api/company_department_tree/',
    {
      schema: {
        tags,
        summary: "A company's department nodes, top-down, with their head counts",
        querystring: z.object({
          company_id: id('company_id').optional(),
          level_type: id('level_type').optional(),
        }),
        response: { 200: DepartmentTreeResponse },
      },
    },
    async (request) => {
      const companyId = await viewableCompany(db, requireSession(request), request.query.company_id);
      const nodes = await treeOf(companyId);
      const { level_type } = request.query;
      return { results: level_type ? nodes.filter((node) => node.level_type === level_type) : nodes };
    },
  );

  app.get(
    '/api/company_department_tree/:id',
    {
      schema: {
        tags,
        summary: 'One node with the nodes right under it and the people placed in it',
        params: z.object({ id: id('id') }),
        response: { 200: DepartmentNodeResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const found = await findNode(db, request.params.id);
      if (!found) throw notFound();
      await viewableCompany(db, session, found.companyId);
      const [node, ...below] = subtree(await treeOf(found.companyId), found.id);
      if (!node) throw notFound();
      const { results } = await listUsers(
        db,
        session,
        { Company: [found.companyId], department: [found.id] },
        { page: 1, pageSize: 100, countOnly: false },
      );
      return { node, nodes: below.filter((child) => child.parent_id === node.id), employees: results };
    },
  );

  app.get(
    '/api/company_level_types/',
    {
      schema: {
        tags,
        summary: "The levels of a company's structure (division, department, team…)",
        querystring: z.object({ company: id('company').optional() }),
        response: { 200: LevelTypesResponse },
      },
    },
    async (request) => {
      const companyId = await viewableCompany(db, requireSession(request), request.query.company);
      return { results: await levelTypesOf(db, companyId) };
    },
  );

  app.get(
    '/api/company_levels/',
    {
      schema: {
        tags,
        summary: 'The nodes of one level type of a company',
        querystring: z.object({ company: id('company').optional(), level_type: id('level_type') }),
        response: { 200: DepartmentTreeResponse },
      },
    },
    async (request) => {
      const companyId = await viewableCompany(db, requireSession(request), request.query.company);
      const nodes = await treeOf(companyId);
      return { results: nodes.filter((node) => node.level_type === request.query.level_type) };
    },
  );

  app.get(
    '/api/company_structure/',
    {
      schema: {
        tags,
        summary: "A company's structure level by level, optionally under one top node (level0)",
        querystring: z.object({ company: id('company').optional(), level0: id('level0').optional() }),
        response: { 200: CompanyStructureResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const companyId = await viewableCompany(db, session, request.query.company);
      const { level0 } = request.query;
      if (level0 !== undefined && (await findNode(db, level0))?.companyId !== companyId) throw notFound();
      const [types, nodes] = await Promise.all([
        levelTypesOf(db, companyId),
        treeOf(companyId).then((tree) => (level0 === undefined ? tree : subtree(tree, level0))),
      ]);
      return {
        levels: types.map((type) => ({
          level_type: type,
          nodes: nodes.filter((node) => node.level_type === type.id),
        })),
      };
    },
  );

  app.get(
    '/api/company_structure/user_tree/',
    {
      schema: {
        tags,
        summary: 'The nodes a user belongs to, from the top down',
        querystring: z.object({ user: id('user') }),
        response: { 200: DepartmentTreeResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      // Only people the viewer may list: the same scope as the directory.
      const { count } = await listUsers(
        db,
        session,
        { ids: [request.query.user], Company: await memberCompanyIds(db, session.userId) },
        { page: 1, pageSize: 1, countOnly: true },
      );
      if (count === 0) throw notFound();
      const placement = await placementOf(db, request.query.user);
      if (!placement?.departmentId) return { results: [] };
      return { results: chainTo(await treeOf(placement.companyId), placement.departmentId) };
    },
  );
};
