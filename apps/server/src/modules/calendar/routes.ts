import {
  CalendarFeed,
  CalendarFeedBody,
  CalendarFilterBody,
  CalendarMonth,
  HolidaysQuery,
  HolidaysYear,
  MissingUsersBody,
  PersonalCalendarQuery,
  UsersPage,
  UsersPageQuery,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/errors';
import { createVersionedCache } from '../../lib/versioned-cache';
import { requireSession } from '../../plugins/session';
import { createDirectoryCache, sendUsersPage } from '../users/directory';
import { memberCompanyIds, profileAccess } from '../users/policy';
import { feedCalendar, issueFeed, readFeed, revokeFeed } from './feed';
import { holidaysYear } from './holidays';
import { companyMonth, MONTH_CACHE_ENTRIES, type MonthBase, personalMonth } from './month';

const tags = ['calendar'];
const IdParams = z.object({ id: z.coerce.number({ error: 'Expected an id' }).int().positive() });
const FeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a feed token') });

/** The company calendar: who is away per day, holidays, missing people, the private iCal feed. */
export const calendarRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, config }) => {
  const currentYear = () => clock.now().getUTCFullYear();
  // This process's company months (decision 0018); every process checks the version in the database.
  const months = createVersionedCache<MonthBase>(MONTH_CACHE_ENTRIES);
  const missingPeople = createDirectoryCache(app.peopleVersion);

  app.get(
    '/api/calendars/company/holidays/',
    {
      schema: {
        tags,
        summary: "The active company's holidays of a year, by month and ISO week",
        querystring: HolidaysQuery,
        response: { 200: HolidaysYear },
      },
    },
    async (request) => holidaysYear(db, requireSession(request).companyId, request.query.year),
  );

  app.get(
    '/api/holidays/:id/',
    {
      schema: {
        tags,
        summary: "A company's holidays of a year (the current one by default); only for its members",
        params: IdParams,
        querystring: HolidaysQuery.partial(),
        response: { 200: HolidaysYear },
      },
    },
    async (request) => {
      const session = requireSession(request);
      // Another company's calendar answers as if it did not exist.
      if (!(await memberCompanyIds(db, session.userId)).includes(request.params.id)) throw notFound();
      return holidaysYear(db, request.params.id, request.query.year ?? currentYear());
    },
  );

  app.post(
    '/api/calendars/company/filter/',
    {
      schema: {
        tags,
        summary:
          'The month grid (Monday to Sunday) with how many are on vacation or sick leave each day, and who (at most 10 a list)',
        body: CalendarFilterBody,
        response: { 200: CalendarMonth },
      },
    },
    async (request) => companyMonth(db, requireSession(request), request.body, months),
  );

  app.post(
    '/api/calendars/company/get_missing_users/',
    {
      // The same answer to a bad filter as the directory it shares its filter with.
      config: { validationStatus: 400 },
      schema: {
        tags,
        summary: 'People away in the periods given (the directory filter), 15 a page',
        querystring: UsersPageQuery,
        body: MissingUsersBody,
        response: { 200: UsersPage },
      },
    },
    async (request, reply) =>
      sendUsersPage(reply, db, requireSession(request), request.body, request.query, {
        path: '/api/calendars/company/get_missing_users/',
        kept: missingPeople,
      }),
  );

  app.get(
    '/api/calendars/calendar/:id/',
    {
      schema: {
        tags,
        summary: "One person's month: their absences, kinds as the viewer may see them",
        params: IdParams,
        querystring: PersonalCalendarQuery,
        response: { 200: CalendarMonth },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const access = await profileAccess(db, session, request.params.id);
      if (!access) throw notFound();
      const now = clock.now();
      const year = request.query.year ?? now.getUTCFullYear();
      const month = request.query.month ?? now.getUTCMonth() + 1;
      return personalMonth(db, session, access.target, year, month);
    },
  );

  app.get(
    '/api/calendars/feed/',
    {
      schema: {
        tags,
        summary: "The caller's iCal feed of absences (its URL is shown only when created)",
        response: { 200: CalendarFeed },
      },
    },
    async (request) => {
      const feed = await readFeed(db, requireSession(request).userId, 'absences');
      if (!feed) throw notFound();
      return feed;
    },
  );

  app.post(
    '/api/calendars/feed/',
    {
      schema: {
        tags,
        summary: "Creates the caller's iCal feed of absences or regenerates its token, revoking the old URL",
        body: CalendarFeedBody,
        response: { 201: CalendarFeed },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const feed = await issueFeed(
        db,
        session.userId,
        'absences',
        clock.now(),
        config.appUrl,
        request.body.scope,
      );
      return reply.code(201).header('cache-control', 'no-store').send(feed);
    },
  );

  app.delete(
    '/api/calendars/feed/',
    { schema: { tags, summary: "Revokes the caller's iCal feed of absences" } },
    async (request, reply) => {
      // Idempotent: revoking a feed that is already gone leaves the same state.
      await revokeFeed(db, requireSession(request).userId, 'absences');
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/calendars/feed/:token.ics',
    {
      // Calendar clients subscribe without a session: the secret token in the URL is the credential.
      config: { public: true },
      schema: {
        tags,
        summary:
          "The iCalendar (RFC 5545) feed of a token: one all-day event per approved absence, or the owner's meetings",
        params: FeedParams,
      },
    },
    async (request, reply) => {
      const text = await feedCalendar(db, request.params.token, clock.now(), config.appUrl);
      if (text === null) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};
