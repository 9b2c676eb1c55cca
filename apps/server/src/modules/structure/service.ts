import type { DepartmentNode } from '@atrium/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { departments, levelTypes, users } from '../../db/schema/index';
import { byName } from '../../lib/natural-order';

/**
 * Every node of a company's tree in depth-first order (each parent before its children, siblings in
 * natural name order), with its depth (1 for the top level) and the active people whose department it is
 * (a person's department is the deepest node they belong to).
 */
export async function departmentTree(db: Db, companyId: number): Promise<DepartmentNode[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    parent_id: number | null;
    level_type: number;
    depth: number;
    employees_count: number | string;
  }>(
    db,
    sql`
      with recursive tree as (
        select id, name, parent_id, level_type_id, 1 as depth
          from departments
         where company_id = ${companyId} and parent_id is null
        union all
        select d.id, d.name, d.parent_id, d.level_type_id, t.depth + 1
          from departments d join tree t on d.parent_id = t.id
      ),
      heads as (
        select department_id as node, count(*) as n from users
         where company_id = ${companyId} and is_active group by department_id
      )
      select tree.id, tree.name, tree.parent_id, tree.level_type_id as level_type, tree.depth,
             coalesce(heads.n, 0) as employees_count
        from tree left join heads on heads.node = tree.id`,
  );
  return depthFirst(rows.map((row) => ({ ...row, employees_count: Number(row.employees_count) })));
}

/** The nodes of one tree with each parent before its children and siblings in natural name order. */
function depthFirst(nodes: DepartmentNode[]): DepartmentNode[] {
  const children = new Map<number | null, DepartmentNode[]>();
  for (const node of nodes) {
    const siblings = children.get(node.parent_id);
    if (siblings) siblings.push(node);
    else children.set(node.parent_id, [node]);
  }
  const ordered: DepartmentNode[] = [];
  // An explicit stack (siblings pushed last first): a deep tree must not cost a call frame per level.
  const stack: DepartmentNode[] = [];
  const pushSorted = (siblings: DepartmentNode[] = []) => {
    siblings.sort(byName);
    for (let i = siblings.length - 1; i >= 0; i--) stack.push(siblings[i] as DepartmentNode);
  };
  pushSorted(children.get(null));
  for (let node = stack.pop(); node; node = stack.pop()) {
    ordered.push(node);
    pushSorted(children.get(node.id));
  }
  return ordered;
}

/**
 * The subtree under `rootId` of a depth-first tree, the root first at depth 1: the nodes right after the
 * root that sit deeper than it. Empty when the tree has no such node.
 */
export function subtree(tree: DepartmentNode[], rootId: number): DepartmentNode[] {
  const start = tree.findIndex((node) => node.id === rootId);
  const root = tree[start];
  if (!root) return [];
  let end = start + 1;
  while (end < tree.length && (tree[end] as DepartmentNode).depth > root.depth) end++;
  return tree.slice(start, end).map((node) => ({ ...node, depth: node.depth - root.depth + 1 }));
}

export function levelTypesOf(db: Db, companyId: number) {
  return db
    .select({ id: levelTypes.id, name: levelTypes.name, depth: levelTypes.depth })
    .from(levelTypes)
    .where(eq(levelTypes.companyId, companyId))
    .orderBy(asc(levelTypes.depth));
}

/** The company (and department) of a node, or undefined when there is no such node. */
export async function findNode(db: Db, nodeId: number) {
  const [node] = await db
    .select({ id: departments.id, companyId: departments.companyId })
    .from(departments)
    .where(eq(departments.id, nodeId));
  return node;
}

/** A user's company and department (null when they have none), or undefined when there is no such user. */
export async function placementOf(db: Db, userId: number) {
  const [user] = await db
    .select({ companyId: users.companyId, departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** The nodes of a company's tree that a department sits in, from the top of the tree down to it. */
export function chainTo(tree: DepartmentNode[], departmentId: number): DepartmentNode[] {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const chain: DepartmentNode[] = [];
  for (
    let node = byId.get(departmentId);
    node;
    node = node.parent_id ? byId.get(node.parent_id) : undefined
  ) {
    chain.unshift(node);
  }
  return chain;
}
