import type { LiveEvent } from '@atrium/contracts';
import type { HttpClient } from './http-client';

export type EventStream = {
  response: Response;
  /** Every block read so far: its fields by name. */
  blocks: Record<string, string>[];
  /** The events (the blocks' data) read so far. */
  received: LiveEvent[];
  /** Reads until an event matches, or fails after `ms`. */
  waitFor(match: (event: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  close(): void;
};

/** Connects to a server's event stream as a browser's EventSource would, and reads it event by event. */
export async function openEventStream(baseUrl: string, client: HttpClient): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events/stream/`, {
    headers: { cookie: client.cookieHeader() },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const blocks: Record<string, string>[] = [];
  const received: LiveEvent[] = [];

  async function waitFor(match: (event: LiveEvent) => boolean, ms = 5000): Promise<LiveEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = received.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event; got ${JSON.stringify(received)}`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), left);
        }),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') continue;
      if (chunk.done) throw new Error('the stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block: Record<string, string> = {};
        for (const line of buffer.slice(0, end).split('\n')) {
          const colon = line.indexOf(':');
          block[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
        }
        blocks.push(block);
        if (block.data) received.push(JSON.parse(block.data));
        buffer = buffer.slice(end + 2);
      }
    }
  }
  return { response, blocks, received, waitFor, close: () => controller.abort() };
}
