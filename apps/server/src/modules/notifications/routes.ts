import {
  NOTIFICATIONS_PAGE_SIZE,
  Notification,
  NotificationsPage,
  NotificationsQuery,
  UnreadCount,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import { countUnread, listNotifications, markAllNotificationsRead, markNotificationRead } from './service';

const tags = ['notifications'];
const NotificationParams = z.object({ id: z.coerce.number({ error: 'Expected an id' }).int().positive() });

/**
 * The header bell: the session user's own notifications, their unread count, marking read. Every answer
 * is the user's private, changing state, so none may be cached (by the browser or a proxy).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, events }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** Tells the user's other tabs and devices that their bell changed. */
  const announce = (userId: number, notificationId?: number) =>
    events?.publish({ type: 'notification', notificationId, audience: { userIds: [userId] } });

  app.get(
    '/api/notifications/',
    {
      schema: {
        tags,
        summary: "The session user's notifications, newest first, 20 a page, with the unread count",
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { page } = request.query;
      const { count, unread, results } = await listNotifications(db, session.userId, page);
      const next = page * NOTIFICATIONS_PAGE_SIZE < count ? `/api/notifications/?page=${page + 1}` : null;
      return { count, unread, next, results };
    },
  );

  app.get(
    '/api/notifications/unread/',
    {
      schema: {
        tags,
        summary: "How many of the session user's notifications are unread (the bell's badge)",
        response: { 200: UnreadCount },
      },
    },
    async (request) => ({ unread: await countUnread(db, requireSession(request).userId) }),
  );

  app.post(
    '/api/notifications/:id/read/',
    {
      schema: {
        tags,
        summary: "Mark one of the session user's notifications read (another user's answers 404)",
        params: NotificationParams,
        response: { 200: Notification },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const result = await markNotificationRead(db, session.userId, request.params.id, clock.now());
      if (!result) throw notFound();
      if (result.changed) await announce(session.userId, result.notification.id);
      return result.notification;
    },
  );

  app.post(
    '/api/notifications/read-all/',
    {
      schema: {
        tags,
        summary: 'Mark every notification of the session user read; answers the unread count left',
        response: { 200: UnreadCount },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const marked = await markAllNotificationsRead(db, session.userId, clock.now());
      if (marked > 0) await announce(session.userId);
      // Counted afterwards rather than assumed 0: one may have arrived in between.
      return { unread: await countUnread(db, session.userId) };
    },
  );
};
