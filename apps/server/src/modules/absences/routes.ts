import {
  AbsenceRequestBody,
  AvailableQuery,
  CountDaysQuery,
  CreatedRequest,
  DayCount,
  HistoryQuery,
  UserVarsPage,
  UserVarsQuery,
  VacationLogPage,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import type { AbsenceKind } from '../../db/schema/index';
import { requireSession } from '../../plugins/session';
import { deliverNotifications } from '../notifications/service';
import { availableDays } from './available';
import { dayOf } from './dates';
import { countDaysFor } from './day-count';
import { personForViewer } from './policy';
import { fileAbsenceRequest } from './requests';
import { vacationHistory, vacationVariables } from './user-vars';

const tags = ['absences'];

/** The request endpoints: each files its kind of absence through its template (decision 0011). */
const REQUESTS: { path: string; kind: AbsenceKind; template: string; summary: string }[] = [
  {
    path: 'vacation',
    kind: 'vacation',
    template: 'vacation_approval',
    summary: 'Request a vacation: checked against your balance; manager, then HR business partner approve',
  },
  {
    path: 'own-expense',
    kind: 'own_expense',
    template: 'leave_at_own_expense_approval',
    summary: 'Request leave at own expense (no balance); manager, then HR business partner approve',
  },
  {
    path: 'business-trip',
    kind: 'business_trip',
    template: 'business_trip_approval',
    summary: 'Request a business trip (inputParams: destination, purpose); manager, then HR approve',
  },
];

export const SICK_LEAVE_TEMPLATES = [
  'official_sick_leave_approval',
  'internal_hospital_staff',
  'internal_hospital_gph',
] as const;

const SickLeaveQuery = z.object({
  template: z
    .enum(SICK_LEAVE_TEMPLATES, {
      error:
        'template must be official_sick_leave_approval, internal_hospital_staff or internal_hospital_gph',
    })
    .default('official_sick_leave_approval'),
});
const PersonParams = z.object({ id: z.coerce.number({ error: 'Expected an id' }).int().positive() });

/** Absence requests, day counts, balances and the vacation log (user_vars). */
export const absencesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, clock, mailer, events, config } = deps;

  app.get(
    '/api/absences/count-days/',
    {
      schema: {
        tags,
        summary:
          'Days a period counts: a vacation without the public holidays in it, other kinds every calendar day',
        querystring: CountDaysQuery,
        response: { 200: DayCount },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { user_id, from_date, to_date, kind } = request.query;
      const person = await personForViewer(db, session, user_id ?? session.userId);
      return { count_days: await countDaysFor(db, person.companyId, kind, from_date, to_date) };
    },
  );

  app.get(
    '/api/absences/available/',
    {
      schema: {
        tags,
        summary:
          'Vacation days available at a date (received by then − used − held by pending requests); other kinds: days left in the year',
        querystring: AvailableQuery,
        response: { 200: DayCount },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { user_id, date, kind } = request.query;
      const now = clock.now();
      const person = await personForViewer(db, session, user_id ?? session.userId);
      return { count_days: await availableDays(db, person, kind, date ?? dayOf(now), now) };
    },
  );

  const file = async (
    session: ReturnType<typeof requireSession>,
    kind: AbsenceKind,
    template: string,
    body: AbsenceRequestBody,
    log: Parameters<typeof deliverNotifications>[2],
  ) => {
    const created = await fileAbsenceRequest(db, session, kind, template, body, clock.now());
    await deliverNotifications({ db, mailer, events, appUrl: config.appUrl }, created.notifications, log);
    return { id: created.id, chat: created.chat };
  };

  for (const each of REQUESTS) {
    app.post(
      `/api/absences/${each.path}/`,
      {
        schema: {
          tags,
          summary: each.summary,
          body: AbsenceRequestBody,
          response: { 201: CreatedRequest },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        return reply.code(201).send(await file(session, each.kind, each.template, request.body, request.log));
      },
    );
  }

  app.post(
    '/api/absences/sick-leave/',
    {
      schema: {
        tags,
        summary:
          'Report sick leave: official (HR confirms, the default) or the internal sick days of staff or contractors (?template=)',
        querystring: SickLeaveQuery,
        body: AbsenceRequestBody,
        response: { 201: CreatedRequest },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const created = await file(session, 'sick_leave', request.query.template, request.body, request.log);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/user_vars/values/',
    {
      schema: {
        tags,
        summary:
          "A person's vacation variables (yours by default): days available now and days used this year",
        querystring: UserVarsQuery,
        response: { 200: UserVarsPage },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const person = await personForViewer(db, session, request.query.user ?? session.userId);
      const all = await vacationVariables(db, person, clock.now());
      // Two variables fit on the first page; later pages are empty.
      return { count: all.length, next: null, results: request.query.page === 1 ? all : [] };
    },
  );

  app.get(
    '/api/user_vars/:id/history/',
    {
      schema: {
        tags,
        summary: "A person's vacation log ({id}: the person's user id), newest first, 50 a page",
        params: PersonParams,
        querystring: HistoryQuery,
        response: { 200: VacationLogPage },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const person = await personForViewer(db, session, request.params.id);
      const { page, page_size, user_var_type } = request.query;
      const result = await vacationHistory(db, person, user_var_type, page, page_size, clock.now());
      const more = page * page_size < result.count;
      const next = more
        ? `/api/user_vars/${person.id}/history/?${new URLSearchParams({
            page: String(page + 1),
            page_size: String(page_size),
            user_var_type,
          })}`
        : null;
      return { count: result.count, next, results: result.results };
    },
  );
};
