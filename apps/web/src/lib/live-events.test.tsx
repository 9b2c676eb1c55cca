import { EVENTS_POSITION_HEADER, type LiveEvent } from '@atrium/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, stubEventSource } from '../test/fake-api';
import { http } from './http';
import { createLiveEvents, RECONNECT_MAX_MS, RECONNECT_MIN_MS, useLiveInvalidation } from './live-events';

describe('createLiveEvents', () => {
  it('opens one stream for all listeners, passes on known events and closes with the last listener', () => {
    const sources = stubEventSource();
    const live = createLiveEvents();
    const first = vi.fn();
    const second = vi.fn();

    const stopFirst = live.subscribe(first);
    const stopSecond = live.subscribe(second);
    expect(sources.map((source) => source.url)).toEqual(['/api/events/stream/']);

    sources[0]!.emit({ type: 'chat.message', chatId: 3, messageId: 9 });
    sources[0]!.emit('not json');
    sources[0]!.emit({ type: 'chat.reaction', chatId: 3 });
    expect(first.mock.calls).toEqual([[{ type: 'chat.message', chatId: 3, messageId: 9 }]]);
    expect(second).toHaveBeenCalledTimes(1);

    stopFirst();
    expect(sources[0]!.closed).toBe(false);
    stopSecond();
    expect(sources[0]!.closed).toBe(true);
  });

  it('reconnects after a drop, waiting twice as long after each failure, and from the start once open', () => {
    vi.useFakeTimers();
    const sources = stubEventSource();
    createLiveEvents().subscribe(() => {});
    const failAndWait = (ms: number) => {
      const dropped = sources.at(-1)!;
      dropped.fail();
      expect(dropped.closed).toBe(true);
      vi.advanceTimersByTime(ms - 1);
      expect(sources.at(-1)).toBe(dropped);
      vi.advanceTimersByTime(1);
      expect(sources.at(-1)).not.toBe(dropped);
    };

    for (const ms of [1_000, 2_000, 4_000, 8_000, 16_000, RECONNECT_MAX_MS, RECONNECT_MAX_MS])
      failAndWait(ms);
    sources.at(-1)!.open();
    failAndWait(RECONNECT_MIN_MS);
  });

  it('stops reconnecting when nobody listens any more', () => {
    vi.useFakeTimers();
    const sources = stubEventSource();
    const stop = createLiveEvents().subscribe(() => {});
    sources[0]!.fail();
    stop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(sources).toHaveLength(1);
  });
});

let fetchCount = 0;

/** A query under ['chats', 1] that counts its fetches, kept fresh by chat.message events of chat 1. */
function LiveChat() {
  const { data } = useQuery({ queryKey: ['chats', 1], queryFn: () => ++fetchCount });
  useLiveInvalidation(['chats', 1], ['chat.message'], (event) => event.chatId === 1);
  return <output aria-label="Fetches">{data}</output>;
}

describe('useLiveInvalidation', () => {
  const renderLiveChat = () => {
    fetchCount = 0;
    const sources = stubEventSource();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveChat />
      </QueryClientProvider>,
    );
    // A synchronous act, never awaited: awaiting it re-opens React's act scope for a task after
    // Testing Library has switched the act environment off again, and a refetch landing in that
    // window makes React warn that the environment does not support act().
    const send = (event: LiveEvent) => {
      act(() => sources.at(-1)!.emit(event));
    };
    return { sources, send };
  };
  const fetches = () => screen.getByRole('status', { name: 'Fetches' });

  it('refetches on an event it is about, and not on others', async () => {
    const { send } = renderLiveChat();
    await vi.waitFor(() => expect(fetches()).toHaveTextContent('1'));

    send({ type: 'chat.message', chatId: 2, messageId: 5 });
    send({ type: 'chat.like', chatId: 1, messageId: 5 });
    send({ type: 'post.created', postId: 1 });
    expect(fetches()).toHaveTextContent('1');

    send({ type: 'chat.message', chatId: 1, messageId: 6 });
    await vi.waitFor(() => expect(fetches()).toHaveTextContent('2'));
  });

  it("refetches what was fetched before a 'hello', which follows every reconnect", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sources, send } = renderLiveChat();
    await vi.waitFor(() => expect(fetches()).toHaveTextContent('1'));

    act(() => sources[0]!.fail());
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_MIN_MS));
    expect(sources).toHaveLength(2);
    send({ type: 'hello' });
    await vi.waitFor(() => expect(fetches()).toHaveTextContent('2'));
  });

  it("fetches nothing again on a 'hello' at the position its data was read at, and does past it", async () => {
    let fetched = 0;
    stubApi({
      'GET /api/chats/1/': () =>
        new Response(JSON.stringify(++fetched), { headers: { [EVENTS_POSITION_HEADER]: 'a1.4' } }),
    });
    const sources = stubEventSource();
    function LiveChatOverHttp() {
      const { data } = useQuery({ queryKey: ['chats', 1], queryFn: () => http.get<number>('/api/chats/1/') });
      useLiveInvalidation(['chats', 1], ['chat.message']);
      return <output aria-label="Fetches">{data}</output>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveChatOverHttp />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(fetches()).toHaveTextContent('1'));

    // The stream opened after the data was read, with no event in between.
    act(() => sources[0]!.emit({ type: 'hello', position: 'a1.4' }));
    // An event came while the stream was down: the reconnect's hello is further on.
    act(() => sources[0]!.emit({ type: 'hello', position: 'a1.5' }));
    await vi.waitFor(() => expect(fetches()).toHaveTextContent('2'));
    expect(fetched).toBe(2);
  });
});
