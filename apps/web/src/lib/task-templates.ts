import type { TemplatesResponse } from '@atrium/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from './http';

/**
 * The active request templates of the current company (GET /api/tasks/templates/). Shared: the /tasks
 * page and the people search panel both offer them, so both read one cache entry. Under the 'tasks' key,
 * so that whatever refreshes the tasks refreshes these too; switching company clears the whole cache.
 */
export const taskTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['tasks', 'templates'],
    queryFn: () => http.get<TemplatesResponse>('/api/tasks/templates/'),
    // Templates change when an administrator edits them, not while someone is working.
    staleTime: 5 * 60_000,
  });
