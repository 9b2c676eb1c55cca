import { TASK_STATUS_IDS, TASK_VIEWS, type TaskListStatus, type TaskView } from '@atrium/contracts';

/** A tab of /tasks: the four statuses the server lists, and 'important', shown but disabled (spec §2). */
export type TaskTab = keyof typeof TASK_STATUS_IDS;

/** The tabs in the order of their spec ids: active 0, important 1, overdue 2, planned 3, completed 4. */
export const TASK_TABS: { value: TaskTab; label: string; disabled: boolean }[] = (
  Object.entries(TASK_STATUS_IDS) as [TaskTab, number][]
)
  .sort(([, a], [, b]) => a - b)
  .map(([value]) => ({
    value,
    label: value[0]?.toUpperCase() + value.slice(1),
    disabled: value === 'important',
  }));

export type TasksParams = {
  view: TaskView;
  status: TaskListStatus;
  taskId: number | null;
  /** The template whose new-request form is open. */
  form: string | null;
  /** 'list' when the request was started from the list. */
  from: string | null;
};

/**
 * The list status named by `?status=`, by name or by spec id ('4' is completed); active when it names
 * none or the disabled 'important'.
 */
export function statusOf(param: string | null): TaskListStatus {
  const byId = Object.entries(TASK_STATUS_IDS).find(([, id]) => String(id) === param)?.[0];
  const name = byId ?? param;
  return name === 'completed' || name === 'overdue' || name === 'planned' ? name : 'active';
}

export const viewOf = (param: string | null): TaskView => TASK_VIEWS.find((view) => view === param) ?? 'exec';

/** A positive whole id, else null: a hand-edited taskId must not reach the API as NaN. */
export function idOf(param: string | null): number | null {
  const id = Number(param);
  return param && Number.isInteger(id) && id > 0 ? id : null;
}

/** The parameters of /tasks (spec §2): status, view, taskId, form and from. */
export function readTasksParams(params: URLSearchParams): TasksParams {
  return {
    view: viewOf(params.get('view')),
    status: statusOf(params.get('status')),
    taskId: idOf(params.get('taskId')),
    form: params.get('form') || null,
    from: params.get('from') || null,
  };
}

/** `params` with `changes` applied: a null value removes its parameter, the others are kept. */
export function withParams(
  params: URLSearchParams,
  changes: Partial<Record<keyof TasksParams, string | number | null>>,
) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** Where a task's detail opens from elsewhere (the profile tab, a notification). */
export const taskPath = (taskId: number) => `/tasks?taskId=${taskId}`;
