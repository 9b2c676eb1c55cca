import type { DepartmentNode, UserListItem, UsersFilterBody } from '@atrium/contracts';
import { Button, Paper, Stack } from '@mantine/core';
import { IconHierarchy } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
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
    else {
      const siblings = childrenOf.get(node.parent_id);
      if (siblings) siblings.push(node);
      else childrenOf.set(node.parent_id, [node]);
    }
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

/**
 * How many sections of one level are drawn at first and at each 'Show more': a division of the bench's
 * 100,000-person company has 779 departments, which drew in one task of 0.4 s when it was opened.
 */
const SECTIONS_AT_ONCE = 50;

/** The sections of one level of the tree, drawn SECTIONS_AT_ONCE at a time. */
function SectionSlice({
  nodes,
  render,
}: {
  nodes: readonly DepartmentNode[];
  render: (node: DepartmentNode) => ReactNode;
}) {
  const [shown, setShown] = useState(SECTIONS_AT_ONCE);
  const left = nodes.length - shown;
  return (
    <>
      {nodes.slice(0, shown).map(render)}
      {left > 0 && (
        <Button
          variant="subtle"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setShown(shown + SECTIONS_AT_ONCE)}
        >
          Show {Math.min(left, SECTIONS_AT_ONCE)} more of {left.toLocaleString('en-US')}
        </Button>
      )}
    </>
  );
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
  // Built once per tree, not on every render: a large company has thousands of nodes.
  const tree = useMemo(() => nodeTree(nodes ?? []), [nodes]);
  if (isPending) return <SkeletonRows count={6} />;
  if (!nodes?.length) return <EmptyState text="No departments yet" icon={IconHierarchy} />;
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
        {children && <SectionSlice nodes={children} render={section} />}
      </PeopleSection>
    );
  };
  return (
    <Paper withBorder p="sm">
      <Stack gap={0}>
        <SectionSlice nodes={tree.roots} render={section} />
      </Stack>
    </Paper>
  );
}
