import type { TaskDecision, TaskDetail, WorkflowItem } from '@atrium/contracts';
import { and, asc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { taskDecisions, tasks, taskTemplates, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { describeInputs } from './inputs';
import { selectTaskRows, toTaskRow } from './list';
import type { TaskAccess } from './policy';
import { workflowStatus } from './status';
import { requestFiles } from './task-files';

const isOpen = (task: { completed: boolean; canceled: boolean }) => !task.completed && !task.canceled;

/** The viewer's step of a request that awaits their decision now (started, open), or null. */
export async function actionableStep(db: Db, request: TaskAccess['request'], viewerId: number, now: Date) {
  if (!isOpen(request)) return null;
  const [step] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.parentTaskId, request.id),
        eq(tasks.userId, viewerId),
        eq(tasks.completed, false),
        eq(tasks.canceled, false),
        eq(tasks.skipped, false),
        isNotNull(tasks.startAt),
        lte(tasks.startAt, now),
      ),
    )
    .orderBy(asc(tasks.p), asc(tasks.id))
    .limit(1);
  return step?.id ?? null;
}

/**
 * A task as its detail shows it. A step carries its request's description and input parameters, so
 * that the one deciding sees what they decide on.
 */
export async function loadTaskDetail(
  db: Db,
  access: TaskAccess,
  viewerId: number,
  now: Date,
): Promise<TaskDetail> {
  const { task, request } = access;
  const [[row], [template], files, actionable] = await Promise.all([
    selectTaskRows(db).where(eq(tasks.id, task.id)),
    request.templateId
      ? db
          .select({ form: taskTemplates.form })
          .from(taskTemplates)
          .where(eq(taskTemplates.id, request.templateId))
      : Promise.resolve([]),
    requestFiles(db, request.id),
    actionableStep(db, request, viewerId, now),
  ]);
  if (!row) throw notFound();
  return {
    ...toTaskRow(row, now),
    description: request.description,
    input_params: request.inputParams,
    output_params: task.outputParams,
    inputs: describeInputs(template?.form ?? [], request.inputParams, files),
    childs_parallel_execution: task.childsParallelExecution,
    required_task: task.requiredTask,
    p: task.p,
    request: request.id,
    actionable_step: actionable,
    can_edit: request.managerId === viewerId && isOpen(request),
  };
}

/**
 * The decision that stands on a task: a step is decided once, and should history hold more, the latest
 * one. Read inside the workflow's statement, one round trip for the whole workflow.
 */
const standingDecision = sql<StoredDecision | null>`(
  select json_build_object('decision', d.decision, 'comment', d.comment, 'at', d.created_at,
    'by', json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar', u.avatar))
    from ${taskDecisions} d join ${users} u on u.id = d.user_id
   where d.task_id = ${tasks.id}
   order by d.id desc limit 1)`;
type StoredDecision = Omit<TaskDecision, 'at'> & { at: string };

const workflowStatement = preparedOnce('workflow', (db, name) => {
  const requestId = sql.placeholder('request');
  return db
    .select({
      task: tasks,
      person: { id: users.id, first_name: users.firstName, last_name: users.lastName, avatar: users.avatar },
      decision: standingDecision,
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.userId))
    .where(or(eq(tasks.id, requestId), eq(tasks.parentTaskId, requestId)))
    .orderBy(sql`${tasks.parentTaskId} is not null`, asc(tasks.p), asc(tasks.id))
    .prepare(name);
});

/** The request as a group, then its steps in order, each with its status, routing and decision. */
export async function loadWorkflow(db: Db, access: TaskAccess, now: Date): Promise<WorkflowItem[]> {
  const rows = await workflowStatement(db).execute({ request: access.request.id });
  return rows.map(({ task, person, decision }) => ({
    id: task.id,
    name: task.name,
    parent_task: task.parentTaskId,
    is_group: task.isGroup,
    p: task.p,
    user_info: person?.id ? person : null,
    status: workflowStatus(task, now),
    required_task: task.requiredTask,
    start_at: task.startAt?.toISOString() ?? null,
    sla_at: task.slaAt?.toISOString() ?? null,
    completed_at: task.completedAt?.toISOString() ?? null,
    routing: task.routing,
    // JSON carries the time in PostgreSQL's text form: the API's is ISO 8601 in UTC.
    decision: decision ? { ...decision, at: new Date(decision.at).toISOString() } : null,
  }));
}

/** Renames or re-describes a request. */
export async function patchRequest(
  db: Db,
  requestId: number,
  patch: { name?: string; description?: string },
  now: Date,
) {
  await db
    .update(tasks)
    .set({ ...patch, updatedAt: now })
    .where(eq(tasks.id, requestId));
}
