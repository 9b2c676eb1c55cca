import type { DepartmentNode } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * Every node of a company's tree in depth-first order (each parent before its children, siblings by
 * name), with its depth (1 for the top level) and the active people whose department it is (a person's
 * department is the deepest node they belong to).
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
        select id, name, parent_id, level_type_id, 1 as depth, array[name::text, id::text] as path
          from departments where company_id = ${companyId} and parent_id is null
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
