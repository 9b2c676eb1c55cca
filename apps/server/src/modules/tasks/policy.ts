import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { managerLinks, tasks } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import type { ChatAccess } from '../chats/access';
import { HR_PERMISSION, holdsPermission } from '../users/policy';

type TaskRecord = typeof tasks.$inferSelect;

const parent = alias(tasks, 'request');

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

/** The request's column `column`: the parent's when the task is a step, else the task's own. */
const requestOf = (column: string): SQL =>
  sql`coalesce(${parent}.${sql.identifier(column)}, ${tasks}.${sql.identifier(column)})`;

/**
 * One statement, the task with its request and the viewer's standing: every request about a task asks
 * this first, and each round trip counts (issue 11).
 */
const accessStatement = preparedOnce('task_access', (db, name) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select({
      task: tasks,
      parent,
      steps: sql<number[] | null>`(select array_agg(t.user_id) from ${tasks} t
        where t.parent_task_id = ${requestOf('id')})`,
      managed: sql<boolean>`exists (select 1 from ${managerLinks} ml
        where ml.user_id = ${requestOf('user_id')} and ml.manager_id = ${viewer})`,
      hr: holdsPermission(viewer, requestOf('company_id'), HR_PERMISSION).mapWith(Boolean),
    })
    .from(tasks)
    .leftJoin(parent, eq(parent.id, tasks.parentTaskId))
    .where(eq(tasks.id, sql.placeholder('task')))
    .prepare(name);
});

/**
 * Who may see a task (its request, every step, its chat, its files): the people in the request, the
 * managers of the person it is for and HR of its company. Null for anyone else, who is answered 404 as
 * if it did not exist.
 */
export async function taskAccess(db: Db, viewer: SessionInfo, taskId: number): Promise<TaskAccess | null> {
  const [row] = await accessStatement(db).execute({ task: taskId, viewer: viewer.userId });
  if (!row) return null;
  const { task, steps, managed, hr } = row;
  const request = row.parent ?? task;
  // A step whose request is gone (a broken row) is nobody's to see.
  if (task.parentTaskId !== null && !row.parent) return null;
  const participants = [...new Set([request.managerId, request.userId, ...(steps ?? [])])].filter(
    (id): id is number => id !== null,
  );
  const isParticipant = participants.includes(viewer.userId);
  if (!isParticipant && !managed && !hr) return null;
  return {
    task,
    request,
    participants,
    isParticipant,
    isManager: managed,
    isHr: hr,
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
