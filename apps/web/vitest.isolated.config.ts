import { configDefaults, defineProject } from 'vitest/config';
import shared, { ISOLATED_TESTS } from './vitest.config';

/** The component tests that need a module graph of their own (see vitest.config.ts). */
export default defineProject({
  ...shared,
  test: {
    ...shared.test,
    name: 'web:isolated',
    include: [ISOLATED_TESTS],
    exclude: configDefaults.exclude,
    isolate: true,
  },
});
