import type { TaskDecision, TaskDetail, WorkflowItem } from '@atrium/contracts';
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** The request as a group, then its steps in order, each with its status, routing and decision. */
export async function loadWorkflow(db: Db, access: TaskAccess, now: Date): Promise<WorkflowItem[]> {
  const requestId = access.request.id;
  const rows = await db
    .select({
      task: tasks,
      person: { id: users.id, first_name: users.firstName, last_name: users.lastName, avatar: users.avatar },
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.userId))
    .where(or(eq(tasks.id, requestId), eq(tasks.parentTaskId, requestId)))
    .orderBy(sql`${tasks.parentTaskId} is not null`, asc(tasks.p), asc(tasks.id));
  const decisions = await db
    .select({
      taskId: taskDecisions.taskId,
      decision: taskDecisions.decision,
      comment: taskDecisions.comment,
      at: taskDecisions.createdAt,
      by: { id: users.id, first_name: users.firstName, last_name: users.lastName, avatar: users.avatar },
    })
    .from(taskDecisions)
    .innerJoin(users, eq(users.id, taskDecisions.userId))
    .where(
      inArray(
        taskDecisions.taskId,
        rows.map((row) => row.task.id),
      ),
    )
    .orderBy(asc(taskDecisions.id));
  // A step is decided once; should history hold more, the latest decision is the one that stands.
  const decisionOf = new Map<number, TaskDecision>();
  for (const d of decisions) {
    decisionOf.set(d.taskId, { decision: d.decision, by: d.by, at: d.at.toISOString(), comment: d.comment });
  }
  return rows.map(({ task, person }) => ({
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
    decision: decisionOf.get(task.id) ?? null,
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
