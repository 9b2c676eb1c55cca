import { MeetingFeed, MeetingsImportResult } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { fieldErrors, notFound } from '../../lib/errors';
import { isTimeZone } from '../../lib/time-zones';
import { readUpload } from '../../lib/upload';
import { requireSession } from '../../plugins/session';
import { issueFeed, readFeed, revokeFeed } from '../calendar/feed';
import { importIcs } from './ics-import';

const tags = ['meetings'];
const TOO_LARGE = 'The calendar file is larger than 1 MiB. Export a shorter period and import it in parts.';
/** The zone of times the file gives without one (the browser's); UTC when left out. */
const ImportQuery = z.object({ tz: z.string().trim().max(64).optional() });

/** .ics import and the private feed of the caller's meetings. */
export const meetingsImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, config, events },
) => {
  app.post(
    '/api/calendars/events/import/',
    {
      schema: {
        tags,
        summary:
          "Imports the meetings of an .ics file (multipart field 'file', at most 1 MiB and 500 events), all or nothing; events imported before are updated by UID",
        querystring: ImportQuery,
        response: { 200: MeetingsImportResult },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const zone = request.query.tz || 'UTC';
      if (!isTimeZone(zone)) throw fieldErrors({ tz: 'unknown time zone' });
      const { bytes } = await readUpload(request, TOO_LARGE);
      return importIcs(db, events, session, bytes, zone, clock.now());
    },
  );

  app.get(
    '/api/calendars/events/feed/',
    {
      schema: {
        tags,
        summary: "The caller's iCal feed of their meetings (its URL is shown only when created)",
        response: { 200: MeetingFeed },
      },
    },
    async (request) => {
      const feed = await readFeed(db, requireSession(request).userId, 'meetings');
      if (!feed) throw notFound();
      return { url: null, created_at: feed.created_at };
    },
  );

  app.post(
    '/api/calendars/events/feed/',
    {
      schema: {
        tags,
        summary:
          "Creates the caller's iCal feed of their meetings or regenerates its token, revoking the old URL",
        response: { 201: MeetingFeed },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const feed = await issueFeed(db, session.userId, 'meetings', clock.now(), config.appUrl);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ url: feed.url, created_at: feed.created_at });
    },
  );

  app.delete(
    '/api/calendars/events/feed/',
    { schema: { tags, summary: "Revokes the caller's iCal feed of their meetings" } },
    async (request, reply) => {
      // Idempotent: revoking a feed that is already gone leaves the same state.
      await revokeFeed(db, requireSession(request).userId, 'meetings');
      return reply.code(204).send();
    },
  );
};
