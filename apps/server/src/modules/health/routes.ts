import { HealthResponse } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { bundledMigrations, checkHealth } from './check';

/** GET /api/health/: whether this process can serve (database reachable, migrations current). */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const bundled = bundledMigrations();
  app.get(
    '/api/health/',
    {
      config: { public: true },
      // Probed every few seconds by load balancers: no line in the log per probe, only failures.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary:
          'For load balancers: 200 when the database answers and has the migrations of this build, else 503 naming the failing part',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      const { detail, ...health } = await checkHealth(db, bundled);
      reply.header('cache-control', 'no-store');
      if (health.status === 'ok') return health;
      request.log.warn({ health, detail }, 'health check failed');
      return reply.code(503).send(health);
    },
  );
};
