import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { withPlannedRowMapping } from './row-mapper';

/**
 * A statement Drizzle builds once per database handle and then only runs with new values
 * (`sql.placeholder`). Building a select with its joins and subqueries took 0.3–0.7 ms of the server's
 * CPU, as long as PostgreSQL takes to run it: for the statement every request of a hot route sends
 * (issue 11), once is enough. `name` also names the prepared statement on each PostgreSQL connection.
 * A transaction is a handle of its own: its statements are built once per transaction. Its rows are
 * mapped by a plan made once too (row-mapper.ts).
 */
export function preparedOnce<Query>(name: string, build: (db: Db, name: string) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = withPlannedRowMapping(build(db, name));
      built.set(db, query);
    }
    return query;
  };
}

/**
 * `preparedOnce` for a family of statements whose shape a request picks (a task list's view, tab and
 * order): each name is built from the shape of the first request that asks for it, and once only.
 */
export function preparedFamily<Shape, Query>(build: (db: Db, shape: Shape, name: string) => Query) {
  const statements = new Map<string, (db: Db) => Query>();
  return (name: string, shape: Shape): ((db: Db) => Query) => {
    let statement = statements.get(name);
    if (!statement) {
      statement = preparedOnce(name, (db, statementName) => build(db, shape, statementName));
      statements.set(name, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * `preparedOnce` for raw SQL, a statement Drizzle's builders cannot write (an insert inside a CTE, a
 * pg_notify): its text built once, then run with new values (`sql.placeholder`), answering its rows.
 * `db.execute` builds the text and a prepared query anew at every call: on a comment's three statements
 * that was ~7% of the embedded server's time (docs/performance.md).
 */
export function preparedSql<Row>(name: string, query: SQL) {
  const text = dialect.sqlToQuery(query);
  const statement = preparedOnce(name, (db, statementName) =>
    db._.session.prepareQuery(text, undefined, statementName, false),
  );
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await statement(db).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
