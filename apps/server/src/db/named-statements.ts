import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { createLru } from '../lib/lru';

/**
 * Statements one connection keeps prepared at most. The app sends a few hundred shapes of statement
 * (an `in (…)` list of each length is a shape of its own); past the bound, new shapes run unprepared as
 * before, so a connection's memory in PostgreSQL stays bounded.
 */
export const NAMED_PER_CONNECTION = 300;

/**
 * A pg client that prepares each statement with parameters once per connection (issue 11). PostgreSQL
 * plans an unnamed statement at every execution, and planning the app's joins cost more than running
 * them: the profile's look-up took 4.5 ms to plan and 0.4 ms to run, a task list 2.6 and 1.4
 * (docs/performance.md). A named statement is parsed once, and after five runs PostgreSQL keeps a
 * generic plan when it is no worse than the custom ones. The name is a hash of the text, so the same
 * text is the same statement on every connection, unless Drizzle names it (a statement built once).
 * Statements without parameters (migrations, DDL, one statement or several) keep the simple protocol.
 */
export class NamingClient extends pg.Client {
  readonly #named = new Set<string>();
  readonly #described = new Map<string, Description>();

  readonly #forward = super.query.bind(this) as (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => unknown;

  // pg's query() has many overloads; only the config object form (Drizzle's) is rewritten.
  // biome-ignore lint/suspicious/noExplicitAny: pg's own signature, forwarded as it came
  override query(config: any, values?: any, callback?: any): any {
    const forward = this.#forward;
    this.#batchWrites();
    if (isPlainConfig(config)) {
      const params = Array.isArray(values) ? values : config.values;
      if (Array.isArray(params) && params.length > 0) {
        // A name given is Drizzle's for a statement built once (db/prepared.ts): the hottest ones.
        const name = config.name || statementName(config.text);
        if (this.#named.has(name) || this.#named.size < NAMED_PER_CONNECTION) {
          this.#named.add(name);
          return this.#submit(new DescribedQuery({ ...config, name }, values, callback, this.#described));
        }
      }
    }
    return forward(config, values, callback);
  }

  /** Queues a query object as pg does a config: with a promise for its result unless it has a callback. */
  #submit(query: DescribedQuery) {
    if (query.callback) return this.#forward(query);
    return new Promise((resolve, reject) => {
      query.callback = (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result));
      this.#forward(query);
    });
  }

  /**
   * pg writes each protocol message of a statement (Parse, Bind, Describe, Execute, Sync) to the socket
   * on its own: four or five system calls per statement, a quarter of the server's time in a profile
   * of the profile GET. Corked until the current tick ends, they leave as one write.
   */
  #batchWrites() {
    const stream = (this as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
    if (!stream?.cork || !stream.uncork || stream.writableCorked) return;
    stream.cork();
    process.nextTick(() => stream.uncork?.());
  }
}

type Parser = (raw: string) => unknown;
type TypeSource = { getTypeParser(oid: number, format?: string): Parser };

/** A statement's columns as PostgreSQL described them, and the parsers last built for them. */
type Description = {
  fields: pg.FieldDef[];
  emptyRow: object | null;
  parsers: WeakMap<object, Parser[]>;
};

/** pg's Query and the members of it and its Result that this file reads or sets (pg 8, lib/query.js). */
type PgQuery = pg.Query & {
  name: string;
  text: string;
  values: unknown[];
  binary?: boolean;
  rows?: number;
  portal: string;
  callback?: (error: Error | null, result: unknown) => void;
  _accumulateRows: boolean;
  _canceledDueToError: Error | false;
  _result: pg.Result & { _types: TypeSource; _parsers?: Parser[]; _prebuiltEmptyResultObject: object | null };
  hasBeenParsed(connection: unknown): boolean;
  prepare(connection: unknown): void;
  handleRowDescription(message: { fields: pg.FieldDef[] }): void;
  _getRows(connection: unknown, rows?: number): void;
};
type PgConnection = { bind(config: object): void; sync(): void };
/** pg's own conversion of a parameter (Date, Buffer, array, JSON) into what Bind sends. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};
const PgQuery = pg.Query as unknown as new (config: object, values?: unknown, callback?: unknown) => PgQuery;

/**
 * A named statement run without asking PostgreSQL to describe its rows again. pg sends Describe with
 * every execution and builds the row parsers anew from the answer: for the profile's sixty columns that
 * was 8% of a busy server's time (docs/performance.md, thirteenth pass). A prepared statement's columns
 * cannot change (PostgreSQL refuses to run it if a schema change would change them), so the first
 * answer's description serves every later run on the connection.
 */
class DescribedQuery extends PgQuery {
  readonly #described: Map<string, Description>;

  constructor(config: object, values: unknown, callback: unknown, described: Map<string, Description>) {
    super(config, values, callback);
    this.#described = described;
  }

  override prepare(connection: PgConnection) {
    // pg, given a parameter it cannot convert, closes the statement it has just parsed yet keeps it as
    // parsed, so that every later run on the connection fails; and it answers the caller twice. Converted
    // before anything is sent, such a run sends only Sync, and fails once the connection is ready again.
    try {
      this.values = this.values.map(prepareValue);
    } catch (error) {
      this._canceledDueToError = error as Error;
      connection.sync();
      return;
    }
    const known = this.#described.get(this.name);
    if (!known || !this.#describedOnce || !this.hasBeenParsed(connection)) return super.prepare(connection);
    this.#useDescription(known);
    connection.bind({ portal: this.portal, statement: this.name, values: this.values, binary: this.binary });
    this._getRows(connection, this.rows);
  }

  /** Binary columns or row-by-row portals change what is described: those keep pg's own way. */
  get #describedOnce() {
    return !this.binary && !this.rows;
  }

  override handleRowDescription(message: { fields: pg.FieldDef[] }) {
    super.handleRowDescription(message);
    if (!this.#describedOnce) return;
    // What pg has just built from the description, kept for the runs that will not ask for it.
    const result = this._result;
    this.#described.set(this.name, {
      fields: message.fields,
      emptyRow: result._prebuiltEmptyResultObject,
      parsers: new WeakMap([[result._types, result._parsers ?? []]]),
    });
  }

  /** What handleRowDescription would have set from the answer to Describe. */
  #useDescription(known: Description) {
    const result = this._result;
    const types = result._types;
    let parsers = known.parsers.get(types);
    if (!parsers) {
      parsers = known.fields.map((field) => types.getTypeParser(field.dataTypeID, field.format || 'text'));
      known.parsers.set(types, parsers);
    }
    result.fields = known.fields;
    result._parsers = parsers;
    result._prebuiltEmptyResultObject = known.emptyRow;
    this._accumulateRows = Boolean(this.callback) || this.listenerCount('row') === 0;
  }
}

/** A query config (not a Query object) with a text, named or not. */
function isPlainConfig(config: unknown): config is { text: string; name?: string; values?: unknown[] } {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as { text?: unknown; name?: unknown; submit?: unknown };
  return (
    typeof c.text === 'string' &&
    (c.name === undefined || typeof c.name === 'string') &&
    typeof c.submit !== 'function'
  );
}

/** Names of the texts seen lately: hashing a statement's text on every run cost 1.4% of a profile GET. */
const namesByText = createLru<string, string>(2 * NAMED_PER_CONNECTION);

/** A name PostgreSQL accepts (at most 63 bytes) that differs for different texts. */
export function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `a_${createHash('sha1').update(text).digest('hex')}`;
    namesByText.set(text, name);
  }
  return name;
}
