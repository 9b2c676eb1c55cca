import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { unauthorized } from '../lib/errors';
import type { EventBus } from '../lib/event-bus';
import { createSessionCache, type SessionCache } from '../modules/auth/session-cache';
import { findSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionInfo } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's recently looked-up sessions; a route that writes a session forgets it here. */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in session, or null. Set for every request before any route runs. */
    session: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a session (login, CSRF token). */
    public?: boolean;
  }
}

/** The session of a request that must have one; routes behind the guard can rely on it. */
export function requireSession(request: FastifyRequest): SessionInfo {
  if (!request.session) throw unauthorized();
  return request.session;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Loads the session of the cookie, and answers 401 for every /api route not marked public (nor the
 * OpenAPI pages under /api/docs) when there is none. Unknown /api paths get 401 too (the not-found handler asks requireSession).
 * Sessions are cached for a few seconds, and dropped when the event bus says they changed in any process;
 * without a bus this process would not hear of other processes' logouts, so nothing is cached.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; clock: Clock; events?: EventBus }) => {
    const cache = createSessionCache(opts.events ? {} : { maxEntries: 0 });
    const unsubscribe = opts.events?.subscribe({
      event: () => {},
      sessionsChanged: (event) => cache.forgetUsers(event.userIds),
      // Notices sent while the bus's connection was down are lost: every copy may be stale.
      gap: () => cache.forgetUsers(),
    });
    app.addHook('onClose', async () => unsubscribe?.());
    app.decorate('sessionCache', cache);
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      request.session = token ? await findSession(opts.db, cache, token, opts.clock.now()) : null;
      const isPublic = request.routeOptions.config.public || request.url.startsWith('/api/docs');
      if (request.routeOptions.url && !isPublic && !request.session) {
        throw unauthorized();
      }
    });
  },
);
