import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { clearCookies } from './fake-api';

// Browser APIs Mantine reads that jsdom does not have.
window.matchMedia = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.HTMLElement.prototype.scrollIntoView = () => {};

// findBy… and waitFor give up after 1 s by default: too short when the suite shares two cores with the
// API suites, and a passing test returns as soon as its element is there, so a longer wait costs nothing.
configure({ asyncUtilTimeout: 5_000 });

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearCookies();
  // The files share one module graph (isolate: false), so what lives in a module is reset here: the
  // notifications a test left, and user-event's clipboard stub (the next userEvent.setup() makes another).
  notifications.clean();
  Reflect.deleteProperty(window.navigator, 'clipboard');
  const errors = [...consoleError.mock.calls];
  vi.restoreAllMocks();
  // An unexpected console.error (a React act() warning, a failed render) fails the test that caused it.
  expect(errors, 'console.error was called').toEqual([]);
});
