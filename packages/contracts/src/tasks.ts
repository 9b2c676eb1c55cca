import { z } from 'zod';
import {
  TASK_COMMENT_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_LIST_STATUSES,
  TASK_NAME_MAX,
  TASK_ORDERS,
  TASK_VIEWS,
  WORKFLOW_STATUSES,
} from './constants';
import { requiredId } from './managers';

export const TaskPerson = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
});
export type TaskPerson = z.infer<typeof TaskPerson>;

export const TaskUserInfo = TaskPerson.extend({
  /** The job position's name, or null. */
  job_position: z.string().nullable(),
});
export type TaskUserInfo = z.infer<typeof TaskUserInfo>;

/** The deadline as the Estimation column shows it. */
export const TaskSla = z.object({
  /** 'Due in 2 days', 'Due today', 'Overdue by 3 days', 'Done' … */
  title: z.string(),
  /** Less than a working day left. */
  urgent: z.boolean(),
  /** now ≥ sla_at while still open. */
  overdue: z.boolean(),
});
export type TaskSla = z.infer<typeof TaskSla>;

/** A row of GET /api/tasks/: a request (view creator, profile tab) or a step of one (view exec). */
export const TaskRow = z.object({
  id: z.number(),
  name: z.string(),
  parent_task: z.number().nullable(),
  is_group: z.boolean(),
  /** The template key (icon per spec §9); null for none. */
  template: z.string().nullable(),
  /** The template's numeric type key (spec §9: 24 vacation, 20 trip, 28 sick …), or null. */
  type_key: z.number().nullable(),
  /** The icon a factory template names ('laptop', 'id', 'certificate', 'file'), or null. */
  icon: z.string().nullable(),
  sla: TaskSla.nullable(),
  sla_at: z.string().nullable(),
  start_at: z.string().nullable(),
  /** Who created the request. */
  manager: TaskPerson,
  /** A request: who it is for; a step: its assignee. */
  user: z.number().nullable(),
  user_info: TaskUserInfo.nullable(),
  comments_count: z.number(),
  /** The request's chat (steps share their request's). */
  chat: z.number(),
  completed: z.boolean(),
  canceled: z.boolean(),
  complete_approved: z.boolean(),
  complete_approved_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  skipped: z.boolean(),
  status: z.enum(WORKFLOW_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskRow = z.infer<typeof TaskRow>;

export const TasksQuery = z.object({
  view: z.enum(TASK_VIEWS, { error: 'view must be exec or creator' }).default('exec'),
  status: z
    .enum(TASK_LIST_STATUSES, { error: 'status must be active, completed, overdue or planned' })
    .default('active'),
  /** Another person's tasks (the profile Tasks tab): the person, their managers and HR only. */
  user: requiredId('user').optional(),
  order: z.enum(TASK_ORDERS, { error: `order must be one of ${TASK_ORDERS.join(', ')}` }).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().positive().default(1),
  page_size: z.coerce.number({ error: 'page_size must be a number' }).int().min(1).max(100).default(15),
});
export type TasksQuery = z.input<typeof TasksQuery>;

export const TasksPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  results: z.array(TaskRow),
});
export type TasksPage = z.infer<typeof TasksPage>;

export const TaskFile = z.object({ id: z.number(), name: z.string(), size: z.number(), url: z.string() });
export type TaskFile = z.infer<typeof TaskFile>;

/** An input parameter as the detail shows it: its form title and its value written out for people. */
export const TaskInput = z.object({
  name: z.string(),
  title: z.string(),
  /** Dates as dd.mm.yyyy, choices by name, yes/no for toggles; '' when empty. */
  text: z.string(),
  files: z.array(TaskFile),
});
export type TaskInput = z.infer<typeof TaskInput>;

/** GET /api/tasks/{id}/ */
export const TaskDetail = TaskRow.extend({
  description: z.string(),
  /** The raw input parameters as submitted (server format). */
  input_params: z.record(z.string(), z.unknown()),
  output_params: z.record(z.string(), z.unknown()),
  /** The input parameters in form order, readable. */
  inputs: z.array(TaskInput),
  childs_parallel_execution: z.boolean(),
  required_task: z.boolean(),
  p: z.number(),
  /** The request this task belongs to (itself for a request). */
  request: z.number(),
  /** The viewer's step that awaits their decision in this request, or null: Approve and Reject act on it. */
  actionable_step: z.number().nullable(),
  /** The viewer may change name and description (the creator, while the request is open). */
  can_edit: z.boolean(),
});
export type TaskDetail = z.infer<typeof TaskDetail>;

export const TaskDecision = z.object({
  decision: z.enum(['approved', 'rejected']),
  by: TaskPerson,
  at: z.string(),
  comment: z.string(),
});
export type TaskDecision = z.infer<typeof TaskDecision>;

/** One item of GET /api/tasks/{id}/workflow/: the request (a group) and its steps, by parent_task and p. */
export const WorkflowItem = z.object({
  id: z.number(),
  name: z.string(),
  parent_task: z.number().nullable(),
  is_group: z.boolean(),
  p: z.number(),
  user_info: TaskPerson.nullable(),
  status: z.enum(WORKFLOW_STATUSES),
  required_task: z.boolean(),
  start_at: z.string().nullable(),
  sla_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** Why the step went to its assignee when not to the role's first choice (absent, missing …); else null. */
  routing: z.string().nullable(),
  decision: TaskDecision.nullable(),
});
export type WorkflowItem = z.infer<typeof WorkflowItem>;

export const WorkflowResponse = z.object({ results: z.array(WorkflowItem) });
export type WorkflowResponse = z.infer<typeof WorkflowResponse>;

export const DecisionBody = z
  .object({
    comment: z
      .string({ error: 'Comment must be text' })
      .max(TASK_COMMENT_MAX, `Comment must be at most ${TASK_COMMENT_MAX} characters`)
      .optional(),
  })
  .strict()
  .default({});
export type DecisionBody = z.infer<typeof DecisionBody>;

export const PatchTaskBody = z
  .object({
    name: z
      .string({ error: 'Name must be text' })
      .trim()
      .min(1, 'Name is required')
      .max(TASK_NAME_MAX, `Name must be at most ${TASK_NAME_MAX} characters`)
      .optional(),
    description: z
      .string({ error: 'Description must be text' })
      .max(TASK_DESCRIPTION_MAX, `Description must be at most ${TASK_DESCRIPTION_MAX} characters`)
      .optional(),
  })
  .strict();
export type PatchTaskBody = z.infer<typeof PatchTaskBody>;

export const TaskTemplate = z.object({
  key: z.string(),
  name: z.string(),
  /** An icon name of the template (the web app maps known keys to its own icons, spec §9). */
  icon: z.string().nullable(),
  type_key: z.number().nullable(),
  /** A known key (absence requests, their own forms) or a factory task (its form from the server). */
  factory: z.boolean(),
});
export type TaskTemplate = z.infer<typeof TaskTemplate>;

export const TemplatesResponse = z.object({ results: z.array(TaskTemplate) });
export type TemplatesResponse = z.infer<typeof TemplatesResponse>;

export const FieldExtra = z.object({
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  min_len: z.number().nullable().optional(),
  max_len: z.number().nullable().optional(),
  /** yyyy-mm-dd, or 'today' / 'today+N' relative to the day of filling in. */
  min_date: z.string().nullable().optional(),
  max_date: z.string().nullable().optional(),
  /** HH:mm */
  min_time: z.string().nullable().optional(),
  max_time: z.string().nullable().optional(),
});
export type FieldExtra = z.infer<typeof FieldExtra>;

/** A field of a template's form (spec §3 "Task form field"). */
export const TaskFormField = z.object({
  title: z.string(),
  name: z.string(),
  field_type: z.string(),
  required: z.boolean(),
  regex: z.string().nullable(),
  /** Input mask: 9 a digit, a a letter, * either; anything else is typed for the user. */
  mask: z.string().nullable(),
  hint: z.string().nullable(),
  extra: FieldExtra,
  if_field: z.string().nullable(),
  if_field_value: z.unknown(),
  values_url: z.string().nullable(),
  values: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })).nullable(),
  position: z.number(),
  icon: z.string().nullable(),
});
export type TaskFormField = z.infer<typeof TaskFormField>;

export const TaskFormResponse = z.object({ template: TaskTemplate, fields: z.array(TaskFormField) });
export type TaskFormResponse = z.infer<typeof TaskFormResponse>;

export const TemplateParams = z.object({ key: z.string().min(1).max(100) });

/** POST /api/tasks/factory/: the form's values in server format; file fields carry uploaded file ids. */
export const FactoryBody = z.strictObject({
  template: z.string({ error: 'Template is required' }).min(1, 'Template is required'),
  inputParams: z.record(z.string(), z.unknown(), { error: 'inputParams must be an object' }).default({}),
  /** Ignored: the requester is always the caller (spec: manager = current user id). */
  manager: z.unknown().optional(),
});
export type FactoryBody = z.input<typeof FactoryBody>;

export const CreatedRequest = z.object({ id: z.number(), chat: z.number() });
export type CreatedRequest = z.infer<typeof CreatedRequest>;

/** POST /api/tasks/upload/ */
export const UploadedTaskFile = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  content_type: z.string(),
});
export type UploadedTaskFile = z.infer<typeof UploadedTaskFile>;

export const TaskParams = z.object({ id: z.coerce.number({ error: 'Expected an id' }).int().positive() });
