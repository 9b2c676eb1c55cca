import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server:${engine}`,
    root: './apps/server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    globalSetup: [`./test/global-setup.${engine}.ts`],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

/**
 * One `vitest run` runs everything: lint and type checks, the API suite on PGlite always and again on PostgreSQL when
 * TEST_DATABASE_URL is set, the web components, and the browser journeys.
 */
export default defineConfig({
  test: {
    // Vitest's default, a worker per core but one, becomes one worker on two cores: much of a file's time
    // is spent waiting on a database, a browser or a timer, and a core stayed idle. Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './tools/summary-reporter.ts'],
    projects: [
      { test: { name: 'static', include: ['tools/**/*.test.ts'], testTimeout: 120_000 } },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      './apps/web/vitest.e2e.config.ts',
    ],
  },
});
