import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
type Row = Record<string, unknown>;

/** A column of the selection, with what Drizzle would decide about it at every row, decided once. */
type PlannedColumn = { parents: string[]; key: string; decoder: Decoder };

/** The nested objects of a row's shape, in the order Drizzle creates them: a key's value or an object. */
type Shape = Map<string, number | Shape>;

/**
 * Maps the rows of one selection as Drizzle's `mapResultRow` does, with what does not change from row to
 * row decided once: each column's decoder (Drizzle asks `is()`, which walks the field's class chain, up
 * to three times a column a row), which nested objects of left-joined tables become null, and the shape
 * of a row. The plan is compiled into a function that builds each row as one object literal, as
 * fast-json-stringify compiles a writer (decision 0031). A page of the exec task list (20 rows of 29
 * columns) took 103 µs to map with Drizzle's mapping and 41 µs with the plan walked row by row; on a
 * later, faster host the walk took 23 µs and the compiled plan 7-8. Columns whose decoder returns the
 * driver's value as it is are copied without a call.
 *
 * Drizzle's rule for a nested object `{ manager: { id: creator.id, … } }`: it is null when its first
 * column is null, every column in it comes from one table, and that table may be missing (a left
 * join, `joinsNotNullableMap[table]` false).
 */
export function planRowMapping(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Row[] {
  const columns: PlannedColumn[] = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1] as string,
    decoder: decoderOf(field),
  }));
  const nullable = joinsNotNullableMap ? nullableObjects(fields, joinsNotNullableMap) : [];

  const shape: Shape = new Map();
  columns.forEach(({ parents, key }, i) => {
    let node = shape;
    for (const parent of parents) {
      const child = node.get(parent);
      if (child instanceof Map) node = child;
      else {
        const created: Shape = new Map();
        node.set(parent, created);
        node = created;
      }
    }
    node.set(key, i);
  });
  const decoders = columns.map(({ decoder }) => decoder);
  const value = (i: number) =>
    isIdentity(decoders[i] as Decoder)
      ? `row[${i}]`
      : `((v = row[${i}]) === null ? null : d[${i}].mapFromDriverValue(v))`;
  const literal = (node: Shape): string =>
    `{${[...node].map(([key, item]) => `[${JSON.stringify(key)}]: ${typeof item === 'number' ? value(item) : literal(item)}`).join(', ')}}`;
  const nulling = nullable
    .map(({ name, firstKey }) => {
      const [object, first] = [JSON.stringify(name), JSON.stringify(firstKey)];
      return `if (o[${object}][${first}] === null) o[${object}] = null;`;
    })
    .join(' ');
  // The keys are the selection's own, from the code (never from a request), written as JSON strings and
  // computed, so that even a key named __proto__ would be a property of the row, as in Drizzle's mapping.
  const compiled = new Function(
    'd',
    `return (rows) => { const out = new Array(rows.length); let v;
      for (let r = 0; r < rows.length; r++) { const row = rows[r]; const o = ${literal(shape)}; ${nulling} out[r] = o; }
      return out; };`,
  );
  return compiled(decoders) as (rows: unknown[][]) => Row[];
}

/** A decoder that hands the driver's value back as it is (text, boolean, an SQL without `mapWith`). */
function isIdentity(decoder: Decoder) {
  return (
    decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ||
    decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue
  );
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An SQL's decoder (its `mapWith`) is out of Drizzle's typings.
  const decoderOfSql = (sql: SQL) => (sql as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** The nested objects that Drizzle nulls when their first column is null (see planRowMapping). */
function nullableObjects(fields: readonly SelectedField[], joinsNotNullableMap: Record<string, boolean>) {
  const objects = new Map<string, { table: string | false; firstKey: string }>();
  for (const { path, field } of fields) {
    if (path.length !== 2 || !is(field, Column)) continue;
    const [name, key] = path as [string, string];
    const table = getTableName(field.table);
    const seen = objects.get(name);
    if (!seen) objects.set(name, { table, firstKey: key });
    else if (seen.table !== table) seen.table = false;
  }
  return [...objects]
    .filter(([, { table }]) => table !== false && !joinsNotNullableMap[table])
    .map(([name, { firstKey }]) => ({ name, firstKey }));
}

/** What Drizzle keeps on a prepared select, out of its typings. */
type PreparedInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/**
 * Gives a statement built once (prepared.ts) its planned row mapping. Drizzle calls a prepared query's
 * `customResultMapper`, when it has one, with the rows in place of its own mapping.
 */
export function withPlannedRowMapping<Query>(query: Query): Query {
  if (!(query instanceof PgPreparedQuery)) return query;
  const internals = query as unknown as PreparedInternals;
  if (internals.fields && !internals.customResultMapper) {
    internals.customResultMapper = planRowMapping(internals.fields, internals.joinsNotNullableMap);
  }
  return query;
}
