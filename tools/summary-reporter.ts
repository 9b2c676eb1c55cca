import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, 'Tests: N passed, N failed, N skipped', that CI reads whatever the
 * default reporter printed above it.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (an import error, a failing hook) counts as one failure.
      failed += module.state() === 'failed' ? Math.max(1, failedHere) : failedHere;
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
