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
});
