import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { preparedSql } from '../src/db/prepared';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 11: raw SQL run through `db.execute` is built into text and a prepared query at every call; a hot
 * route's raw statements are built once per database handle instead (db/prepared.ts).
 */
describe('raw SQL prepared once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await queryRows(t.db, sql`create table prepared_notes (id serial primary key, body text not null)`);
  });
  afterAll(() => t.close());

  const store = preparedSql<{ id: number; body: string }>(
    'prepared_sql_store',
    sql`insert into prepared_notes (body) values (${sql.placeholder('body')}) returning id, body`,
  );

  it('builds the statement once for a database handle and runs it with each call’s values', async () => {
    const prepare = vi.spyOn(t.db._.session, 'prepareQuery');
    try {
      const first = await store(t.db, { body: 'first' });
      const second = await store(t.db, { body: 'second' });
      expect([first, second]).toEqual([[{ id: 1, body: 'first' }], [{ id: 2, body: 'second' }]]);
      expect(prepare).toHaveBeenCalledTimes(1);
    } finally {
      prepare.mockRestore();
    }
  });

  it('runs inside a transaction on the transaction’s own handle, and rolls back with it', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        expect(await store(tx, { body: 'in the transaction' })).toEqual([
          { id: 3, body: 'in the transaction' },
        ]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const bodies = await queryRows<{ body: string }>(t.db, sql`select body from prepared_notes order by id`);
    expect(bodies.map((row) => row.body)).toEqual(['first', 'second']);
  });
});
