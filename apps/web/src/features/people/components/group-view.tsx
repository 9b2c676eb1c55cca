import type { DepartmentNode, UserListItem, UsersFilterBody } from '@atrium/contracts';
import { Paper, Stack } from '@mantine/core';
import { IconHierarchy } from '@tabler/icons-react';
import { useCurrentSession } from '../../../app/session';
import { EmptyState, SkeletonRows } from '../../../ui';
import { useDepartmentTree } from '../api';
import { PeopleSection } from './people-section';

export type NodeTree = {
  roots: DepartmentNode[];
  childrenOf: Map<number, DepartmentNode[]>;
  /** People in a node and every node under it. */
  totals: Map<number, number>;
};

/**
 * The department list as a tree: top nodes (and nodes whose parent is not listed), children by parent,
 * and head counts that include everyone below (a node's own `employees_count` counts only its own people).
 */
export function nodeTree(nodes: readonly DepartmentNode[]): NodeTree {
  const ids = new Set(nodes.map((node) => node.id));
  const roots: DepartmentNode[] = [];
  const childrenOf = new Map<number, DepartmentNode[]>();
  for (const node of nodes) {
    if (node.parent_id === null || !ids.has(node.parent_id)) roots.push(node);
    else childrenOf.set(node.parent_id, [...(childrenOf.get(node.parent_id) ?? []), node]);
  }
  const totals = new Map(nodes.map((node) => [node.id, node.employees_count]));
  // Deepest first, so that a node's total is complete before it is added to its parent's.
  for (const node of [...nodes].sort((a, b) => b.depth - a.depth)) {
    if (node.parent_id !== null && ids.has(node.parent_id)) {
      totals.set(node.parent_id, (totals.get(node.parent_id) ?? 0) + (totals.get(node.id) ?? 0));
    }
  }
  return { roots, childrenOf, totals };
}

type GroupViewProps = { filter: UsersFilterBody; onOpen: (person: UserListItem) => void };

/**
 * The directory's group mode: the company's department tree as collapsible sections, each listing the
 * people placed in it (within the page's filters) when opened. Head counts are those of the whole
 * structure, so they are shown only while no filter or search narrows the people.
 */
export function GroupView({ filter, onOpen }: GroupViewProps) {
  const { company } = useCurrentSession();
  const { data: nodes, isPending } = useDepartmentTree(company.id);
  if (isPending) return <SkeletonRows count={6} />;
  if (!nodes?.length) return <EmptyState text="No departments yet" icon={IconHierarchy} />;
  const tree = nodeTree(nodes);
  const withCounts = Object.keys(filter).length === 0;

  const section = (node: DepartmentNode) => {
    const children = tree.childrenOf.get(node.id);
    return (
      <PeopleSection
        key={node.id}
        label={node.name}
        count={withCounts ? tree.totals.get(node.id) : undefined}
        filter={{ ...filter, Department: [node.id] }}
        onOpen={onOpen}
      >
        {children?.map(section)}
      </PeopleSection>
    );
  };
  return (
    <Paper withBorder p="sm">
      <Stack gap={0}>{tree.roots.map(section)}</Stack>
    </Paper>
  );
}
