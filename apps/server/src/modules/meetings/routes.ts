import {
  MeetingBody,
  MeetingEvent,
  MeetingPatchBody,
  MeetingsDay,
  MeetingsDayQuery,
  MeetingsPage,
  MeetingsQuery,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { forbidden, notFound } from '../../lib/errors';
import { nextPage } from '../../lib/pagination';
import { zonedDay } from '../../lib/time-zones';
import { createWorkCache } from '../../lib/work-version';
import { requireSession } from '../../plugins/session';
import { addDays } from '../calendar/dates';
import { requestDay, requestZone, zonedDays } from './days';
import { checkDraft, newDraft, patchedDraft } from './draft';
import { mayChangeMeeting, meetingsViewer, ownEmail } from './policy';
import {
  firstOccurrenceEvent,
  toMeetingEvents,
  type Viewer,
  visibleMeeting,
  visibleOccurrencesBetween,
} from './read';
import { createMeeting, deleteMeeting, participantIds, updateMeeting } from './store';

const tags = ['meetings'];
const LIST_PATH = '/api/calendars/events/';
/** The list shows today's meetings and those of the days ahead up to this many days from today. */
const LIST_DAYS = 60;
/** Days of meetings one process keeps: a day is a few kB. */
const KEPT_DAYS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MeetingParams = z.object({ uuid: z.string() });
const ZoneQuery = MeetingsDayQuery.pick({ tz: true });

/** /api/calendars/events/…: the caller's meetings, by day and upcoming, and their changes. */
export const meetingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, events }) => {
  /** The meeting of the path as the caller sees it: one that is not a uuid, or not theirs to see, is 404. */
  async function visible(request: FastifyRequest, uuid: string) {
    const session = requireSession(request);
    const viewer: Viewer = { userId: session.userId, companyId: session.companyId };
    const meeting = UUID.test(uuid) ? await visibleMeeting(db, viewer, uuid.toLowerCase()) : null;
    if (!meeting) throw notFound();
    return { viewer, meeting };
  }
  const announce = async (meetingId: string, userIds: Iterable<number>) =>
    events?.publish({ type: 'meeting.changed', meetingId, audience: { userIds: [...new Set(userIds)] } });

  /**
   * A day of the caller's meetings, kept under the work version (decision 0038), which every write to
   * meetings and their attendees moves (migration 0028), as do people's names and addresses: the home
   * page's widget and the calendar's day view ask for the same day again and again.
   */
  const keptDays = createWorkCache<z.output<typeof MeetingsDay>>(app.workVersion, KEPT_DAYS);
  async function day(request: FastifyRequest, query: z.output<typeof MeetingsDayQuery>, offset: number) {
    const session = requireSession(request);
    const tz = requestZone(query.tz);
    const date = addDays(query.date ? requestDay(query.date) : zonedDay(clock.now(), tz), offset);
    const compute = async () => {
      const viewer = await meetingsViewer(db, session, query.email);
      const { from, to } = zonedDays(date, 1, tz);
      const occurrences = await visibleOccurrencesBetween(db, viewer, from, to);
      return { date, results: await toMeetingEvents(db, occurrences, viewer.userId, tz) };
    };
    // The address asked about is part of the key: another than the caller's own is refused, never kept.
    const key = [session.userId, session.companyId, query.email?.toLowerCase() ?? '', tz, date].join(':');
    return keptDays.get(key, compute);
  }

  app.get(
    LIST_PATH,
    {
      schema: {
        tags,
        summary: `The caller's meetings of today and the next ${LIST_DAYS} days, earliest first; a recurring one once per day it falls on`,
        querystring: MeetingsQuery,
        response: { 200: MeetingsPage },
      },
    },
    async (request) => {
      const { query } = request;
      const viewer = await meetingsViewer(db, requireSession(request), query.email);
      const tz = requestZone(query.tz);
      const { from, to } = zonedDays(zonedDay(clock.now(), tz), LIST_DAYS, tz);
      const occurrences = await visibleOccurrencesBetween(db, viewer, from, to);
      const start = (query.page - 1) * query.page_size;
      const page = occurrences.slice(start, start + query.page_size);
      let next = nextPage(LIST_PATH, query, occurrences.length);
      // The next page is of the same person in the same zone.
      const same = new URLSearchParams();
      if (query.email) same.set('email', query.email);
      if (query.tz) same.set('tz', query.tz);
      if (next && same.size) next += `&${same}`;
      return {
        count: occurrences.length,
        next,
        results: await toMeetingEvents(db, page, viewer.userId, tz),
      };
    },
  );

  app.get(
    `${LIST_PATH}day/`,
    {
      schema: {
        tags,
        summary: "The caller's meetings overlapping a day (today by default) of the zone tz",
        querystring: MeetingsDayQuery,
        response: { 200: MeetingsDay },
      },
    },
    async (request) => day(request, request.query, 0),
  );

  app.get(
    `${LIST_PATH}nextday/`,
    {
      schema: {
        tags,
        summary: "The caller's meetings of the day after `date` (today by default)",
        querystring: MeetingsDayQuery,
        response: { 200: MeetingsDay },
      },
    },
    async (request) => day(request, request.query, 1),
  );

  app.post(
    LIST_PATH,
    {
      schema: {
        tags,
        summary:
          'Creates a meeting organized by the caller (who is among its attendees); answers its first occurrence',
        querystring: ZoneQuery,
        body: MeetingBody,
        response: { 201: MeetingEvent },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const tz = requestZone(request.query.tz);
      const draft = newDraft(request.body, await ownEmail(db, session.userId));
      checkDraft(draft);
      const id = await createMeeting(db, {
        companyId: session.companyId,
        organizerId: session.userId,
        draft,
        now: clock.now(),
      });
      await announce(id, await participantIds(db, id));
      const { viewer, meeting } = await visible(request, id);
      return reply.code(201).send(await firstOccurrenceEvent(db, meeting, viewer.userId, tz));
    },
  );

  app.get(
    `${LIST_PATH}:uuid/`,
    {
      schema: {
        tags,
        summary: 'A meeting the caller organizes or attends, as its first occurrence',
        params: MeetingParams,
        querystring: ZoneQuery,
        response: { 200: MeetingEvent },
      },
    },
    async (request) => {
      const tz = requestZone(request.query.tz);
      const { viewer, meeting } = await visible(request, request.params.uuid);
      return firstOccurrenceEvent(db, meeting, viewer.userId, tz);
    },
  );

  app.patch(
    `${LIST_PATH}:uuid/`,
    {
      schema: {
        tags,
        summary: 'Changes a meeting (its organizer only); attendees, when given, replace the list',
        params: MeetingParams,
        querystring: ZoneQuery,
        body: MeetingPatchBody,
        response: { 200: MeetingEvent },
      },
    },
    async (request) => {
      const tz = requestZone(request.query.tz);
      const { viewer, meeting } = await visible(request, request.params.uuid);
      if (!mayChangeMeeting(viewer, meeting)) throw forbidden();
      const draft = patchedDraft(meeting, request.body, meeting.organizer.email);
      checkDraft(draft);
      // Those invited before hear of it too: the change may be that they no longer are.
      const before = await participantIds(db, meeting.id);
      await updateMeeting(db, meeting.id, draft, clock.now());
      await announce(meeting.id, [...before, ...(await participantIds(db, meeting.id))]);
      const fresh = await visibleMeeting(db, viewer, meeting.id);
      if (!fresh) throw notFound();
      return firstOccurrenceEvent(db, fresh, viewer.userId, tz);
    },
  );

  app.delete(
    `${LIST_PATH}:uuid/`,
    {
      schema: { tags, summary: 'Removes a meeting (its organizer only)', params: MeetingParams },
    },
    async (request, reply) => {
      const { viewer, meeting } = await visible(request, request.params.uuid);
      if (!mayChangeMeeting(viewer, meeting)) throw forbidden();
      const participants = await participantIds(db, meeting.id);
      await deleteMeeting(db, meeting.id);
      await announce(meeting.id, participants);
      return reply.code(204).send();
    },
  );
};
