import { configDefaults, defineProject } from 'vitest/config';
import { SESSION_SHAPE } from './session-shape';

/**
 * Files that replace a module (vi.mock) or need the app's modules not yet loaded (a lazy page's chunk)
 * run each in a module graph of their own: vitest.isolated.config.ts.
 */
export const ISOLATED_TESTS = 'src/**/*.isolated.test.{ts,tsx}';

/**
 * Component tests in jsdom. The other files share one module graph per worker (isolate: false), which
 * spares each file loading jsdom, React and Mantine afresh: that was half of this project's time.
 * test/setup.ts resets after each test what a test leaves in a shared module.
 */
export default defineProject({
  define: { __SESSION_SHAPE__: JSON.stringify(SESSION_SHAPE) },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ISOLATED_TESTS],
    setupFiles: ['./src/test/setup.ts'],
    isolate: false,
    // A guard against a hang, not a measure: beside the browser journeys on two cores a test takes two to
    // three times as long as alone, and Vitest's 5 s failed one of 2.4 s alone (5.1 s in CI).
    testTimeout: 20_000,
  },
});
