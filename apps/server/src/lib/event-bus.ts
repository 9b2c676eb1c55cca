import { randomUUID } from 'node:crypto';
import type { LIVE_EVENT_TYPES, LiveEvent } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';
import { preparedSql } from '../db/prepared';

/** The PostgreSQL channel every API process of one database listens on (migration 0015 names it too). */
export const EVENTS_CHANNEL = 'atrium_events';
/** Where the people version's moves are told, the new version as the payload (migration 0021). */
export const PEOPLE_CHANNEL = 'atrium_people';
/** Where a write that can change a kept work answer (decision 0038) is told, its transaction as the payload (migration 0029). */
export const WORK_CHANNEL = 'atrium_work';
/** The listening connection's name in pg_stat_activity, for an operator (and a test) to tell it apart. */
export const LISTENER_NAME = 'atrium listener';

/**
 * Who may receive an event: the members of a company (a post and its comments), or named people (a
 * request's participants, the one a notification is for).
 */
export type Audience = { companyId: number } | { userIds: number[] };

/** A change, ids only (a NOTIFY payload must stay under 8000 bytes), with who may hear of it. */
export type BusEvent = Omit<LiveEvent, 'type'> & {
  type: (typeof LIVE_EVENT_TYPES)[number];
  audience: Audience;
};

/**
 * The sessions of these users (of everyone, when none are named) were ended or changed: each process drops
 * its cached copies (modules/auth/session-cache.ts). Raised by database triggers on EVENTS_CHANNEL
 * (migration 0015_sessions_changed), never by the app, and never sent to a browser.
 */
export type SessionsChanged = { type: 'sessions.changed'; userIds?: number[] };

export type BusListener = {
  event(event: BusEvent): void;
  /** The listening connection was lost and is back: events of the gap are gone, so refetch. */
  gap(): void;
  /** Only the session cache listens to these; they never reach `event`. */
  sessionsChanged?(event: SessionsChanged): void;
  /** The people version moved to `version` (decision 0030); only lib/people-version.ts listens. */
  peopleChanged?(version: string): void;
  /** Work was written by transaction `transaction` (decision 0038); only lib/work-version.ts listens. */
  workChanged?(transaction: string): void;
};

export type EventBus = {
  /** Tells every API process on the database. Call it after the write commits; it never throws. */
  publish(event: BusEvent): Promise<void>;
  /** Listens to the events of every process; returns the function that stops listening. */
  subscribe(listener: BusListener): () => void;
  /**
   * Where this process is in the events it hears: a tag of the process and a count of the events and gaps
   * so far. Two equal positions mean that no event reached this process in between, so an answer read at
   * the position an event stream started at cannot have missed an event that the stream will not carry.
   */
  position(): string;
  /**
   * Whether this process hears every notice now: false from the moment its listening connection is
   * known to be lost until it is back (the `gap` then). PGlite's own listeners are never lost.
   */
  connected(): boolean;
  close(): Promise<void>;
};

type Log = { warn(details: object, message: string): void };
const quiet: Log = { warn: () => {} };

/** Every event is one NOTIFY on EVENTS_CHANNEL, the statement built once. */
const notify = preparedSql(
  'publish_event',
  sql`select pg_notify(${EVENTS_CHANNEL}, ${sql.placeholder('event')})`,
);

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * The live-update bus over PostgreSQL LISTEN/NOTIFY, so that an event raised by one API process reaches
 * the streams held by every other one. On PGlite (one process by nature) the same channel works in-process.
 */
export async function createEventBus(
  database: Pick<Database, 'db' | 'engine' | 'pglite' | 'onNotice'>,
  log: Log = quiet,
) {
  const listeners = new Set<BusListener>();
  const processTag = randomUUID().slice(0, 8);
  let heard = 0;
  const deliver = (payload: string | undefined) => {
    let event: BusEvent | SessionsChanged;
    try {
      event = JSON.parse(payload ?? '');
    } catch {
      return log.warn({ payload }, 'ignored an event that is not JSON');
    }
    if (event.type !== 'sessions.changed') heard++;
    for (const listener of listeners) {
      if (event.type === 'sessions.changed') listener.sessionsChanged?.(event);
      else listener.event(event);
    }
  };
  const peopleChanged = (version: string | undefined) => {
    for (const listener of listeners) listener.peopleChanged?.(version ?? '');
  };
  const workChanged = (transaction: string | undefined) => {
    for (const listener of listeners) listener.workChanged?.(transaction ?? '');
  };
  const { pglite } = database;
  let connection: Connection;
  if (pglite) {
    const stops = [
      await pglite.listen(EVENTS_CHANNEL, deliver),
      await pglite.listen(PEOPLE_CHANNEL, peopleChanged),
      await pglite.listen(WORK_CHANNEL, workChanged),
    ];
    connection = {
      connected: () => true,
      stop: async () => void (await Promise.all(stops.map((stop) => stop()))),
    };
  } else {
    connection = await listenOnPostgres(
      (database.db as unknown as { $client: pg.Pool }).$client,
      { [EVENTS_CHANNEL]: deliver, [PEOPLE_CHANNEL]: peopleChanged, [WORK_CHANNEL]: workChanged },
      () => {
        heard++;
        for (const listener of listeners) listener.gap();
      },
      log,
    );
  }
  // A write's notice also reaches the pooled connection that wrote, before its commit answers (db/client.ts).
  const stopHearingWriters = database.onNotice?.((channel, payload) => {
    if (channel === PEOPLE_CHANNEL) peopleChanged(payload);
    else if (channel === WORK_CHANNEL) workChanged(payload);
  });

  const bus: EventBus = {
    async publish(event) {
      try {
        await notify(database.db, { event: JSON.stringify(event) });
      } catch (error) {
        // The write it reports has committed; a lost event costs a refetch, not the request.
        log.warn({ err: error, event }, 'could not publish an event');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    position: () => `${processTag}.${heard}`,
    connected: () => connection.connected(),
    async close() {
      listeners.clear();
      stopHearingWriters?.();
      await connection.stop();
    },
  };
  return bus;
}

type Connection = { connected(): boolean; stop(): Promise<void> };

/**
 * LISTENs on a connection of its own (a pooled one would be handed to other queries), opened with the
 * pool's settings, to each channel for its handler. When it drops, it reconnects with a growing delay
 * and reports the gap.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  handlers: Record<string, (payload: string | undefined) => void>,
  reportGap: () => void,
  log: Log,
): Promise<Connection> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  // 'error' and 'end' both come when the live connection is lost; it is replaced once.
  const lost = (which: pg.Client, error?: Error) => {
    if (closed || client !== which) return;
    client = undefined;
    log.warn({ err: error }, `lost the ${EVENTS_CHANNEL} listener; reconnecting`);
    which.end().catch(() => {});
    schedule();
  };
  const connect = async () => {
    const next = new pg.Client({ ...pool.options, application_name: LISTENER_NAME });
    next.on('notification', (message) => handlers[message.channel]?.(message.payload));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      for (const channel of Object.keys(handlers)) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closed) await next.end();
    else client = next;
  };
  const schedule = () => {
    retry = setTimeout(async () => {
      try {
        await connect();
        delay = RECONNECT_MIN_MS;
        reportGap();
      } catch {
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        if (!closed) schedule();
      }
    }, delay);
  };

  await connect();
  return {
    connected: () => client !== undefined,
    async stop() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
