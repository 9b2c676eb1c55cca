import { defineProject } from 'vitest/config';

/** Browser journeys: the built app and the real API in headless Chromium. */
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page waits on the network and on React; a second (the default) is too short on a busy machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
