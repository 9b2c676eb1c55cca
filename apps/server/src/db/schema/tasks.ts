import type { FieldExtra, StepRole } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { bytea } from './avatars';
import { companies } from './companies';
import { chats } from './news';
import { users } from './users';

/** One approval step of a template: who it goes to and how long they have. */
export type TemplateStep = {
  /** The step's name as the workflow shows it ('Approval by the manager'). */
  name: string;
  role: StepRole;
  /** The named user of role 'user'. */
  userId?: number;
  /** Working days to decide; the template's default when absent. */
  slaDays?: number;
  /** False: an optional step; the request completes without it. Default true. */
  required?: boolean;
};

/** A field of a template's form, stored as the spec's task form field names it. */
export type TemplateField = {
  title: string;
  name: string;
  field_type: string;
  required: boolean;
  regex: string | null;
  mask: string | null;
  hint: string | null;
  extra: FieldExtra;
  if_field: string | null;
  if_field_value: unknown;
  values_url: string | null;
  values: { id: number | string; name: string }[] | null;
  position: number;
  icon: string | null;
};

/**
 * What can be requested: the six absence templates the spec knows by key, and factory templates whose
 * form the server defines. Per company, so that each company words and routes its own requests.
 */
export const taskTemplates = pgTable(
  'task_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    icon: text('icon'),
    typeKey: integer('type_key'),
    /** False for the known absence templates (created by their own endpoints), true for factory tasks. */
    factory: boolean('factory').notNull().default(true),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    form: jsonb('form').$type<TemplateField[]>().notNull().default([]),
    steps: jsonb('steps').$type<TemplateStep[]>().notNull().default([]),
    /** Steps run together (true) or one after another (false). */
    parallel: boolean('parallel').notNull().default(false),
    /** Working days a step has to be decided, unless the step says otherwise. */
    slaDays: integer('sla_days').notNull().default(2),
    /** What completing a request does besides closing it (the absences issue adds its effects); null: nothing. */
    effect: text('effect'),
  },
  (t) => [unique('task_templates_company_key_uq').on(t.companyId, t.key)],
);

/**
 * A request (a group: parent_task null, is_group) and its steps (parent_task = the request). On a request
 * `manager` is who created it and `user` who it is for; on a step `user` is the assignee.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => taskTemplates.id, { onDelete: 'set null' }),
    parentTaskId: integer('parent_task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'cascade' }),
    isGroup: boolean('is_group').notNull().default(false),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The step's order in its request (0 for a request). */
    p: integer('p').notNull().default(0),
    /** The role the step was meant for (manager, deputy, hrbp, extra, hr, user); null on a request. */
    role: text('role').$type<StepRole>(),
    /** Why the step went to its user rather than the role's first choice, or null when it did not. */
    routing: text('routing'),
    requiredTask: boolean('required_task').notNull().default(true),
    childsParallelExecution: boolean('childs_parallel_execution').notNull().default(false),
    slaDays: integer('sla_days').notNull().default(2),
    startAt: timestamp('start_at', { withTimezone: true }),
    slaAt: timestamp('sla_at', { withTimezone: true }),
    skipped: boolean('skipped').notNull().default(false),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceled: boolean('canceled').notNull().default(false),
    completeApproved: boolean('complete_approved').notNull().default(false),
    completeApprovedAt: timestamp('complete_approved_at', { withTimezone: true }),
    inputParams: jsonb('input_params').$type<Record<string, unknown>>().notNull().default({}),
    outputParams: jsonb('output_params').$type<Record<string, unknown>>().notNull().default({}),
    /** The request's comment chat; steps point to their request's. */
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('tasks_parent_idx').on(t.parentTaskId, t.p),
    // exec view: my steps; creator view and the profile tab: requests by or for someone.
    index('tasks_user_idx').on(t.userId, t.completed, t.canceled),
    index('tasks_manager_idx').on(t.managerId, t.parentTaskId),
    index('tasks_chat_idx').on(t.chatId),
    index('tasks_open_sla_idx').on(t.slaAt).where(sql`not ${t.completed} and not ${t.canceled}`),
    // Each HR person's open steps, counted on every request's routing to give HR the least loaded one:
    // an index-only count, where the user index made it read every step's row.
    index('tasks_open_steps_idx')
      .on(t.userId)
      .where(
        sql`${t.parentTaskId} is not null and not ${t.completed} and not ${t.canceled} and not ${t.skipped}`,
      ),
  ],
);

/** The audit trail of decisions: who approved or rejected which step, when, with what comment. */
export const taskDecisions = pgTable(
  'task_decisions',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'approved' | 'rejected'>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('task_decisions_task_idx').on(t.taskId)],
);

/**
 * A file uploaded for a request's form (POST /api/tasks/upload/): owned by its uploader until a request
 * takes it (task_id set), and then readable by whoever may read the request.
 */
export const taskFiles = pgTable(
  'task_files',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('task_files_owner_idx').on(t.ownerId), index('task_files_task_idx').on(t.taskId)],
);
