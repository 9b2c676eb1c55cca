import { createHash } from 'node:crypto';
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
 * text is the same statement on every connection. Statements without parameters (migrations, DDL, one
 * statement or several) keep the simple protocol.
 */
export class NamingClient extends pg.Client {
  readonly #named = new Set<string>();

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
    if (isUnnamedConfig(config)) {
      const params = Array.isArray(values) ? values : config.values;
      if (Array.isArray(params) && params.length > 0) {
        const name = statementName(config.text);
        if (this.#named.has(name) || this.#named.size < NAMED_PER_CONNECTION) {
          this.#named.add(name);
          return forward({ ...config, name }, values, callback);
        }
      }
    }
    return forward(config, values, callback);
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

function isUnnamedConfig(config: unknown): config is { text: string; name?: string; values?: unknown[] } {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof c.text === 'string' && c.name === undefined && typeof c.submit !== 'function';
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
