import type { WorkflowItem, WorkflowStatus } from '@atrium/contracts';
import type { MantineColor } from '@mantine/core';

/** An item of the workflow with the items under it, and its numbered label ('1.', '1.2'). */
export type WorkflowNode = WorkflowItem & { label: string; children: WorkflowNode[] };

const byOrder = (a: WorkflowItem, b: WorkflowItem) => a.p - b.p || a.id - b.id;

/**
 * The workflow as a tree (spec §2): the items without a parent (the request) numbered '1.', '2.' …, and
 * under each its steps by order, numbered '1.1', '1.2' …; a group inside a group numbers its own steps
 * '1.2.1'. An item whose parent is missing from the answer is shown at the top rather than lost.
 */
export function workflowTree(items: WorkflowItem[]): WorkflowNode[] {
  const ids = new Set(items.map((item) => item.id));
  const childrenOf = new Map<number | null, WorkflowItem[]>();
  for (const item of items) {
    const parent = item.parent_task !== null && ids.has(item.parent_task) ? item.parent_task : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), item]);
  }
  const build = (parent: number | null, prefix: string): WorkflowNode[] =>
    [...(childrenOf.get(parent) ?? [])].sort(byOrder).map((item, index) => {
      const number = `${prefix}${index + 1}`;
      return {
        ...item,
        label: parent === null ? `${number}.` : number,
        children: build(item.id, `${number}.`),
      };
    });
  return build(null, '');
}

type StatusLook = {
  label: string;
  color: MantineColor;
  /** Expired and canceled show as errors (spec §2). */
  error: boolean;
  /** Skipped steps fade; steps not started yet are muted. */
  tone: 'normal' | 'muted' | 'faded';
};

/** How each local status (spec §3, §4) reads and looks; never colour alone, always with its label. */
export const STATUS_LOOK: Record<WorkflowStatus, StatusLook> = {
  approved: { label: 'Approved', color: 'green', error: false, tone: 'normal' },
  canceled: { label: 'Canceled', color: 'red', error: true, tone: 'normal' },
  skipped: { label: 'Skipped', color: 'gray', error: false, tone: 'faded' },
  expired: { label: 'Expired', color: 'red', error: true, tone: 'normal' },
  process: { label: 'In progress', color: 'indigo', error: false, tone: 'normal' },
  next: { label: 'Next', color: 'gray', error: false, tone: 'muted' },
};
