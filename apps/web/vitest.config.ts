import { defineProject } from 'vitest/config';
import { SESSION_SHAPE } from './session-shape';

export default defineProject({
  define: { __SESSION_SHAPE__: JSON.stringify(SESSION_SHAPE) },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
