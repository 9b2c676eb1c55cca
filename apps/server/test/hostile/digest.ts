import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/db/client';

/** The digest of each table: whether a request changed any row of it, whatever the change. */
type Digest = Map<string, string>;

/** The application's tables (the schema `public`). */
async function applicationTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** One md5 per table over all its rows in a fixed order: a row added, removed or changed shows. */
async function digest(db: Db, tables: string[]): Promise<Digest> {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(table)} t`,
  );
  const rows = await queryRows<{ name: string; hash: string }>(db, sql.join(parts, sql` union all `));
  return new Map(rows.map((row) => [row.name, row.hash]));
}

/**
 * The next transaction id the server will assign. A transaction that writes nothing gets none, so an
 * unchanged mark proves that nothing was written; a changed one (a write rolled back, a sequence
 * advanced, another database of the same server) only sends the watch to compare the digests.
 */
async function writeMark(db: Db): Promise<string> {
  const [row] = await queryRows<{ xmax: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  );
  return row?.xmax ?? '';
}

/** Watches every table of the application for changes between one request and the next. */
export async function watchTables(db: Db) {
  const tables = await applicationTables(db);
  let mark = await writeMark(db);
  let last = await digest(db, tables);
  return {
    /** Takes the current state as the one to compare with (after requests whose changes are allowed). */
    async reset() {
      mark = await writeMark(db);
      last = await digest(db, tables);
    },
    /** The tables changed since the last call (or reset), less those a refused request may write by design. */
    async changedTables(mayWrite: readonly string[] = []): Promise<string[]> {
      const now = await writeMark(db);
      if (now === mark) return [];
      mark = now;
      const before = last;
      last = await digest(db, tables);
      return tables.filter((table) => before.get(table) !== last.get(table) && !mayWrite.includes(table));
    },
  };
}
