import { existsSync } from 'node:fs';
import path from 'node:path';
import { EVENTS_POSITION_HEADER } from '@atrium/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config';
import type { Db } from './db/client';
import { AccessLog } from './lib/access-log';
import { compressLargeAnswer } from './lib/answer-compression';
import type { Clock } from './lib/clock';
import { notFound } from './lib/errors';
import type { EventBus } from './lib/event-bus';
import { MAX_UPLOAD_BYTES } from './lib/files';
import type { Mailer } from './lib/mail';
import { createPeopleVersion, type PeopleVersion } from './lib/people-version';
import { responseSerializerCompiler } from './lib/response-serializer';
import { createWorkVersion, type WorkVersion } from './lib/work-version';
import { absencesRoutes } from './modules/absences/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { avatarRoutes } from './modules/avatars/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { chatsRoutes } from './modules/chats/routes';
import { competenciesRoutes } from './modules/competencies/routes';
import { dictionariesRoutes } from './modules/dictionaries/routes';
import { eventsRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { managersRoutes } from './modules/managers/routes';
import { meetingsImportRoutes } from './modules/meetings/import-routes';
import { meetingsRoutes } from './modules/meetings/routes';
import { newsRoutes } from './modules/news/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { rolesRoutes } from './modules/roles/routes';
import { storageRoutes } from './modules/storage/routes';
import { structureRoutes } from './modules/structure/routes';
import { taskFactoryRoutes } from './modules/tasks/factory-routes';
import { tasksRoutes } from './modules/tasks/routes';
import { profileRoutes } from './modules/users/profile-routes';
import { usersRoutes } from './modules/users/routes';
import { csrfPlugin } from './plugins/csrf';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { requireSession, sessionPlugin } from './plugins/session';

declare module 'fastify' {
  interface FastifyInstance {
    /** The people version that kept directory answers are checked against (decision 0030). */
    peopleVersion: PeopleVersion;
    /** The version that kept task lists, workflows and chats are checked against (decision 0038). */
    workVersion: WorkVersion;
  }
}

export type AppDeps = {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  /** The built web app to serve beside the API; none in API-only tests. */
  webDist?: string;
  /** The process logger (pino); none in tests. */
  logger?: FastifyBaseLogger;
  /** Live updates between API processes; the app closes it when it closes. Without it nothing is live. */
  events?: EventBus;
  /** Check every answer against its zod schema too, as the tests do (lib/response-serializer.ts). */
  checkResponses?: boolean;
};

/**
 * The security headers of an API answer (decision 0032): JSON is never a document, so nothing may load
 * from it, frame it or submit from it (OWASP's REST set, with the page policy's object-src and base-uri
 * said outright). The page's headers (its script and style sources, COOP, Origin-Agent-Cluster and the
 * switches of old browsers) speak only to documents; on the API they made the no-work route's 11-byte
 * body an 880-byte answer, each header checked by Node as it was set. Inline styles are let through, as
 * GitHub's raw files have them: a picture opened in a tab of its own is shown by the browser's image
 * viewer, whose styles are inline. A route may still set its own headers, as file downloads do.
 */
const API_SECURITY_HEADERS = Object.entries({
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** An answer of the API, as opposed to a page: the OpenAPI viewer under /api/docs is a page. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Builds the whole HTTP application from its dependencies; nothing here reads globals. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // Behind a load balancer the client address comes from X-Forwarded-For (the login throttle needs it).
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    logController: new AccessLog(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: deps.checkResponses ?? false }));
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  // Security headers (ASVS V3): scripts only from the app's own files (the built index.html has no inline
  // script), no plugins, no <base>, never framed, no referrer, no sniffing. Helmet's middleware is built
  // once: @fastify/helmet built it anew for every request, parsing the policy each time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine writes its CSS variables into style tags at run time: inline styles, never scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: deps.config.secureCookies ? [] : null,
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiAnswer(request.url)) {
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
      return;
    }
    for (const [name, value] of API_SECURITY_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
  // Every API answer is personal or per-session unless its route says otherwise (hashed pictures, the
  // OpenAPI viewer's files): no browser or proxy keeps a copy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return compressLargeAnswer(request, reply, payload);
  });
  const events = deps.events;
  if (events) {
    // Where this process was in the live events when a read began, for the browser to compare with its
    // stream's 'hello' (EVENTS_POSITION_HEADER): it refetches on a hello only what may have missed one.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'GET' && request.url.startsWith('/api/'))
        reply.header(EVENTS_POSITION_HEADER, events.position());
      done();
    });
  }
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
  });
  await app.register(csrfPlugin);
  await app.register(sessionPlugin, { db: deps.db, clock: deps.clock, events: deps.events });
  const peopleVersion = createPeopleVersion(deps.db, deps.events);
  app.decorate('peopleVersion', peopleVersion);
  const workVersion = createWorkVersion(peopleVersion, deps.events);
  app.decorate('workVersion', workVersion);
  app.addHook('onClose', async () => {
    peopleVersion.stop();
    workVersion.stop();
  });
  await registerOpenApi(app);

  await app.register(authRoutes, deps);
  await app.register(rolesRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(avatarRoutes, deps);
  await app.register(structureRoutes, deps);
  await app.register(dictionariesRoutes, deps);
  await app.register(managersRoutes, deps);
  await app.register(competenciesRoutes, deps);
  await app.register(newsRoutes, deps);
  await app.register(chatsRoutes, deps);
  await app.register(taskFactoryRoutes, deps);
  await app.register(tasksRoutes, deps);
  await app.register(notificationsRoutes, deps);
  await app.register(absencesRoutes, deps);
  await app.register(calendarRoutes, deps);
  await app.register(meetingsRoutes, deps);
  await app.register(meetingsImportRoutes, deps);
  await app.register(storageRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(healthRoutes, deps);
  await app.register(eventsRoutes, deps);
  if (deps.config.benchNoop) {
    // `npm run bench` measures the framework's ceiling with a route that does no work (BENCH_NOOP=1).
    app.get('/api/bench/noop/', { config: { public: true } }, async () => ({ ok: true }));
  }
  if (events) app.addHook('onClose', () => events.close());

  const webDist = deps.webDist;
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      wildcard: true,
      index: ['index.html'],
      // dist/.vite holds the build's records for tools (the manifest names every source file): not a page's.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        // Vite names built assets by content hash, so they never change; index.html always may.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Not async: an async handler returning the reply has Fastify wait on it through reply.then, which
  // adds 'close' listeners to the response. With @fastify/static's and the multipart plugin's, an app
  // route's response held ten, Node's limit, and an injected one eleven: a leak warning on every request.
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      requireSession(request);
      throw notFound();
    }
    const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !lastSegment.includes('.')) {
      // Every other path without a file extension is a route of the single-page app.
      reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    throw notFound();
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
