import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/router';

/**
 * The app's routes at `path` in an in-memory router, whose state (location, history action) tests read
 * and which they can navigate. The app itself mounts them in a BrowserRouter (main.tsx); the hooks its
 * screens use work alike under both.
 */
export const createAppRouter = (path: string) =>
  createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });

/** The whole app at `path`, as main.tsx mounts it, with a fresh cache and an in-memory history. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  // A failed call should show its outcome at once instead of after the retries.
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createAppRouter(path);
  // With fake timers, user-event's own pauses must move the fake clock too.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, user };
}
