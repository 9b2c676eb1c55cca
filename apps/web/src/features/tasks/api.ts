import type {
  PatchTaskBody,
  TaskDetail,
  TaskListStatus,
  TasksPage,
  TaskView,
  WorkflowResponse,
} from '@atrium/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useLiveInvalidation } from '../../lib/live-events';

/** Every query of the tasks feature starts with this key, so one event can refresh them all. */
const TASKS = ['tasks'] as const;
const LISTS = [...TASKS, 'list'] as const;

export type TaskListFilter = {
  view: TaskView;
  status: TaskListStatus;
  /** Another person's tasks (the profile Tasks tab). */
  user?: number;
};

/** Spec §9: the completed list is ordered by 'completed'; the others keep the server's own order. */
export const defaultOrder = (status: TaskListStatus) => (status === 'completed' ? 'completed' : undefined);

/** The query string of one page of GET /api/tasks/. */
export function tasksSearch({ view, status, user }: TaskListFilter, page: number) {
  const search = new URLSearchParams({ view, status });
  if (user !== undefined) search.set('user', String(user));
  const order = defaultOrder(status);
  if (order) search.set('order', order);
  search.set('page', String(page));
  return search.toString();
}

/** A list of tasks, 15 a page (spec §9), further pages on demand (`fetchNextPage`). */
export const tasksQueryOptions = (filter: TaskListFilter) =>
  infiniteQueryOptions({
    queryKey: [...LISTS, filter.view, filter.status, filter.user ?? null],
    queryFn: ({ pageParam }) => http.get<TasksPage>(`/api/tasks/?${tasksSearch(filter, pageParam)}`),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) => (lastPage.next ? lastPageNumber + 1 : undefined),
  });

const detailKey = (taskId: number) => [...TASKS, 'detail', taskId] as const;

export const taskQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: detailKey(taskId),
    queryFn: () => http.get<TaskDetail>(`/api/tasks/${taskId}/`),
  });

/** The request and its steps (the workflow tree), for any task of the request. */
export const workflowQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...TASKS, 'workflow', taskId],
    queryFn: () =>
      http.get<WorkflowResponse>(`/api/tasks/${taskId}/workflow/`).then(({ results }) => results),
  });

/**
 * Refetches what the tasks feature shows when a task changes (a decision, an edit, a new request) and,
 * on 'hello', whatever was fetched while the stream was down.
 */
export function useLiveTasks() {
  const queryClient = useQueryClient();
  useLiveInvalidation(TASKS, ['task.updated']);
  // A comment changes a row's comment count: refetch the lists that show a row of that chat.
  const listsShowChat = (chatId: number | undefined) =>
    queryClient
      .getQueriesData<InfiniteData<TasksPage>>({ queryKey: LISTS })
      .some(([, lists]) => lists?.pages.some((page) => page.results.some((task) => task.chat === chatId)));
  useLiveInvalidation(LISTS, ['chat.message', 'chat.delete'], (event) => listsShowChat(event.chatId));
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Puts the server's answer in the cache as that task's detail and refetches everything else of the
 * feature: the lists (the task moved tab), the workflow (a step's status) and the details of the other
 * tasks of the request (the request's own flags).
 */
function usePutTask() {
  const queryClient = useQueryClient();
  return (task: TaskDetail) => {
    const key = detailKey(task.id);
    queryClient.setQueryData(key, task);
    void queryClient.invalidateQueries({
      queryKey: TASKS,
      predicate: (query) => !sameKey(query.queryKey, key),
    });
  };
}

export type Decision = 'approve' | 'reject';

/** Approves or rejects a step (the detail's actionable_step); the answer replaces that step's detail. */
export function useDecideTask() {
  const putTask = usePutTask();
  return useMutation({
    mutationFn: ({ stepId, decision, comment }: { stepId: number; decision: Decision; comment?: string }) =>
      http.post<TaskDetail>(`/api/tasks/${stepId}/${decision}/`, comment ? { comment } : {}),
    onSuccess: putTask,
  });
}

/** Renames a request or changes its description (its creator, while it is open). */
export function usePatchTask(taskId: number) {
  const putTask = usePutTask();
  return useMutation({
    mutationFn: (body: PatchTaskBody) => http.patch<TaskDetail>(`/api/tasks/${taskId}/`, body),
    onSuccess: putTask,
  });
}
