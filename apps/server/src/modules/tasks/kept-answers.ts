import type { TaskRow, WorkflowItem } from '@atrium/contracts';
import type { Db } from '../../db/client';
import { createWorkCache, type WorkVersion } from '../../lib/work-version';
import type { SessionInfo } from '../auth/sessions';
import { loadWorkflow } from './detail';
import { type ListTasksInput, listTasks, rowsTurnAt, tabsTurnAt } from './list';
import { taskAccess } from './policy';

/**
 * Pages of task lists and workflows one process keeps. A page of 15 rows is about 12 kB, a workflow a
 * few; 500 of each stay under 10 MB.
 */
const KEPT_ENTRIES = 500;

type ListPage = { count: number; results: TaskRow[]; turnsAt: number };

/**
 * A page of a task list, kept under the work version (decision 0038) until it turns with the clock (a
 * task changes tabs or a row's deadline text changes: list.ts): asked for again, it is answered without
 * a statement. The page does not depend on who asks, only on whose list it is, so a manager and their
 * report share it.
 */
export function createKeptTaskLists(db: Db, version: WorkVersion) {
  const pages = createWorkCache<ListPage>(version, KEPT_ENTRIES, (page) => page.turnsAt);
  const compute = async (input: ListTasksInput): Promise<ListPage> => {
    const [page, tabsTurn] = await Promise.all([listTasks(db, input), tabsTurnAt(db, input)]);
    return { ...page, turnsAt: Math.min(tabsTurn, rowsTurnAt(page.results, input.now)) };
  };
  return async (input: ListTasksInput): Promise<Omit<ListPage, 'turnsAt'>> => {
    const { view, status, order, includeRequestsFor, page, pageSize, personId } = input;
    const key = [personId, view, status, order ?? '', includeRequestsFor, page, pageSize].join(':');
    return pages.get(key, () => compute(input), input.now.getTime());
  };
}

type Workflow = { items: WorkflowItem[] | null; turnsAt: number };

/**
 * A request's workflow as one viewer may see it (null: not at all), kept under the work version until
 * one of its running steps reaches its deadline and so reads 'expired'.
 */
export function createKeptWorkflows(db: Db, version: WorkVersion) {
  const workflows = createWorkCache<Workflow>(version, KEPT_ENTRIES, (workflow) => workflow.turnsAt);
  const compute = async (viewer: SessionInfo, taskId: number, now: Date): Promise<Workflow> => {
    const access = await taskAccess(db, viewer, taskId);
    if (!access) return { items: null, turnsAt: Number.POSITIVE_INFINITY };
    const items = await loadWorkflow(db, access, now);
    const deadlines = items.flatMap((item) =>
      item.status === 'process' && item.sla_at ? [Date.parse(item.sla_at)] : [],
    );
    return { items, turnsAt: Math.min(Number.POSITIVE_INFINITY, ...deadlines) };
  };
  return async (viewer: SessionInfo, taskId: number, now: Date): Promise<WorkflowItem[] | null> => {
    const kept = await workflows.get(
      `${viewer.userId}:${taskId}`,
      () => compute(viewer, taskId, now),
      now.getTime(),
    );
    return kept.items;
  };
}
