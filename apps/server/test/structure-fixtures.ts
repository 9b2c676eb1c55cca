import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Adds `count` departments named `${name} 1` to `${name} <count>` under the first division of the first
 * company, as a large company has: for the lists and answers that must hold thousands of nodes.
 */
export async function addDepartments(db: Db, count: number, name: string) {
  await db.execute(sql`
    insert into departments (company_id, parent_id, level_type_id, name)
    select d.company_id, d.id, l.id, ${name} || ' ' || n
      from (select * from departments where parent_id is null order by id limit 1) d
      join company_level_types l on l.company_id = d.company_id and l.name = 'Department'
     cross join generate_series(1, ${count}::int) n`);
}
