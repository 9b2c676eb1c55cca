import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { NAMED_PER_CONNECTION, statementName } from './named-statements';

const DUPLICATE_PREPARED_STATEMENT = '42P05';
/** The protocol's unnamed statement: parsed, run and replaced by the next one. */
const UNNAMED = '';

/** What Drizzle's PGlite driver calls on its client. */
type QueryClient = Pick<PGlite, 'query'>;
type Parsers = Parameters<typeof parse.parseResults>[1];
export type NamingPglite = QueryClient & Pick<PGlite, 'transaction'>;

/**
 * PGlite with each statement that has parameters prepared once, as NamingClient does on PostgreSQL
 * (issue 11). PGlite's own query() parses and plans every statement afresh and talks to its engine six
 * times per statement (Parse, Describe, Bind, Describe, Execute, Sync, each a call into WebAssembly):
 * planning the profile's look-up took 4 ms of the 10,000-person company's 4.5. Here a statement is parsed
 * once under a name (with its parameter types, which PGlite needs to write the values), then each run is
 * one call: Bind, Describe, Execute, Sync. A statement without parameters is parsed and run in one call
 * (unnamed, as PostgreSQL's own simple query does). Past NAMED_PER_CONNECTION shapes, statements with
 * parameters go through query().
 *
 * It holds the locks PGlite's query() holds: outside a transaction both its transaction and query locks,
 * so that no statement lands inside another request's open transaction; inside one, the query lock.
 */
export function namingPglite(pglite: PGlite): NamingPglite {
  const paramTypes = new Map<string, number[]>();
  const withParsers = parsersOver(pglite);

  /** Runs the statement in one call: prepared under `name`, or parsed on the spot when it is UNNAMED. */
  async function run<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const parsed = name === UNNAMED ? [protocol.serialize.parse({ text })] : [];
    const values = name === UNNAMED ? [] : await valuesOf(name, text, params, options);
    const messages = await pglite.execProtocolStream(
      concat([
        ...parsed,
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, ...withParsers(options))[0] as Results<T>;
  }

  /** The parameters as the prepared statement's types write them, preparing it the first time. */
  async function valuesOf(name: string, text: string, params: unknown[], options: QueryOptions | undefined) {
    let types = paramTypes.get(name);
    if (types === undefined) {
      types = await prepare(name, text, options);
      paramTypes.set(name, types);
    }
    const statementTypes = types;
    return params.map((value, i) => serialize(pglite, value, statementTypes[i], options));
  }

  /** Parses the statement under its name; its parameters' types. */
  async function prepare(name: string, text: string, options: QueryOptions | undefined): Promise<number[]> {
    const describe = [protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()];
    try {
      const parsed = [protocol.serialize.parse({ name, text, types: options?.paramTypes }), ...describe];
      return parse.parseDescribeStatementResults(
        await pglite.execProtocolStream(concat(parsed), { syncToFs: false }),
      );
    } catch (error) {
      // Prepared by another client of the same PGlite (its name is its text's): describe that one.
      if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
      return parse.parseDescribeStatementResults(
        await pglite.execProtocolStream(concat(describe), { syncToFs: false }),
      );
    }
  }

  /**
   * The statement's name when it runs here: UNNAMED without parameters (nothing to prepare: the version
   * read of every directory request), else its own while there is room or it is kept; undefined past
   * that, for PGlite's query().
   */
  function nameOf(text: string, params: unknown[] | undefined): string | undefined {
    if (!params?.length) return UNNAMED;
    const name = statementName(text);
    return paramTypes.has(name) || paramTypes.size < NAMED_PER_CONNECTION ? name : undefined;
  }

  function inTransaction(tx: Transaction): Transaction {
    return {
      ...tx,
      query: <T>(text: string, params?: unknown[], options?: QueryOptions) => {
        const name = tx.closed ? undefined : nameOf(text, params);
        return name !== undefined
          ? pglite.runExclusive(() => run<T>(name, text, params as unknown[], options))
          : tx.query<T>(text, params, options);
      },
      get closed() {
        return tx.closed;
      },
    };
  }

  return {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      const name = nameOf(text, params);
      if (name === undefined) return pglite.query<T>(text, params, options);
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          const result = await run<T>(name, text, params as unknown[], options);
          await pglite.syncToFs();
          return result;
        }),
      );
    },
    transaction: (callback) => pglite.transaction((tx) => callback(inTransaction(tx))),
  };
}

/** A value as PGlite's query() writes it: by the serializer of the parameter's type, else as text. */
function serialize(
  pglite: PGlite,
  value: unknown,
  type: number | undefined,
  options: QueryOptions | undefined,
) {
  if (value === null || value === undefined) return null;
  const serializer =
    type === undefined ? undefined : (options?.serializers?.[type] ?? pglite.serializers[type]);
  return serializer ? serializer(value) : String(value);
}

/**
 * The type parsers and options for parseResults. Given a query's own parsers (Drizzle passes nine, for
 * dates and intervals, with every statement), parseResults copies PGlite's 363 into a new object with them
 * on every call: 240 µs for a one-row answer, more than running the statement. Here they lie over
 * PGlite's (a parser is looked up by its type id, and the prototype answers for the rest), layered once
 * for each parsers object a query gives: a statement built once (db/prepared.ts) gives the same one.
 */
function parsersOver(pglite: PGlite) {
  const layered = new WeakMap<object, Parsers>();
  return (options: QueryOptions | undefined): [Parsers, QueryOptions | undefined] => {
    if (!options?.parsers) return [pglite.parsers, options];
    let parsers = layered.get(options.parsers);
    if (!parsers) {
      parsers = Object.assign(Object.create(pglite.parsers), options.parsers) as Parsers;
      layered.set(options.parsers, parsers);
    }
    return [parsers, { ...options, parsers: undefined }];
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}
