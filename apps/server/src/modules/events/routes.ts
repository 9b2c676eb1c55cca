import { PassThrough } from 'node:stream';
import type { LiveEvent } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { sessions } from '../../db/schema/index';
import type { BusEvent } from '../../lib/event-bus';
import { requireSession } from '../../plugins/session';
import { memberCompanyIds } from '../users/policy';

/** Comments keep proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

/**
 * GET /api/events/stream/: server-sent events of the chats and posts the user may read, and of what
 * names the user (their notifications, the requests they take part in). Each stream holds the user's
 * companies in memory, refreshed with each heartbeat, so that an event costs no query per listener; a
 * logged-out session's stream ends at the next heartbeat.
 */
export const eventsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, events }) => {
  const open = new Set<PassThrough>();
  // Open streams never finish on their own: end them, or closing the server would wait for them.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/events/stream/',
    {
      schema: {
        tags: ['events'],
        summary:
          'Live updates (text/event-stream): JSON events with ids only; a first "hello" means "refetch what you show that was read at another position" (x-events-position)',
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      let companies = new Set(await memberCompanyIds(db, session.userId));
      const stream = new PassThrough();
      // The client may be gone while an event or a heartbeat is on its way.
      const write = (text: string) => stream.writable && stream.write(text);
      let lastId = 0;
      const send = (event: LiveEvent) => write(`id: ${++lastId}\ndata: ${JSON.stringify(event)}\n\n`);

      const unsubscribe = events?.subscribe({
        event: ({ audience, ...event }: BusEvent) => {
          const hears =
            'userIds' in audience
              ? audience.userIds.includes(session.userId)
              : companies.has(audience.companyId);
          if (hears) send(event);
        },
        gap: () => send({ type: 'hello', position: events.position() }),
      });
      const heartbeat = setInterval(async () => {
        write(': heartbeat\n\n');
        try {
          const [alive] = await db
            .select({ userId: sessions.userId })
            .from(sessions)
            .where(eq(sessions.tokenHash, session.tokenHash));
          if (!alive) stream.end();
          else companies = new Set(await memberCompanyIds(db, session.userId));
        } catch {
          // A failed refresh keeps what the stream knew; the next heartbeat tries again.
        }
      }, HEARTBEAT_MS);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe?.();
        open.delete(stream);
        if (stream.writable) stream.end();
      };
      reply.raw.on('close', stop);
      stream.on('finish', stop);
      open.add(stream);

      // No replay of missed events (Last-Event-ID): every connection starts with 'hello', which tells
      // the client to refetch what it shows unless it read all of it at the hello's position (decision 27).
      write(`retry: ${RETRY_MS}\n\n`);
      send({ type: 'hello', position: events?.position() });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          // Keeps nginx-style proxies from buffering the stream.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );
};
