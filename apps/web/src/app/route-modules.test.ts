import { describe, expect, it, vi } from 'vitest';
import { tasksQueryOptions } from '../features/tasks/api';
import { readTasksParams } from '../features/tasks/task-params';
import { taskTemplatesQueryOptions } from '../lib/task-templates';
import { TASKS_DATA } from './route-modules';

/** The addresses a query's first call asks for. */
async function addressesOf(run: () => unknown): Promise<string[]> {
  const fetch = vi.fn(
    async (_address: RequestInfo | URL, _init?: RequestInit) =>
      new Response('{"results":[],"next":null}', { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  try {
    await run();
  } finally {
    vi.unstubAllGlobals();
  }
  return fetch.mock.calls.map(([address]) => String(address));
}

describe('the data a route preloads', () => {
  it('is what /tasks without a query asks for at once, written as its queries write it', async () => {
    const { view, status } = readTasksParams(new URLSearchParams());
    const list = tasksQueryOptions({ view, status });
    const templates = taskTemplatesQueryOptions();
    const asked = [
      ...(await addressesOf(() =>
        // biome-ignore lint/suspicious/noExplicitAny: the query function's context is not under test
        list.queryFn?.({ pageParam: list.initialPageParam } as any),
      )),
      // biome-ignore lint/suspicious/noExplicitAny: as above
      ...(await addressesOf(() => templates.queryFn?.({} as any))),
    ];
    expect(asked).toEqual([...TASKS_DATA]);
  });
});
