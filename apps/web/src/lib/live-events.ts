import { LIVE_EVENT_TYPES, type LiveEvent } from '@atrium/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { takeHello } from './read-positions';

export type LiveEventType = LiveEvent['type'];
type Listener = (event: LiveEvent) => void;

const STREAM_URL = '/api/events/stream/';
/** The wait before the first reconnect; it doubles with each failed attempt, up to the cap. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export type LiveEvents = { subscribe(listener: Listener): () => void };

const KNOWN_TYPES: ReadonlySet<unknown> = new Set([...LIVE_EVENT_TYPES, 'hello']);

/**
 * The server sends the contracts' LiveEvent. One of a type this client does not know (from a newer server)
 * is not for it.
 */
const isKnownEvent = (value: unknown): value is LiveEvent =>
  typeof value === 'object' && value !== null && KNOWN_TYPES.has((value as { type?: unknown }).type);

/**
 * The live-update stream (GET /api/events/stream/), open while anyone listens. Every drop is handled
 * here rather than by the browser, whose own retry gives up for good on an HTTP error (a 502 while the
 * server restarts): close, wait, reconnect, waiting twice as long after each failure. The server starts
 * each connection with 'hello', which listeners take as "refetch what you show": passed on only when what
 * the app read may have missed an event (read-positions.ts).
 */
export function createLiveEvents(url = STREAM_URL): LiveEvents {
  const listeners = new Set<Listener>();
  let source: EventSource | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let delay = RECONNECT_MIN_MS;

  const connect = () => {
    // Test DOMs (jsdom) have no EventSource; every browser the portal supports does.
    if (typeof EventSource === 'undefined') return;
    const opened = new EventSource(url);
    source = opened;
    opened.addEventListener('open', () => {
      delay = RECONNECT_MIN_MS;
    });
    opened.addEventListener('message', ({ data }: MessageEvent<string>) => {
      const event = parseJson(data);
      if (!isKnownEvent(event)) return;
      // A hello after which nothing read can be out of date asks listeners for nothing.
      if (event.type === 'hello' && !takeHello(event.position)) return;
      for (const listener of [...listeners]) listener(event);
    });
    opened.addEventListener('error', () => {
      opened.close();
      if (source !== opened) return;
      source = undefined;
      reconnect = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    });
  };
  const disconnect = () => {
    clearTimeout(reconnect);
    source?.close();
    source = undefined;
    delay = RECONNECT_MIN_MS;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) disconnect();
      };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let shared: LiveEvents | undefined;
/** One stream for the whole app, made on first use. */
const liveEvents = () => {
  shared ??= createLiveEvents();
  return shared;
};

/** Calls `onEvent` with each live event of the given types while the component is mounted. */
export function useLiveEvents(types: readonly LiveEventType[], onEvent: Listener) {
  const handle = useEffectEvent(onEvent);
  const typeList = types.join(' ');
  useEffect(() => {
    const wanted = new Set(typeList.split(' '));
    return liveEvents().subscribe((event) => {
      if (wanted.has(event.type)) handle(event);
    });
  }, [typeList]);
}

/**
 * Keeps the queries under `queryKey` fresh: invalidates them on each event of `types` that `concerns`
 * accepts, and on 'hello' those fetched before it, which may have missed events while the stream was down.
 */
export function useLiveInvalidation(
  queryKey: QueryKey,
  types: readonly LiveEventType[],
  concerns: (event: LiveEvent) => boolean = () => true,
) {
  const queryClient = useQueryClient();
  useLiveEvents([...types, 'hello'], (event) => {
    if (event.type === 'hello') {
      const helloAt = Date.now();
      void queryClient.invalidateQueries({
        queryKey,
        predicate: (query) => query.state.dataUpdatedAt < helloAt,
      });
    } else if (concerns(event)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
}

/**
 * Keeps the stream open while `enabled` (the app has a session), whoever else listens. Opened as soon as
 * the session is known, before a page mounts and fetches: its 'hello' then comes before most of the page's
 * data. What was fetched before it (with the session, from index.html) is fetched again only when an event
 * may have come in between.
 */
export function useLiveStream(enabled: boolean) {
  useEffect(() => (enabled ? liveEvents().subscribe(() => {}) : undefined), [enabled]);
}
