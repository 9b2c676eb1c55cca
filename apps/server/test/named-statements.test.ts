import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresPoolConfig } from '../src/db/client';
import { NAMED_PER_CONNECTION, NamingClient, statementName } from '../src/db/named-statements';
import { testEngine } from './database';

/**
 * Issue 11: planning the app's joins cost more than running them, so each connection prepares a
 * statement once (docs/performance.md, third pass). What PostgreSQL holds prepared on the connection is
 * read from pg_prepared_statements.
 */
describe.skipIf(testEngine() !== 'postgres')("the app's PostgreSQL connections", () => {
  let client: NamingClient;
  const prepared = async () => {
    const result = await client.query('select name from pg_prepared_statements');
    return result.rows.map((row: { name: string }) => row.name);
  };

  beforeEach(async () => {
    client = new NamingClient({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterEach(() => client.end());

  it('are the naming clients', () => {
    expect(postgresPoolConfig('postgres://db/x').Client).toBe(NamingClient);
  });

  it("keep a connection, and what it has prepared, through a quiet spell longer than pg's 10 s", async () => {
    const pool = new pg.Pool(postgresPoolConfig(process.env.TEST_DATABASE_URL as string));
    try {
      const backend = async () => (await pool.query('select pg_backend_pid() as pid')).rows[0].pid;
      const before = await backend();
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      expect(await backend()).toBe(before);
    } finally {
      await pool.end();
    }
  }, 20_000);

  it('prepare a statement with parameters once, named after its text, and reuse it', async () => {
    const text = 'select $1::int + 1 as n';
    const first = await client.query({ text, values: [1] });
    const second = await client.query({ text, values: [41] });
    expect([first.rows[0].n, second.rows[0].n]).toEqual([2, 42]);
    expect(await prepared()).toEqual([statementName(text)]);
  });

  it('leave statements without parameters unprepared, several in one text too', async () => {
    await client.query({ text: 'select 1; select 2' });
    await client.query('select $1::int', [1]); // the string form is not Drizzle's: left as it is
    expect(await prepared()).toEqual([]);
  });

  it(`keep at most ${NAMED_PER_CONNECTION} statements prepared per connection, and still run the rest`, async () => {
    for (let i = 0; i <= NAMED_PER_CONNECTION; i++) {
      const result = await client.query({ text: `select $1::int + ${i} as n`, values: [1] });
      expect(result.rows[0].n).toBe(i + 1);
    }
    expect(await prepared()).toHaveLength(NAMED_PER_CONNECTION);
  });

  describe("describe a prepared statement's rows once per connection", () => {
    const describes = () => {
      const connection = (client as unknown as { connection: { describe: (...args: unknown[]) => void } })
        .connection;
      const describe = connection.describe.bind(connection);
      const sent = { count: 0 };
      connection.describe = (...args) => {
        sent.count++;
        describe(...args);
      };
      return sent;
    };
    const text = 'select $1::int as n, $1::text || $2::text as label, null::date as never';

    it('and later runs parse their rows from that first description', async () => {
      const sent = describes();
      const results = [];
      for (const [n, suffix] of [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ])
        results.push((await client.query({ text, values: [n, suffix] })).rows[0]);
      expect(results).toEqual([
        { n: 1, label: '1a', never: null },
        { n: 2, label: '2b', never: null },
        { n: 3, label: '3c', never: null },
      ]);
      expect(sent.count).toBe(1);
    });

    it('also when the statement comes named, as Drizzle sends one it built once', async () => {
      const sent = describes();
      const rows = [];
      for (const n of [1, 2, 3])
        rows.push(...(await client.query({ name: 'twice', text, values: [n, '!'] })).rows);
      expect(rows.map((row) => row.label)).toEqual(['1!', '2!', '3!']);
      expect(await prepared()).toEqual(['twice']);
      expect(sent.count).toBe(1);
    });

    it("with each run's own row mode and type parsers", async () => {
      const sent = describes();
      const tagged = { getTypeParser: (oid: number) => (raw: string) => `${oid}:${raw}` };
      const plain = await client.query({ text, values: [1, 'x'] });
      const asArray = await client.query({ text, values: [2, 'y'], rowMode: 'array' });
      const ownTypes = await client.query({ text, values: [3, 'z'], types: tagged });
      const plainAgain = await client.query({ text, values: [4, 'w'] });
      expect(plain.rows).toEqual([{ n: 1, label: '1x', never: null }]);
      expect(asArray.rows).toEqual([[2, '2y', null]]);
      expect(ownTypes.rows).toEqual([{ n: '23:3', label: '25:3z', never: null }]);
      expect(plainAgain.rows).toEqual([{ n: 4, label: '4w', never: null }]);
      expect(plainAgain.fields.map((field: { name: string }) => field.name)).toEqual(['n', 'label', 'never']);
      expect(sent.count).toBe(1);
    });

    it('and keep the connection working after a run fails, in PostgreSQL or before it is sent', async () => {
      const divide = 'select 10 / $1::int as q';
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await expect(client.query({ text: divide, values: [circular] })).rejects.toThrow(/circular/i);
      expect((await client.query({ text: divide, values: [2] })).rows).toEqual([{ q: 5 }]);
      await expect(client.query({ text: divide, values: [0] })).rejects.toThrow(/division by zero/);
      await expect(client.query({ text: divide, values: [circular] })).rejects.toThrow(/circular/i);
      expect((await client.query({ text: divide, values: [5] })).rows).toEqual([{ q: 2 }]);
    });

    it('and answer a failed run once, as a pool relies on to take its connection back', async () => {
      const answers: unknown[] = [];
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await new Promise<void>((resolve) => {
        client.query({ text: 'select $1::json as j', values: [circular] }, (error: Error | null) => {
          answers.push(error?.message);
          resolve();
        });
      });
      await client.query({ text: 'select $1::int as n', values: [1] });
      expect(answers).toHaveLength(1);
      expect(String(answers[0])).toMatch(/circular/i);
    });

    it('run statements without rows again and again', async () => {
      await client.query('create temporary table notes (body text)');
      const insert = 'insert into notes (body) values ($1)';
      for (const body of ['one', 'two', 'three']) await client.query({ text: insert, values: [body] });
      const counted = await client.query({
        text: 'select count(*)::int as n from notes where body <> $1',
        values: [''],
      });
      expect(counted.rows).toEqual([{ n: 3 }]);
    });
  });
});
