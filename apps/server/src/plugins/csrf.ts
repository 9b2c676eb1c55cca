import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';
import { randomToken, safeEqual } from '../lib/tokens';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Issues a new CSRF token in its cookie (readable by the page, which echoes it in X-CSRFToken). */
export function issueCsrfToken(reply: FastifyReply, secure: boolean): string {
  const token = randomToken(32);
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure });
  return token;
}

export function currentCsrfToken(request: FastifyRequest): string | undefined {
  return request.cookies[CSRF_COOKIE];
}

/** Double-submit check: every unsafe method must echo the csrftoken cookie in the X-CSRFToken header. */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw forbidden('CSRF token missing or incorrect.');
    }
  });
});
