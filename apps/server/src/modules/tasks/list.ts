import type { TaskListStatus, TaskRow, TaskView } from '@atrium/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { isoText } from '../../db/iso-text';
import { preparedFamily } from '../../db/prepared';
import { chats, dictionaryItems, tasks, taskTemplates, users } from '../../db/schema/index';
import { taskSla, workflowStatus } from './status';

const creator = alias(users, 'task_creator');
const person = alias(users, 'task_person');
const position = alias(dictionaryItems, 'task_person_position');
const parent = alias(tasks, 'task_parent');

/**
 * The comments of a task's chat: the count the chat keeps (decision 0025), one row by its key, rather
 * than a count of its messages for every row of the page.
 */
const commentsCount = sql<number>`coalesce((select ${chats.messageCount} from ${chats}
  where ${chats.id} = ${tasks.chatId}), 0)`;

/**
 * The columns of a task row. A step is shown under its request's name (the exec list and the
 * assignee's detail say what is to be approved, not which step it is); the workflow names the steps.
 */
const rowColumns = {
  id: tasks.id,
  name: sql<string>`coalesce(${parent.name}, ${tasks.name})`,
  parentTaskId: tasks.parentTaskId,
  isGroup: tasks.isGroup,
  template: taskTemplates.key,
  typeKey: taskTemplates.typeKey,
  icon: taskTemplates.icon,
  slaAt: isoText(tasks.slaAt),
  startAt: isoText(tasks.startAt),
  manager: {
    id: creator.id,
    first_name: creator.firstName,
    last_name: creator.lastName,
    avatar: creator.avatar,
  },
  userId: tasks.userId,
  person: {
    id: person.id,
    first_name: person.firstName,
    last_name: person.lastName,
    avatar: person.avatar,
    job_position: position.name,
  },
  commentsCount: commentsCount.mapWith(Number),
  chatId: tasks.chatId,
  completed: tasks.completed,
  canceled: tasks.canceled,
  completeApproved: tasks.completeApproved,
  completeApprovedAt: isoText(tasks.completeApprovedAt),
  completedAt: isoText(tasks.completedAt),
  skipped: tasks.skipped,
  createdAt: isoText(tasks.createdAt),
  updatedAt: isoText(tasks.updatedAt),
};

/**
 * Task rows with their people, template and comment count (and `extra` columns): one query, whatever
 * the number of rows.
 */
function taskRowsWith<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(tasks)
    .leftJoin(parent, eq(parent.id, tasks.parentTaskId))
    .innerJoin(creator, eq(creator.id, tasks.managerId))
    .leftJoin(person, eq(person.id, tasks.userId))
    .leftJoin(position, eq(position.id, person.jobPositionId))
    .leftJoin(taskTemplates, eq(taskTemplates.id, tasks.templateId));
}

export const selectTaskRows = (db: Db) => taskRowsWith(db, {});

type SelectedRow = Awaited<ReturnType<typeof selectTaskRows>>[number];

/** A left-joined person: null when the task has nobody (a deleted user). */
function personOf(p: SelectedRow['person']): TaskRow['user_info'] {
  if (!p || p.id === null) return null;
  return {
    id: p.id,
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    avatar: p.avatar,
    job_position: p.job_position,
  };
}

const momentOf = (iso: string | null) => (iso === null ? null : new Date(iso));

export function toTaskRow(row: SelectedRow, now: Date): TaskRow {
  // Moments are read as ISO text (db/iso-text.ts); where the task stands compares two of them with now.
  const state = {
    completed: row.completed,
    canceled: row.canceled,
    skipped: row.skipped,
    startAt: momentOf(row.startAt),
    slaAt: momentOf(row.slaAt),
  };
  return {
    id: row.id,
    name: row.name,
    parent_task: row.parentTaskId,
    is_group: row.isGroup,
    template: row.template,
    type_key: row.typeKey,
    icon: row.icon,
    sla: taskSla(state, now),
    sla_at: row.slaAt,
    start_at: row.startAt,
    manager: row.manager,
    user: row.userId,
    user_info: personOf(row.person),
    comments_count: row.commentsCount,
    chat: row.chatId,
    completed: row.completed,
    canceled: row.canceled,
    complete_approved: row.completeApproved,
    complete_approved_at: row.completeApprovedAt,
    completed_at: row.completedAt,
    skipped: row.skipped,
    status: workflowStatus(state, now),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type ListTasksInput = {
  /** Whose tasks. */
  personId: number;
  view: TaskView;
  /** The profile Tasks tab: the creator view also lists the requests filed for the person. */
  includeRequestsFor: boolean;
  status: TaskListStatus;
  order?: string;
  page: number;
  pageSize: number;
  now: Date;
};

const open = () => and(eq(tasks.completed, false), eq(tasks.canceled, false), eq(tasks.skipped, false));
const started = (now: Date | Placeholder) => and(isNotNull(tasks.startAt), lte(tasks.startAt, now));

type ListShape = Pick<ListTasksInput, 'view' | 'includeRequestsFor' | 'status' | 'order'>;

/** Whose tasks a view lists, whatever its tab: the person's started steps, or the requests they filed. */
function viewCondition(
  input: Pick<ListShape, 'view' | 'includeRequestsFor'> & { personId: number | Placeholder },
) {
  const { personId } = input;
  if (input.view === 'exec') return and(isNotNull(tasks.parentTaskId), eq(tasks.userId, personId));
  return and(
    isNull(tasks.parentTaskId),
    input.includeRequestsFor
      ? or(eq(tasks.managerId, personId), eq(tasks.userId, personId))
      : eq(tasks.managerId, personId),
  );
}

/**
 * Which tasks a view and status tab lists (spec §2, §6), for a person at a time: values, or the
 * placeholders of a prepared statement.
 */
function listCondition(
  input: ListShape & { personId: number | Placeholder; now: Date | Placeholder },
): SQL | undefined {
  const { now } = input;
  const byStatus: Record<TaskListStatus, SQL | undefined> = {
    active: and(open(), started(now)),
    overdue: and(open(), isNotNull(tasks.slaAt), lte(tasks.slaAt, now)),
    planned: and(open(), or(isNull(tasks.startAt), gt(tasks.startAt, now))),
    completed: or(eq(tasks.completed, true), eq(tasks.canceled, true), eq(tasks.skipped, true)),
  };
  // A step reaches its assignee's list once it has started; the planned tab shows the ones to come.
  const startedStep = input.view === 'exec' && input.status !== 'planned' ? started(now) : undefined;
  return and(viewCondition(input), startedStep, byStatus[input.status]);
}

/** The order a list is sorted in: as asked, else the completed tab by closing time, others by deadline. */
const orderKey = (shape: ListShape) => shape.order ?? (shape.status === 'completed' ? 'completed' : 'sla_at');

function orderOf(shape: ListShape) {
  switch (orderKey(shape)) {
    case 'completed':
      return [sql`${tasks.completedAt} desc nulls last`, desc(tasks.id)];
    case 'created_at':
      return [asc(tasks.createdAt), asc(tasks.id)];
    case '-created_at':
      return [desc(tasks.createdAt), desc(tasks.id)];
    default:
      return [sql`${tasks.slaAt} asc nulls last`, desc(tasks.id)];
  }
}

/**
 * A page of a list of one shape (view, tab, order) in one statement: the page's ids are chosen first,
 * each with the number of all matches (`count(*) over ()`), and only they are joined with their people
 * and comment counts.
 */
function preparePage(db: Db, shape: ListShape, name: string) {
  const order = orderOf(shape);
  const page = db
    .select({ id: tasks.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .from(tasks)
    .where(listCondition({ ...shape, personId: sql.placeholder('person'), now: sql.placeholder('now') }))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return taskRowsWith(db, { total: page.total })
    .innerJoin(page, eq(page.id, tasks.id))
    .orderBy(...order)
    .prepare(name);
}

/** Each shape's page statement, built once per database handle (db/prepared.ts). */
const pageStatements = preparedFamily(preparePage);

function pageStatement({ view, includeRequestsFor, status, order }: ListShape) {
  const shape = { view, includeRequestsFor, status, order };
  const name = `task_list_${shape.view}_${shape.status}_${orderKey(shape)}${shape.includeRequestsFor ? '_for' : ''}`;
  return pageStatements(name, shape);
}

/** One page of a task list, with the number of all its tasks. */
export async function listTasks(
  db: Db,
  input: ListTasksInput,
): Promise<{ count: number; results: TaskRow[] }> {
  const rows = await pageStatement(input)(db).execute({
    person: input.personId,
    now: input.now,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  // A page past the end holds no row to carry the number: it is counted on its own.
  const count = rows[0]?.total ?? (input.page === 1 ? 0 : await countTasks(db, listCondition(input)));
  return { count, results: rows.map((row) => toTaskRow(row, input.now)) };
}

async function countTasks(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(tasks)
    .where(where);
  return row?.count ?? 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The statement of `tabsTurnAt` for a view: the earliest start or deadline to come of its open tasks. */
function prepareTurn(db: Db, shape: Pick<ListShape, 'view' | 'includeRequestsFor'>, name: string) {
  const now = sql.placeholder('now');
  return db
    .select({
      // Null when none is to come: Drizzle maps only values that are there.
      ms: sql<number | null>`extract(epoch from min(least(
          case when ${tasks.startAt} > ${now} then ${tasks.startAt} end,
          case when ${tasks.slaAt} > ${now} then ${tasks.slaAt} end))) * 1000`.mapWith(Number),
    })
    .from(tasks)
    .where(and(viewCondition({ ...shape, personId: sql.placeholder('person') }), open()))
    .prepare(name);
}

/** Each view's turn statement, built once per database handle (db/prepared.ts). */
const turnStatements = preparedFamily(prepareTurn);

function turnStatement({ view, includeRequestsFor }: Pick<ListShape, 'view' | 'includeRequestsFor'>) {
  return turnStatements(`task_tabs_turn_${view}${includeRequestsFor ? '_for' : ''}`, {
    view,
    includeRequestsFor,
  });
}

/**
 * The first moment after `now` (ms) at which one of the view's open tasks starts or reaches its
 * deadline, and so changes tabs with no write (decision 0038); Infinity when none will.
 */
export async function tabsTurnAt(db: Db, input: ListTasksInput): Promise<number> {
  const [next] = await turnStatement(input)(db).execute({ person: input.personId, now: input.now });
  return next?.ms == null ? Number.POSITIVE_INFINITY : next.ms;
}

/**
 * The first moment after `now` (ms) at which a row's Estimation text may change with no write. It counts
 * whole days between now and sla_at ('Due in 2 days', 'Due today', 'Overdue by 1 day'): each text holds
 * up to and including a whole number of days before or after the deadline, and at the deadline itself
 * 'Due today' turns overdue.
 */
export function rowsTurnAt(rows: TaskRow[], now: Date): number {
  let turn = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (row.sla_at === null || row.completed || row.canceled || row.skipped) continue;
    const deadline = Date.parse(row.sla_at);
    const past = now.getTime() - deadline;
    const days = past < 0 ? Math.floor(-past / DAY_MS) : Math.max(1, Math.ceil(past / DAY_MS));
    const next =
      past < 0 ? (days === 0 ? deadline : deadline - days * DAY_MS + 1) : deadline + days * DAY_MS + 1;
    turn = Math.min(turn, next);
  }
  return turn;
}
