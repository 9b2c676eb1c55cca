import { describe, expect, it } from 'vitest';
import { aDepartment } from '../../../test/fake-api';
import { nodeTree } from './group-view';

describe('nodeTree', () => {
  it('nests nodes under their parents and counts everyone below a node', () => {
    const tree = nodeTree([
      aDepartment(1, { name: 'Engineering', employees_count: 1 }),
      aDepartment(2, { name: 'Platform', parent_id: 1, depth: 2, employees_count: 2 }),
      aDepartment(3, { name: 'Atlas', parent_id: 2, depth: 3, employees_count: 5 }),
      aDepartment(4, { name: 'Orphan', parent_id: 99, depth: 2, employees_count: 1 }),
    ]);
    expect(tree.roots.map((node) => node.name)).toEqual(['Engineering', 'Orphan']);
    expect(tree.childrenOf.get(1)?.map((node) => node.name)).toEqual(['Platform']);
    expect([1, 2, 3, 4].map((id) => tree.totals.get(id))).toEqual([8, 7, 5, 1]);
  });
});
