import type { TaskSla, WorkflowStatus } from '@atrium/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields of a task that decide where it stands. */
export type TaskState = {
  completed: boolean;
  canceled: boolean;
  skipped: boolean;
  startAt: Date | null;
  slaAt: Date | null;
};

/** Nothing more will happen to it: decided, rejected or skipped. */
export const isClosed = (task: Pick<TaskState, 'completed' | 'canceled' | 'skipped'>) =>
  task.completed || task.canceled || task.skipped;

/** Started (start_at reached) and not closed: it awaits a decision now. */
export const isRunning = (task: TaskState, now: Date) =>
  !isClosed(task) && task.startAt !== null && task.startAt.getTime() <= now.getTime();

/**
 * The local status of a workflow item (spec §4): approved if completed, canceled if canceled, skipped
 * if skipped; an item with start and SLA times is expired once now reaches sla_at, else in process;
 * anything else is next.
 */
export function workflowStatus(task: TaskState, now: Date): WorkflowStatus {
  if (task.completed) return 'approved';
  if (task.canceled) return 'canceled';
  if (task.skipped) return 'skipped';
  if (task.startAt && task.slaAt) return now.getTime() >= task.slaAt.getTime() ? 'expired' : 'process';
  return 'next';
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * The deadline as the Estimation column words it. Counted in whole 24-hour spans from now to sla_at
 * (the SLA itself already skipped weekends and holidays), so it reads the same in every time zone.
 * Null for a task that has no deadline yet (not started).
 */
export function taskSla(task: TaskState, now: Date): TaskSla | null {
  if (task.completed) return { title: 'Done', urgent: false, overdue: false };
  if (task.canceled) return { title: 'Canceled', urgent: false, overdue: false };
  if (task.skipped) return { title: 'Skipped', urgent: false, overdue: false };
  if (!task.slaAt) return null;
  const left = task.slaAt.getTime() - now.getTime();
  if (left <= 0) {
    return {
      title: `Overdue by ${days(Math.max(1, Math.ceil(-left / DAY_MS)))}`,
      urgent: true,
      overdue: true,
    };
  }
  if (left < DAY_MS) return { title: 'Due today', urgent: true, overdue: false };
  return { title: `Due in ${days(Math.floor(left / DAY_MS))}`, urgent: false, overdue: false };
}
