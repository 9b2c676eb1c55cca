import { describe, expect, it } from 'vitest';
import { aWorkflowItem } from './task-fixtures';
import { workflowTree } from './workflow';

const labels = (nodes: ReturnType<typeof workflowTree>): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.label, labels(node.children)] : node.label));

describe('workflowTree', () => {
  it('numbers the request 1. and its steps 1.1, 1.2 … by their order, whatever order they came in', () => {
    const tree = workflowTree([
      aWorkflowItem(8, { p: 2, name: 'HR' }),
      aWorkflowItem(5, { parent_task: null, is_group: true, p: 0, name: 'Request' }),
      aWorkflowItem(7, { p: 1, name: 'Manager' }),
    ]);
    expect(labels(tree)).toEqual([['1.', ['1.1', '1.2']]]);
    expect(tree[0]?.children.map((node) => node.name)).toEqual(['Manager', 'HR']);
  });

  it('numbers a group inside a group on from its own label', () => {
    const tree = workflowTree([
      aWorkflowItem(5, { parent_task: null, is_group: true, p: 0 }),
      aWorkflowItem(6, { p: 1 }),
      aWorkflowItem(7, { p: 2, is_group: true }),
      aWorkflowItem(8, { parent_task: 7, p: 1 }),
      aWorkflowItem(9, { parent_task: 7, p: 2 }),
    ]);
    expect(labels(tree)).toEqual([['1.', ['1.1', ['1.2', ['1.2.1', '1.2.2']]]]]);
  });

  it('shows a step whose request is missing from the answer at the top rather than losing it', () => {
    expect(labels(workflowTree([aWorkflowItem(6, { parent_task: 99 })]))).toEqual(['1.']);
  });
});
