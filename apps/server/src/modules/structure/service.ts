import type { DepartmentNode } from '@atrium/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { departments, levelTypes, users } from '../../db/schema/index';

/**
 * Every node of a company's tree (or of the subtree under `rootId`) in depth-first order (each parent before its children, siblings by
 * name), with its depth (1 for the top level) and the active people whose department it is (a person's
 * department is the deepest node they belong to).
 */
export async function departmentTree(db: Db, companyId: number, rootId?: number): Promise<DepartmentNode[]> {
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
        select id, name, parent_id, level_type_id, 1 as depth, array[name::text, id::text] as path
          from departments
         where company_id = ${companyId} and ${rootId === undefined ? sql`parent_id is null` : sql`id = ${rootId}`}
        union all
        select d.id, d.name, d.parent_id, d.level_type_id, t.depth + 1, t.path || array[d.name::text, d.id::text]
          from departments d join tree t on d.parent_id = t.id
      ),
      heads as (
        select department_id as node, count(*) as n from users
         where company_id = ${companyId} and is_active group by department_id
      )
      select tree.id, tree.name, tree.parent_id, tree.level_type_id as level_type, tree.depth,
             coalesce(heads.n, 0) as employees_count
        from tree left join heads on heads.node = tree.id
       order by tree.path`,
  );
  return rows.map((row) => ({ ...row, employees_count: Number(row.employees_count) }));
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

/** The nodes a user belongs to, from the top of the tree down to their department. */
export async function userTree(db: Db, userId: number): Promise<DepartmentNode[]> {
  const [user] = await db
    .select({ companyId: users.companyId, departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.departmentId) return [];
  const nodes = await departmentTree(db, user.companyId);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const chain: DepartmentNode[] = [];
  for (
    let node = byId.get(user.departmentId);
    node;
    node = node.parent_id ? byId.get(node.parent_id) : undefined
  ) {
    chain.unshift(node);
  }
  return chain;
}
