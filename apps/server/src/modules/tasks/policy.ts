import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { managerLinks, tasks } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import type { ChatAccess } from '../chats/access';
import { HR_PERMISSION, holdsPermission } from '../users/policy';

type TaskRecord = typeof tasks.$inferSelect;

export type TaskAccess = {
  /** The task asked for: a request or one of its steps. */
  task: TaskRecord;
  /** Its request (the task itself when it is one). */
  request: TaskRecord;
  /** The request's creator, who it is for and every step's assignee. */
  participants: number[];
  isParticipant: boolean;
  /** A manager (any link type) of the person the request is for. */
  isManager: boolean;
  /** HR of the request's company. */
  isHr: boolean;
  /** The viewer created the request. */
  isCreator: boolean;
};

/**
 * Who may see a task (its request, every step, its chat, its files): the people in the request, the
 * managers of the person it is for and HR of its company. Null for anyone else, who is answered 404 as
 * if it did not exist.
 */
export async function taskAccess(db: Db, viewer: SessionInfo, taskId: number): Promise<TaskAccess | null> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task) return null;
  const [request] =
    task.parentTaskId === null
      ? [task]
      : await db.select().from(tasks).where(eq(tasks.id, task.parentTaskId));
  if (!request) return null;
  // The rest in one statement: each access check is a round trip of every request about a task.
  const [standing] = await queryRows<{ steps: number[] | null; managed: boolean; hr: boolean }>(
    db,
    sql`select
      (select array_agg(t.user_id) from ${tasks} t where t.parent_task_id = ${request.id}) as steps,
      exists (select 1 from ${managerLinks} ml
        where ml.user_id = ${request.userId} and ml.manager_id = ${viewer.userId}) as managed,
      ${holdsPermission(viewer.userId, request.companyId, HR_PERMISSION)} as hr`,
  );
  const isHr = standing?.hr === true;
  const participants = [...new Set([request.managerId, request.userId, ...(standing?.steps ?? [])])].filter(
    (id): id is number => id !== null,
  );
  const isParticipant = participants.includes(viewer.userId);
  const isManager = standing?.managed === true;
  if (!isParticipant && !isManager && !isHr) return null;
  return {
    task,
    request,
    participants,
    isParticipant,
    isManager,
    isHr,
    isCreator: request.managerId === viewer.userId,
  };
}

/** A request's chat follows the request: whoever may see it comments; its participants hear of changes. */
export async function taskChatAccess(
  db: Db,
  chatId: number,
  viewer: SessionInfo,
): Promise<ChatAccess | null> {
  const [request] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.chatId, chatId), eq(tasks.isGroup, true)))
    .limit(1);
  if (!request) return null;
  const access = await taskAccess(db, viewer, request.id);
  if (!access) return null;
  return {
    audience: { userIds: access.participants },
    moderator: false,
    task: { id: access.request.id, name: access.request.name, participants: access.participants },
  };
}
