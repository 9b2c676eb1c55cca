import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../apps/server/src/db/client';

/** Rows per statement: large enough to be fast, small enough to keep each statement's arrays modest. */
const CHUNK = 10_000;

/**
 * Inserts rows with one array parameter per column (`insert … select * from unnest($1::text[], …)`).
 * That is several times faster than multi-row VALUES (no per-value SQL to build, no 65,535 bind-parameter
 * limit) and behaves the same on PGlite and PostgreSQL. Every row must have the keys of the first row.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  { ignoreConflicts = false } = {},
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => key in columns);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const arrays = keys.map((key) => {
      const column = columns[key] as (typeof columns)[string];
      const values = chunk.map((row) => {
        const value = (row as Record<string, unknown>)[key];
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      });
      return sql`${sql.param(values)}::${sql.raw(arrayType(column.getSQLType()))}`;
    });
    const names = keys.map((key) => sql.identifier((columns[key] as (typeof columns)[string]).name));
    await db.execute(
      sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})${
        ignoreConflicts ? sql` on conflict do nothing` : sql``
      }`,
    );
  }
}

function arrayType(sqlType: string): string {
  if (sqlType === 'serial') return 'integer[]';
  return `${sqlType}[]`;
}

/**
 * Takes `count` ids from a table's id sequence, so that rows (and the rows that point at them, such as
 * manager links) can be built in memory before they are inserted. Safe beside concurrent inserts.
 */
export async function reserveIds(db: Db, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}
