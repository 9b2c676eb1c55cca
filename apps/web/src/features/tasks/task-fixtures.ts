import type { TaskDetail, TaskFormField, TaskRow, TasksPage, WorkflowItem } from '@atrium/contracts';

/** Test data of the tasks feature, in the shapes of the contracts; only tests import this file. */

export const GRACE = { id: 12, first_name: 'Grace', last_name: 'Hopper', avatar: null };
export const MARK = { id: 20, first_name: 'Mark', last_name: 'Manager', avatar: null };
export const HANNA = { id: 30, first_name: 'Hanna', last_name: 'Reed', avatar: null };

/** A request `id` that Grace Hopper filed for herself, open, due in 2 days; its chat is 500 + id. */
export const aTaskRow = (id: number, overrides: Partial<TaskRow> = {}): TaskRow => ({
  id,
  name: `Task ${id}`,
  parent_task: null,
  is_group: true,
  template: 'equipment_request',
  type_key: null,
  icon: null,
  sla: { title: 'Due in 2 days', urgent: false, overdue: false },
  sla_at: '2026-11-24T17:00:00.000Z',
  start_at: '2026-11-20T09:00:00.000Z',
  manager: GRACE,
  user: GRACE.id,
  user_info: { ...GRACE, job_position: 'Analyst' },
  comments_count: 0,
  chat: 500 + id,
  completed: false,
  canceled: false,
  complete_approved: false,
  complete_approved_at: null,
  completed_at: null,
  skipped: false,
  status: 'process',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

export const aTaskDetail = (id: number, overrides: Partial<TaskDetail> = {}): TaskDetail => ({
  ...aTaskRow(id),
  description: 'A laptop for the new project.',
  input_params: {},
  output_params: {},
  inputs: [],
  childs_parallel_execution: false,
  required_task: true,
  p: 0,
  request: id,
  actionable_step: null,
  can_edit: false,
  ...overrides,
});

/** A step `id` of request 5, held by Mark Manager and not started yet. */
export const aWorkflowItem = (id: number, overrides: Partial<WorkflowItem> = {}): WorkflowItem => ({
  id,
  name: `Step ${id}`,
  parent_task: 5,
  is_group: false,
  p: id,
  user_info: MARK,
  status: 'next',
  required_task: true,
  start_at: null,
  sla_at: null,
  completed_at: null,
  routing: null,
  decision: null,
  ...overrides,
});

/** One page of the list as GET /api/tasks/ answers it. */
export const aTasksPage = (results: TaskRow[], next: string | null = null): TasksPage => ({
  count: results.length,
  next,
  results,
});

/** A template form field with the spec's every attribute, only `seed` differing from the defaults. */
export const aTaskField = (
  seed: Pick<TaskFormField, 'name' | 'title' | 'field_type'> & Partial<TaskFormField>,
): TaskFormField => ({
  required: false,
  regex: null,
  mask: null,
  hint: null,
  extra: {},
  if_field: null,
  if_field_value: null,
  values_url: null,
  values: null,
  position: 0,
  icon: null,
  ...seed,
});
