import {
  DecisionBody,
  PatchTaskBody,
  TaskDetail,
  TaskParams,
  TasksPage,
  TasksQuery,
  WorkflowResponse,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import type { SessionInfo } from '../auth/sessions';
import { deliverNotifications } from '../notifications/service';
import { overseesPerson, profileAccess } from '../users/policy';
import { actionableStep, loadTaskDetail, patchRequest } from './detail';
import { decideStep } from './engine';
import { createKeptTaskLists, createKeptWorkflows } from './kept-answers';
import { taskAccess } from './policy';

const tags = ['tasks'];

/**
 * Whose list a viewer may read with `user=`: their own, a person they manage (any manager link) or a
 * person of a company they are HR of. Anyone else is refused (403); a person who does not exist, 404.
 */
async function listedPerson(db: Db, viewer: SessionInfo, userId: number | undefined): Promise<number> {
  if (userId === undefined || userId === viewer.userId) return viewer.userId;
  // Someone of no shared company answers as if absent, so that ids cannot be probed across companies.
  const access = await profileAccess(db, viewer, userId);
  if (!access) throw notFound();
  // profileAccess has already asked whether the viewer is the person's HR.
  if (access.editMode === 'hr' || (await overseesPerson(db, viewer.userId, access.target)))
    return access.target.id;
  throw forbidden();
}

export const tasksRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, events, mailer, config },
) => {
  /** The task as its viewer may see it; one they may not see answers 404. */
  async function readable(request: FastifyRequest, taskId: number) {
    const session = requireSession(request);
    const access = await taskAccess(db, session, taskId);
    if (!access) throw notFound();
    return { session, access };
  }
  const keptList = createKeptTaskLists(db, app.workVersion);
  const keptWorkflow = createKeptWorkflows(db, app.workVersion);
  const announce = (taskId: number, participants: number[]) =>
    events?.publish({ type: 'task.updated', taskId, audience: { userIds: participants } });

  app.get(
    '/api/tasks/',
    {
      schema: {
        tags,
        summary:
          'Tasks: view exec (my started steps), creator (requests I filed); status active, overdue, planned or completed; user= for a person one manages or is HR of',
        querystring: TasksQuery,
        response: { 200: TasksPage },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const query = request.query;
      const personId = await listedPerson(db, session, query.user);
      const { count, results } = await keptList({
        personId,
        view: query.view,
        includeRequestsFor: query.user !== undefined && query.view === 'creator',
        status: query.status,
        order: query.order,
        page: query.page,
        pageSize: query.page_size,
        now: clock.now(),
      });
      let next: string | null = null;
      if (query.page * query.page_size < count) {
        const params = new URLSearchParams({ view: query.view, status: query.status });
        if (query.user !== undefined) params.set('user', String(query.user));
        if (query.order) params.set('order', query.order);
        if (query.page_size !== 15) params.set('page_size', String(query.page_size));
        params.set('page', String(query.page + 1));
        next = `/api/tasks/?${params}`;
      }
      return { count, next, results };
    },
  );

  app.get(
    '/api/tasks/:id/',
    {
      schema: {
        tags,
        summary: "A request or a step, with the request's inputs and what the viewer may do",
        params: TaskParams,
        response: { 200: TaskDetail },
      },
    },
    async (request) => {
      const { session, access } = await readable(request, request.params.id);
      return loadTaskDetail(db, access, session.userId, clock.now());
    },
  );

  app.get(
    '/api/tasks/:id/workflow/',
    {
      schema: {
        tags,
        summary: 'The workflow of the request a task belongs to: the request, then its steps in order',
        params: TaskParams,
        response: { 200: WorkflowResponse },
      },
    },
    async (request) => {
      const results = await keptWorkflow(requireSession(request), request.params.id, clock.now());
      if (!results) throw notFound();
      return { results };
    },
  );

  app.patch(
    '/api/tasks/:id/',
    {
      schema: {
        tags,
        summary: "Change a request's name or description (its creator, while it is open)",
        params: TaskParams,
        body: PatchTaskBody,
        response: { 200: TaskDetail },
      },
    },
    async (request) => {
      const { session, access } = await readable(request, request.params.id);
      if (!access.isCreator) throw forbidden();
      if (access.request.completed || access.request.canceled)
        throw conflict('This request is already closed');
      const now = clock.now();
      await patchRequest(db, access.request.id, request.body, now);
      await announce(access.request.id, access.participants);
      const fresh = await taskAccess(db, session, access.task.id);
      if (!fresh) throw notFound();
      return loadTaskDetail(db, fresh, session.userId, now);
    },
  );

  for (const decision of ['approved', 'rejected'] as const) {
    app.post(
      `/api/tasks/:id/${decision === 'approved' ? 'approve' : 'reject'}/`,
      {
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? 'Approve a step (its assignee, while it is open); given a request, the viewer’s step in it'
              : 'Reject a step (its assignee, while it is open): the request is canceled',
          params: TaskParams,
          // The web app may post no body at all (no comment).
          body: DecisionBody.nullish(),
          response: { 200: TaskDetail },
        },
      },
      async (request) => {
        const { session, access } = await readable(request, request.params.id);
        const now = clock.now();
        let stepId = access.task.id;
        if (access.task.parentTaskId === null) {
          // A request stands for the viewer's step in it, as the detail's Approve and Reject act on.
          const step = await actionableStep(db, access.request, session.userId, now);
          if (step === null) {
            if (access.request.completed || access.request.canceled)
              throw conflict('This request is already closed');
            throw forbidden();
          }
          stepId = step;
        }
        const decided = await decideStep(db, {
          stepId,
          userId: session.userId,
          decision,
          comment: request.body?.comment ?? '',
          now,
        });
        await deliverNotifications(
          { db, mailer, events, appUrl: config.appUrl },
          decided.notifications,
          request.log,
        );
        await announce(decided.requestId, decided.participants);
        const fresh = await taskAccess(db, session, stepId);
        if (!fresh) throw notFound();
        return loadTaskDetail(db, fresh, session.userId, now);
      },
    );
  }
};
