import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../src/db/client';
import { NAMED_PER_CONNECTION, statementName } from '../src/db/named-statements';
import { type NamingPglite, namingPglite } from '../src/db/pglite-named';
import { testEngine } from './database';

/**
 * Issue 11: PGlite planned every statement afresh, and planning cost it more than running, so the app's
 * PGlite client prepares a statement once (docs/performance.md, fifth pass). What PGlite holds prepared is
 * read from pg_prepared_statements through PGlite's own, unnamed, path.
 */
describe.skipIf(testEngine() !== 'pglite')("the app's PGlite client", () => {
  let pglite: PGlite;
  let client: NamingPglite;
  const prepared = async () =>
    (await pglite.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    );

  beforeAll(async () => {
    pglite = new PGlite(pgliteOptions);
    await pglite.exec(
      'create table notes (id serial primary key, body text not null, tags text[], meta jsonb)',
    );
  });
  afterAll(() => pglite.close());
  beforeEach(async () => {
    await pglite.exec('deallocate all; truncate notes restart identity');
    client = namingPglite(pglite);
  });

  it('prepares a statement with parameters once, named after its text, and reuses it', async () => {
    const text = 'select $1::int + 1 as n';
    const first = await client.query<{ n: number }>(text, [1]);
    const second = await client.query<{ n: number }>(text, [41]);
    expect([first.rows[0]?.n, second.rows[0]?.n]).toEqual([2, 42]);
    expect(await prepared()).toEqual([statementName(text)]);
  });

  it('writes and reads values as PGlite does: arrays, JSON, dates, nulls, in rows or arrays', async () => {
    const insert = 'insert into notes (body, tags, meta) values ($1, $2, $3) returning id';
    await client.query(insert, ['first', ['a', 'b'], { kind: 'memo', n: 1 }]);
    await client.query(insert, ['second', null, null]);
    const select = 'select body, tags, meta, $1::timestamptz as at from notes where id >= $2 order by id';
    const at = new Date('2026-11-20T09:00:00Z');
    const ours = await client.query(select, [at, 1]);
    const theirs = await pglite.query(select, [at, 1]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toEqual({ body: 'first', tags: ['a', 'b'], meta: { kind: 'memo', n: 1 }, at });
    expect(ours.fields).toEqual(theirs.fields);
    const asArrays = await client.query(select, [at, 2], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([['second', null, null, at]]);
  });

  it("reads with a query's own parsers for their types and PGlite's for the rest, as Drizzle asks", async () => {
    // Drizzle's PGlite driver hands dates and intervals back as PostgreSQL wrote them.
    const options = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `as written: ${value}` } };
    const select = 'select $1::timestamptz as at, $2::int as n, $3::int[] as list, $4::jsonb as meta';
    const params = [new Date('2026-11-20T09:00:00Z'), 7, [1, 2], { a: 1 }];
    const ours = await client.query(select, params, options);
    expect(ours.rows).toEqual((await pglite.query(select, params, options)).rows);
    expect(ours.rows[0]).toEqual({
      at: 'as written: 2026-11-20 09:00:00+00',
      n: 7,
      list: [1, 2],
      meta: { a: 1 },
    });
    // The query's parsers stay its own: the next query without them parses dates again.
    expect((await client.query<{ at: Date }>(select, params)).rows[0]?.at).toEqual(params[0]);
  });

  it('reads each query with its own parsers when two sets of parsers for the same type come in turn', async () => {
    // The layered parsers are kept for each parsers object given (a statement built once gives the same
    // one every time): a kept set must never answer for another set of the same types.
    const text = 'select $1::timestamptz as at';
    const params = [new Date('2026-11-20T09:00:00Z')];
    const first = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `first: ${value}` } };
    const second = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `second: ${value}` } };
    const read = async (options: typeof first) =>
      (await client.query<{ at: string }>(text, params, options)).rows[0]?.at;
    expect([await read(first), await read(second), await read(first)]).toEqual([
      'first: 2026-11-20 09:00:00+00',
      'second: 2026-11-20 09:00:00+00',
      'first: 2026-11-20 09:00:00+00',
    ]);
  });

  it('answers a failing statement with its error and keeps serving', async () => {
    await expect(client.query('insert into notes (body) values ($1)', [null])).rejects.toMatchObject({
      code: '23502',
    });
    await expect(client.query('select * from no_such_table where id = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    });
    expect((await client.query('select $1::text as t', ['still here'])).rows).toEqual([{ t: 'still here' }]);
  });

  it('runs the statements of a transaction inside it, and a rolled back one leaves nothing', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into notes (body) values ($1)', ['rolled back']);
        expect(
          (await tx.query('select count(*)::int as n from notes where body = $1', ['rolled back'])).rows,
        ).toEqual([{ n: 1 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await client.transaction((tx) => tx.query('insert into notes (body) values ($1)', ['kept']));
    expect((await client.query('select body from notes where id > $1', [0])).rows).toEqual([
      { body: 'kept' },
    ]);
  });

  it("never runs a statement inside another request's open transaction", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const hasInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into notes (body) values ($1)', ['uncommitted']);
      inserted();
      await held;
      await tx.rollback();
    });
    await hasInserted;
    const outside = client.query<{ n: number }>('select count(*)::int as n from notes where id > $1', [0]);
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false); // it waits for the transaction rather than joining it
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it(`keeps at most ${NAMED_PER_CONNECTION} statements prepared, and still runs the rest`, async () => {
    for (let i = 0; i <= NAMED_PER_CONNECTION; i++) {
      const result = await client.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(result.rows[0]?.n).toBe(i + 1);
    }
    expect(await prepared()).toHaveLength(NAMED_PER_CONNECTION);
  });

  it('shares a prepared statement with another client of the same PGlite', async () => {
    const text = 'select $1::int * 2 as n';
    expect((await client.query<{ n: number }>(text, [2])).rows).toEqual([{ n: 4 }]);
    const other = namingPglite(pglite);
    expect((await other.query<{ n: number }>(text, [5])).rows).toEqual([{ n: 10 }]);
    expect(await prepared()).toEqual([statementName(text)]);
  });

  it('runs statements without parameters unprepared, with their rows, parsers and errors', async () => {
    const text = "select 1 as one, '2026-11-20 09:00:00+00'::timestamptz as at, array[1, 2] as list";
    expect((await client.query(text)).rows).toEqual([
      { one: 1, at: new Date('2026-11-20T09:00:00Z'), list: [1, 2] },
    ]);
    const asWritten = {
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
      rowMode: 'array' as const,
    };
    expect((await client.query(text, [], asWritten)).rows).toEqual([[1, '2026-11-20 09:00:00+00', [1, 2]]]);
    await client.query("insert into notes (body) values ('written')");
    expect((await pglite.query('select body from notes')).rows).toEqual([{ body: 'written' }]);
    await expect(client.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    expect(await prepared()).toEqual([]);
  });
});
