import { GROUP_HR, GROUP_USER } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, queryRows } from '../src/db/client';
import { companyHrWithOpenSteps } from '../src/modules/tasks/routing';
import { openTestDatabase } from './database';
import { planOf, walk } from './query-plan';

/**
 * Every request routed through HR reads the company's HR and counts each one's open steps. At a
 * realistic size (20,000 people in the company's user group, 6 of them HR; 12,000 requests of two steps,
 * some done, some skipped, each HR person holding hundreds of open steps), made in SQL and then VACUUM
 * ANALYZE, both must be read from indexes alone: no scan of user_groups, no visit to the steps' rows.
 * The assertion is on the plan's shape, never on its timing; PGlite's planner is PostgreSQL's.
 */
let database: Database;
let db: Db;
let companyId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await db.transaction(async (tx) => {
    const run = (query: string) => tx.execute(sql.raw(query));
    const [company] = await queryRows<{ id: number }>(
      tx,
      sql`insert into companies (name) values ('Routing Inc') returning id`,
    );
    companyId = company!.id;
    await run(`insert into users (email, first_name, last_name, company_id)
      select 'person' || n || '@routing.test', 'First' || n, 'Last' || n, ${companyId}
        from generate_series(1, 20000) n`);
    await run(`insert into user_groups (user_id, company_id, group_id)
      select id, ${companyId}, ${GROUP_USER} from users where company_id = ${companyId}`);
    await run(`insert into user_groups (user_id, company_id, group_id)
      select id, ${companyId}, ${GROUP_HR} from users where company_id = ${companyId} order by id limit 6`);
    await run(`insert into chats (kind, created_at) select 'task', now() from generate_series(1, 12000)`);
    const first = `(select min(id) from users where company_id = ${companyId})`;
    await run(`insert into tasks (company_id, name, manager_id, user_id, chat_id, created_at, updated_at)
      select ${companyId}, 'Request ' || c.id, ${first} + c.id % 20000, ${first} + c.id % 20000, c.id, now(), now()
        from chats c`);
    // Steps: the first goes to someone's manager, the second to one of the six HR people, unevenly.
    await run(`insert into tasks (company_id, parent_task_id, name, manager_id, user_id, p, chat_id,
        completed, skipped, created_at, updated_at)
      select r.company_id, r.id, 'Step ' || s, r.manager_id,
             case when s = 1 then ${first} + 6 + (r.id * 7) % 19994 else ${first} + (r.id * r.id) % 7 % 6 end,
             s, r.chat_id, r.id % 3 = 0, r.id % 5 = 0, now(), now()
        from tasks r, generate_series(1, 2) s where r.company_id = ${companyId} and r.parent_task_id is null`);
  });
  await db.execute(sql`vacuum analyze`);
}, 60_000);
afterAll(() => database?.close());

describe("routing's HR pick", () => {
  it("reads the company's HR and their open steps from indexes alone", async () => {
    const plan = await planOf(db, companyHrWithOpenSteps(db, companyId).toSQL());
    const scans = [...walk(plan)]
      .filter((node) => node['Relation Name'])
      .map((node) => `${node['Node Type']} on ${node['Relation Name']} ${node['Index Name'] ?? ''}`.trim());
    expect(scans).toEqual([
      'Index Scan on user_groups user_groups_company_group_idx',
      'Index Only Scan on tasks tasks_open_steps_idx',
    ]);
  });

  it("counts each HR person's own open steps, not their done or skipped ones, nor anyone else's", async () => {
    const hr = await companyHrWithOpenSteps(db, companyId);
    const expected = await queryRows<{ id: number; open: number }>(
      db,
      sql`select ug.user_id as id, count(t.id)::int as open
            from user_groups ug
            left join tasks t on t.user_id = ug.user_id and t.parent_task_id is not null
                             and not t.completed and not t.skipped
           where ug.company_id = ${companyId} and ug.group_id = ${GROUP_HR} group by ug.user_id`,
    );
    const byId = (rows: { id: number }[]) => [...rows].sort((a, b) => a.id - b.id);
    expect(byId(hr)).toEqual(byId(expected.map(({ id, open }) => ({ id, openSteps: open }))));
    expect(new Set(hr.map((person) => person.openSteps)).size).toBeGreaterThan(1);
  });
});
