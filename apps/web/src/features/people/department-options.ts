import type { DepartmentNode } from '@atrium/contracts';

/** The value of the company's own entry in the department dropdown; a node's value is its id. */
export const COMPANY_OPTION = 'company';

export type DepartmentOption = {
  value: string;
  label: string;
  depth: number;
  /** The nodes above it, top first ('Engineering › Backend'): where it sits when a search lists it alone. */
  hint?: string;
};

/**
 * The department dropdown's entries below the company: every node in tree order (each node followed by
 * the nodes under it, siblings in the server's order) with its depth for indenting. A node whose parent is
 * not in the list is shown at the top level rather than lost.
 */
export function departmentOptions(nodes: readonly DepartmentNode[]): DepartmentOption[] {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<number | null, DepartmentNode[]>();
  for (const node of nodes) {
    const parent = node.parent_id !== null && ids.has(node.parent_id) ? node.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const options: DepartmentOption[] = [];
  const visited = new Set<number>();
  const visit = (parent: number | null, above: string[]) => {
    for (const node of children.get(parent) ?? []) {
      if (visited.has(node.id)) continue;
      visited.add(node.id);
      const option: DepartmentOption = {
        value: String(node.id),
        label: node.name,
        depth: Math.max(1, node.depth),
      };
      if (above.length) option.hint = above.join(' › ');
      options.push(option);
      visit(node.id, [...above, node.name]);
    }
  };
  visit(null, []);
  // Nodes caught in a parent loop have no way down from the top; list them rather than hide them.
  for (const node of nodes) {
    if (!visited.has(node.id)) visit(node.parent_id, []);
  }
  return options;
}
