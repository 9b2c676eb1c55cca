import {
  CheckCodeBody,
  CheckCodeResponse,
  CsrfResponse,
  ErrorBody,
  MissingFieldsBody,
  OkBody,
  RequestCodeBody,
  RequestCodeResponse,
  RetryLaterBody,
  SessionResponse,
  SwitchCompanyBody,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { currentCsrfToken, issueCsrfToken } from '../../plugins/csrf';
import { clearSessionCookie, requireSession, setSessionCookie } from '../../plugins/session';
import { checkLoginCode, requestLoginCode, switchCompany } from './service';
import { loadSessionUser } from './session-user';
import { deleteSession } from './sessions';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const secure = deps.config.secureCookies;
  const service = { ...deps, appUrl: deps.config.appUrl, log: app.log };

  app.get(
    '/api/auth/csrf/',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set the csrftoken cookie and return its value',
        response: { 200: CsrfResponse },
      },
    },
    async (request, reply) => ({ csrftoken: currentCsrfToken(request) ?? issueCsrfToken(reply, secure) }),
  );

  app.post(
    '/api/auth/request-code/',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Mail a one-time login code to a registered address',
        body: RequestCodeBody,
        response: {
          200: RequestCodeResponse,
          422: MissingFieldsBody,
          429: RetryLaterBody,
          503: RetryLaterBody,
        },
      },
    },
    async (request) => requestLoginCode(service, { email: request.body.email, ip: request.ip }),
  );

  app.post(
    '/api/auth/check-code/',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Log in with the mailed code; opens a session (a new one, ending any the browser had)',
        body: CheckCodeBody,
        response: {
          200: CheckCodeResponse,
          400: ErrorBody,
          422: MissingFieldsBody,
          429: RetryLaterBody,
        },
      },
    },
    async (request, reply) => {
      const { id, token } = await checkLoginCode(service, {
        ...request.body,
        ip: request.ip,
        previousSession: request.session?.tokenHash,
      });
      // Every process hears of the ended session through the bus; this one forgets it without waiting.
      if (request.session) app.sessionCache.forget(request.session.tokenHash);
      setSessionCookie(reply, token, secure);
      // A fresh CSRF token for the new session, so that one planted before login is worthless.
      issueCsrfToken(reply, secure);
      return { id };
    },
  );

  app.get(
    '/api/auth/session/',
    {
      schema: {
        tags,
        summary: 'The session user and the active company',
        response: { 200: SessionResponse },
      },
    },
    async (request) => loadSessionUser(deps.db, requireSession(request)),
  );

  app.post(
    '/api/auth/switch-company/',
    {
      schema: {
        tags,
        summary: "Make one of the user's companies the active company of the session",
        body: SwitchCompanyBody,
        response: { 200: SessionResponse, 403: ErrorBody, 422: MissingFieldsBody },
      },
    },
    async (request) => {
      const session = await switchCompany(deps.db, requireSession(request), request.body.company);
      app.sessionCache.forget(session.tokenHash);
      return loadSessionUser(deps.db, session);
    },
  );

  app.post(
    '/api/auth/logout/',
    {
      config: { public: true },
      schema: { tags, summary: 'End the session', response: { 200: OkBody } },
    },
    async (request, reply) => {
      if (request.session) {
        await deleteSession(deps.db, request.session.tokenHash);
        app.sessionCache.forget(request.session.tokenHash);
      }
      clearSessionCookie(reply, secure);
      // The browser drops whatever the session left behind: cached pages and pictures, cookies, storage.
      reply.header('clear-site-data', '"cache", "cookies", "storage"');
      return { ok: true as const };
    },
  );
};
