import { onTestFinished } from 'vitest';

/**
 * For a test of what React renders in slices (a transition, a deferred value): from here to the end of
 * the test, updates go through React's own scheduler. Testing Library declares an act environment, and
 * act() would run all the work at once; React would also warn about updates outside it.
 */
export function leaveActEnvironment() {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const was = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  onTestFinished(() => {
    environment.IS_REACT_ACT_ENVIRONMENT = was;
  });
}

/** Keeps the thread busy for `ms`, as a large tree's render does on a phone. */
export function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy.
  }
}
