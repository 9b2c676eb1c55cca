import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, queryRows } from '../src/db/client';
import { threadPageStatement } from '../src/modules/chats/service';
import { openTestDatabase } from './database';
import { planOf, walk } from './query-plan';

/**
 * A page of a chat's threads must read its messages and likes by key, whatever the other chats hold:
 * 300 chats of 30 messages and one of 500 (a third of the messages answers, up to three likes each), made
 * in SQL, then VACUUM ANALYZE. The assertion is on the plan's shape, never on its timing. Both engines
 * run it: PGlite's planner is PostgreSQL's.
 */
let database: Database;
let db: Db;
let bigChat = 0;
let viewer = 0;
/** A top-level message of the big chat with older threads behind it, for `before`. */
let midThread = 0;

/** How the page's plan reads each table: node type and index name of every scan of it. */
async function scansOf(before: number | null) {
  const plan = await planOf(db, new PgDialect().sqlToQuery(threadPageStatement(bigChat, viewer, 20, before)));
  const scans: Record<string, string[]> = {};
  for (const node of walk(plan)) {
    const table = node['Relation Name'];
    if (!table) continue;
    scans[table] = [...(scans[table] ?? []), `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim()];
  }
  return scans;
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await db.transaction(async (tx) => {
    const run = (query: string) => tx.execute(sql.raw(query));
    await run(`insert into companies (name) values ('Chats Inc')`);
    await run(`insert into users (email, first_name, last_name, company_id)
      select 'person' || n || '@chats.test', 'First' || n, 'Last' || n, (select max(id) from companies)
        from generate_series(1, 5000) n`);
    await run(`insert into chats (kind, created_at) select 'post', now() from generate_series(1, 301)`);
    // Each chat's messages in time order; every third one after the first few answers an earlier one.
    await run(`insert into chat_messages (chat_id, user_id, message, created_at)
      select c.id, (select min(id) from users) + (c.id * 7 + n) % 5000, 'Message ' || n,
             now() - interval '1 minute' * (600 - n)
        from chats c, generate_series(1, 500) n
       where n <= case when c.id = (select max(id) from chats) then 500 else 30 end`);
    await run(`update chat_messages m set reply_to_id = (
        select o.id from chat_messages o where o.chat_id = m.chat_id and o.id < m.id - 2 order by o.id desc limit 1)
      where m.id % 3 = 0`);
    await run(`insert into chat_message_likes (message_id, user_id, created_at)
      select m.id, (select min(id) from users) + (m.id + k * 13) % 5000, now()
        from chat_messages m, generate_series(1, 3) k where (m.id + k) % 4 <> 0`);
  });
  await db.execute(sql`vacuum analyze`);
  const [big] = await queryRows<{ chat: number; viewer: number }>(
    db,
    sql`select max(chat_id) as chat, min(user_id) as viewer from chat_messages`,
  );
  bigChat = big!.chat;
  viewer = big!.viewer;
  const [mid] = await queryRows<{ id: number }>(
    db,
    sql`select id from chat_messages where chat_id = ${bigChat} and reply_to_id is null
         order by created_at desc, id desc offset 100 limit 1`,
  );
  midThread = mid!.id;
}, 60_000);
afterAll(() => database?.close());

describe("a page of a chat's threads", () => {
  it('reads the newest threads from the threads index, and replies, likes and authors by key', async () => {
    for (const before of [null, midThread]) {
      const scans = await scansOf(before);
      const all = Object.values(scans).flat();
      expect(
        all.filter((scan) => scan.includes('Seq Scan')),
        JSON.stringify(scans),
      ).toEqual([]);
      expect(scans.chat_messages?.some((scan) => scan.includes('chat_messages_threads_idx'))).toBe(true);
      expect(scans.chat_message_likes?.every((scan) => scan.startsWith('Index'))).toBe(true);
    }
  });

  it('answers the newest threads and counts those behind them', async () => {
    const rows = await queryRows<{ id: number | null; reply_to_id: number | null; earlier: number }>(
      db,
      threadPageStatement(bigChat, viewer, 20, midThread),
    );
    const [{ n: older } = { n: 0 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from chat_messages where chat_id = ${bigChat} and reply_to_id is null`,
    );
    const threads = rows.filter((row) => row.reply_to_id === null);
    expect(threads).toHaveLength(20);
    expect(rows[0]!.earlier).toBe(older - 101 - 20);
  });
});
