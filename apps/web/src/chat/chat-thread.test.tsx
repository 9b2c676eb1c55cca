import type { ChatMessage, ChatResponse } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';
import { type ApiCall, aChatMessage, aChatReply, json, stubApi } from '../test/fake-api';
import { chatQueryKey, type LoadedChat } from './api';
import { ChatThread, type ChatThreadProps } from './chat-thread';

const CHAT = '/api/chats/101/';
const SEND = 'POST /api/chats/101/chat_send_message/';
const viewer = { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null };
const link = (messageId: number) => `/news?postId=1&messageId=${messageId}`;

/** GET /api/chats/101/ as the server answers it: the newest `limit` threads older than `before`, or all. */
function chatAnswer(threads: ChatMessage[], call?: ApiCall): ChatResponse {
  const before = Number(call?.query.get('before') ?? 0);
  const limit = Number(call?.query.get('limit') ?? 0);
  const older = before
    ? threads.slice(
        0,
        threads.findIndex((thread) => thread.id === before),
      )
    : threads;
  const messages = limit ? older.slice(-limit) : older;
  const comments = threads.reduce((count, thread) => count + 1 + thread.replies.length, 0);
  return { id: 101, messages, earlier: older.length - messages.length, comments_count: comments };
}

/** A response the test hands out when it chooses. */
function later() {
  let answer: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer: (response: Response) => act(async () => answer(response)) };
}

/**
 * Chat 101 with `threads`, under the app's providers. With `cached`, the threads (or what it says the app
 * holds) are already in the cache and stay fresh, so that they show at the first render (fake timers).
 */
function renderThread(
  threads: ChatMessage[],
  { routes = {}, highlightId = null, cached = false, props = {} } = {} as {
    routes?: Parameters<typeof stubApi>[0];
    highlightId?: number | null;
    cached?: boolean | LoadedChat;
    props?: Partial<ChatThreadProps>;
  },
) {
  const api = stubApi({ [`GET ${CHAT}`]: (call) => json(200, chatAnswer(threads, call)), ...routes });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: cached ? Infinity : 0 } });
  if (cached) {
    const chat: LoadedChat = { threads, earlier: 0, unheldComments: 0, wanted: 20 };
    queryClient.setQueryData(chatQueryKey(101), cached === true ? chat : cached);
  }
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <Providers queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <ChatThread chatId={101} viewer={viewer} linkOf={link} highlightId={highlightId} {...props} />
      </MantineProvider>
    </Providers>,
  );
  return { api, user, queryClient };
}

const comment = (text: string) => screen.getByText(text).closest('article') as HTMLElement;
const commentInput = () => screen.getByRole('textbox', { name: 'Comment' });
const threadOf5 = () =>
  Array.from({ length: 5 }, (_, index) =>
    aChatMessage(index + 1, {
      replies: index === 4 ? [51, 52, 53, 54].map((id) => aChatReply(id, 5, { message: `Reply ${id}` })) : [],
    }),
  );

describe('ChatThread', () => {
  it('shows the last 3 comments with their last 2 replies until all are asked for', async () => {
    const { user } = renderThread(threadOf5());
    expect(await screen.findByText('Comment 5')).toBeInTheDocument();
    const shown = () =>
      screen
        .getAllByRole('article')
        .map((article) => within(article).getByText(/^(Comment|Reply) /).textContent);
    expect(shown()).toEqual(['Comment 3', 'Comment 4', 'Comment 5', 'Reply 53', 'Reply 54']);

    await user.click(screen.getByRole('button', { name: 'Show all comments' }));
    expect(shown()).toEqual([
      'Comment 1',
      'Comment 2',
      'Comment 3',
      'Comment 4',
      'Comment 5',
      'Reply 51',
      'Reply 52',
      'Reply 53',
      'Reply 54',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show fewer comments' }));
    expect(shown()).toHaveLength(5);
  });

  it('has no show-all control when everything fits', async () => {
    renderThread([aChatMessage(1, { replies: [aChatReply(2, 1), aChatReply(3, 1)] })]);
    expect(await screen.findByText('Comment 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all comments' })).toBeNull();
  });

  it('shows a sent comment at once and puts the stored one in its place', async () => {
    const stored = later();
    const { api, user } = renderThread([aChatMessage(1)], { routes: { [SEND]: () => stored.response } });
    await screen.findByText('Comment 1');

    await user.type(commentInput(), '  Hello there {Enter}');
    expect(commentInput()).toHaveValue('');
    expect(within(comment('Hello there')).getByText('Sending…')).toBeInTheDocument();
    expect(api.callsTo(SEND).map((call) => call.body)).toEqual([{ message: 'Hello there', reply: null }]);

    await stored.answer(
      json(201, aChatMessage(9, { message: 'Hello there', user: viewer, can_delete: true })),
    );
    expect(screen.getAllByText('Hello there')).toHaveLength(1);
    expect(screen.queryByText('Sending…')).toBeNull();
    expect(
      within(comment('Hello there')).getByRole('button', { name: 'Delete comment' }),
    ).toBeInTheDocument();
  });

  it('keeps a comment the server did not take, with a retry', async () => {
    const answers = [
      json(500, { error: 'Something broke.' }),
      json(201, aChatMessage(9, { message: 'Hello' })),
    ];
    const { api, user } = renderThread([], { routes: { [SEND]: () => answers.shift() as Response } });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument());

    await user.type(commentInput(), 'Hello{Enter}');
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    await user.click(within(comment('Hello')).getByRole('button', { name: 'Retry' }));

    await vi.waitFor(() => expect(screen.queryByText('Not sent')).toBeNull());
    expect(screen.getAllByText('Hello')).toHaveLength(1);
    expect(api.callsTo(SEND)).toHaveLength(2);
  });

  it('opens a required reply box under the chosen message; Escape closes it, Enter sends the reply', async () => {
    const { api, user } = renderThread([aChatMessage(1), aChatMessage(2)], {
      routes: {
        [SEND]: () => json(201, aChatReply(10, 1, { message: 'Me too', user: viewer, replies: [] })),
      },
    });
    await screen.findByText('Comment 1');

    await user.click(within(comment('Comment 1')).getByRole('button', { name: 'Reply' }));
    const reply = screen.getByRole('textbox', { name: 'Reply' });
    expect(reply).toHaveFocus();
    expect(reply).toBeRequired();
    expect(reply).toHaveAttribute('placeholder', 'Reply to Person...');
    // Under the message it answers, before the next one.
    expect(comment('Comment 1').compareDocumentPosition(reply)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(reply.compareDocumentPosition(comment('Comment 2'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    await user.type(reply, 'Draft{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();

    await user.click(within(comment('Comment 1')).getByRole('button', { name: 'Reply' }));
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Me too{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect(api.callsTo(SEND).map((call) => call.body)).toEqual([{ message: 'Me too', reply: 1 }]);
    await vi.waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(comment('Me too').compareDocumentPosition(comment('Comment 2'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('counts a like at once, and takes it back with a notice when the server refuses', async () => {
    const refused = later();
    const { api, user } = renderThread([aChatMessage(1, { likes_count: 2 })], {
      routes: { 'POST /api/chats/101/add_emoji/1/': () => refused.response },
    });
    await screen.findByText('Comment 1');

    await user.click(screen.getByRole('button', { name: 'Like (2)' }));
    expect(screen.getByRole('button', { name: 'Like (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('POST /api/chats/101/add_emoji/1/')[0]?.body).toMatchObject({
      emoji_id: '+1',
      user: 7,
    });

    await refused.answer(json(500, { error: 'Something broke.' }));
    expect(screen.getByRole('button', { name: 'Like (2)' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('The like was not saved. Try again.')).toBeInTheDocument();
  });

  it("takes back the viewer's like", async () => {
    const { user } = renderThread([aChatMessage(1, { likes_count: 1, liked: true })], {
      routes: {
        'DELETE /api/chats/101/add_emoji/1/': () =>
          json(200, { id: 1, emojis: [], likes_count: 0, liked: false }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Like (1)' }));
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('offers delete where the server allows it, replies included, and says who deleted what', async () => {
    const { api, user } = renderThread(
      [
        aChatMessage(2, {
          message: 'Theirs',
          replies: [
            aChatReply(3, 2, { message: 'A reply I moderate', can_delete: true }),
            aChatReply(5, 2, { message: '', deleted: { is_editor: true } }),
          ],
        }),
        aChatMessage(4, { message: '', deleted: { is_editor: false } }),
        aChatMessage(1, { user: viewer, message: 'Mine', can_delete: true }),
      ],
      {
        routes: {
          'POST /api/chats/101/delete_message/': () => json(200, { id: 1, deleted: { is_editor: false } }),
        },
      },
    );
    await screen.findByText('Mine');
    expect(within(comment('Theirs')).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(
      within(comment('A reply I moderate')).getByRole('button', { name: 'Delete comment' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Comment deleted by author')).toBeInTheDocument();
    expect(screen.getByText('Comment deleted by editor')).toBeInTheDocument();

    await user.click(within(comment('Mine')).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(screen.queryByText('Mine')).toBeNull());
    expect(screen.getAllByText('Comment deleted by author')).toHaveLength(2);
    expect(api.callsTo('POST /api/chats/101/delete_message/')[0]?.body).toEqual({ id: 1 });
  });

  it("copies a message's link and says 'Link copied!'", async () => {
    const { user } = renderThread([aChatMessage(3)]);
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Copy link' }));

    expect(await screen.findByText('Link copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/news?postId=1&messageId=3`);
  });

  it("scrolls to a shared link's message 700 ms after it shows, and highlights it, even when shrunk away", () => {
    vi.useFakeTimers();
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderThread(threadOf5(), { highlightId: 1, cached: true });

    const target = comment('Comment 1');
    act(() => vi.advanceTimersByTime(699));
    expect(target).not.toHaveAttribute('data-highlighted');
    expect(scrolled).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(target).toHaveAttribute('data-highlighted');
    expect(scrolled.mock.contexts).toEqual([target]);
    expect(screen.getByRole('button', { name: 'Show fewer comments' })).toBeInTheDocument();
  });
});

describe('ChatThread pages', () => {
  /** Threads 1 to n, oldest first; thread 2 has a reply. */
  const threadsUpTo = (n: number) =>
    Array.from({ length: n }, (_, index) =>
      aChatMessage(index + 1, { replies: index === 1 ? [aChatReply(200, 2, { message: 'Reply 200' })] : [] }),
    );
  const shownComments = () =>
    screen
      .getAllByRole('article')
      .map((article) => within(article).getByText(/^(Comment|Reply) /).textContent);
  const chatQueries = (api: ReturnType<typeof stubApi>) =>
    api.callsTo(`GET ${CHAT}`).map((call) => call.path.split('?')[1] ?? '');
  const earlierButton = () => screen.queryByRole('button', { name: /^Show earlier comments/ });

  it('asks for the newest 20 threads, and loads the earlier ones above them until there are none', async () => {
    const { api, user } = renderThread(threadsUpTo(25));
    expect(await screen.findByText('Comment 25')).toBeInTheDocument();
    expect(chatQueries(api)).toEqual(['limit=20']);
    // Shrunk, the view shows the last comments only, and offers all those held first.
    expect(earlierButton()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show all comments' }));
    expect(shownComments()[0]).toBe('Comment 6');
    expect(shownComments()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show earlier comments (5)' }));

    await vi.waitFor(() => expect(earlierButton()).toBeNull());
    expect(shownComments().slice(0, 4)).toEqual(['Comment 1', 'Comment 2', 'Reply 200', 'Comment 3']);
    expect(shownComments()).toHaveLength(26);
    expect(chatQueries(api)).toEqual(['limit=20', 'limit=40']);
    expect(screen.getByRole('button', { name: 'Show fewer comments' })).toBeInTheDocument();
  });

  it('sends, likes and deletes on an earlier page, and keeps every thread shown through a refetch', async () => {
    const threads = threadsUpTo(25);
    const { api, user, queryClient } = renderThread(threads, {
      routes: {
        [SEND]: () => json(201, aChatReply(300, 2, { message: 'Reply 300', user: viewer, can_delete: true })),
        'POST /api/chats/101/add_emoji/1/': () =>
          json(200, {
            id: 1,
            emojis: [{ emoji_id: '+1', count: 1, user: true }],
            likes_count: 1,
            liked: true,
          }),
        'POST /api/chats/101/delete_message/': () => json(200, { id: 300, deleted: { is_editor: false } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Show all comments' }));
    await user.click(screen.getByRole('button', { name: 'Show earlier comments (5)' }));
    await vi.waitFor(() => expect(earlierButton()).toBeNull());

    await user.click(within(comment('Comment 1')).getByRole('button', { name: 'Like' }));
    expect(within(comment('Comment 1')).getByRole('button', { name: 'Like (1)' })).toBeInTheDocument();
    await user.click(within(comment('Comment 2')).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Reply 300{Enter}');
    await vi.waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(shownComments().slice(1, 4)).toEqual(['Comment 2', 'Reply 200', 'Reply 300']);
    await user.click(within(comment('Reply 300')).getByRole('button', { name: 'Delete comment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted by author')).toBeInTheDocument();

    // A live event refetches what is shown: the 40 threads asked for, not the first page again.
    threads.push(aChatMessage(26));
    await act(() => queryClient.invalidateQueries({ queryKey: chatQueryKey(101) }));
    expect(await screen.findByText('Comment 26')).toBeInTheDocument();
    expect(shownComments()[0]).toBe('Comment 1');
    expect(chatQueries(api)).toEqual(['limit=20', 'limit=40', 'limit=40']);
  });

  it('asks in pages of at most 100 threads, each before the oldest of the last', async () => {
    const threads = threadsUpTo(130);
    const held = threads.slice(-100);
    const { api, user } = renderThread(threads, {
      cached: { threads: held, earlier: 30, unheldComments: 31, wanted: 100 },
    });
    await user.click(screen.getByRole('button', { name: 'Show all comments' }));
    await user.click(screen.getByRole('button', { name: 'Show earlier comments (30)' }));
    expect(await screen.findByRole('button', { name: 'Show earlier comments (10)' })).toBeInTheDocument();
    expect(shownComments()[0]).toBe('Comment 11');
    expect(chatQueries(api)).toEqual(['limit=100', 'limit=20&before=31']);
    // 120 threads rendered in jsdom: seconds on a busy machine.
  }, 30_000);

  it('loads the whole chat for a shared link to a comment older than the newest threads', async () => {
    const { api } = renderThread(threadsUpTo(25), { highlightId: 200 });
    const target = await screen.findByText('Reply 200');
    expect(chatQueries(api)).toEqual(['limit=20', '']);
    await vi.waitFor(() => expect(target.closest('article')).toHaveAttribute('data-highlighted'), {
      timeout: 2_000,
    });
    expect(earlierButton()).toBeNull();
    expect(screen.getByRole('button', { name: 'Show fewer comments' })).toBeInTheDocument();
  });
});

describe('ChatThread as the workflow comment box', () => {
  const workflowBox: Partial<ChatThreadProps> = {
    commentToggle: true,
    emptyText: 'Write your first message',
    loadingText: 'Please, wait...',
  };

  it("says 'Please, wait...' while loading, then 'Write your first message' when there are no messages", async () => {
    const chat = later();
    renderThread([], { routes: { [`GET ${CHAT}`]: () => chat.response }, props: workflowBox });
    expect(screen.getByText('Please, wait...')).toBeInTheDocument();
    expect(screen.queryByText('Write your first message')).toBeNull();

    await chat.answer(json(200, chatAnswer([])));
    expect(await screen.findByText('Write your first message')).toBeInTheDocument();
    expect(screen.queryByText('Please, wait...')).toBeNull();
  });

  it('says nothing of a first message once there is one', async () => {
    renderThread([aChatMessage(1)], { props: workflowBox });
    expect(await screen.findByText('Comment 1')).toBeInTheDocument();
    expect(screen.queryByText('Write your first message')).toBeNull();
  });

  it("hides the comment field until 'Add comment' opens it, and sends from it on Enter", async () => {
    const { api, user } = renderThread([], { props: workflowBox });
    await screen.findByText('Write your first message');
    const toggle = screen.getByRole('button', { name: 'Add comment' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(commentInput()).toHaveFocus();
    expect(commentInput()).toHaveAttribute('placeholder', 'Your comment...');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.type(commentInput(), 'Looks fine{Enter}');
    expect(api.callsTo(SEND).map((call) => call.body)).toEqual([{ message: 'Looks fine', reply: null }]);
    expect(screen.queryByText('Write your first message')).toBeNull();

    await user.click(toggle);
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('cannot send while the chat is loading, and Escape clears and leaves the field', async () => {
    const chat = later();
    const { api, user } = renderThread([], {
      routes: { [`GET ${CHAT}`]: () => chat.response },
      props: workflowBox,
    });
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await user.type(commentInput(), 'Too early{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(api.callsTo(SEND)).toEqual([]);

    await user.keyboard('{Escape}');
    expect(commentInput()).toHaveValue('');
    expect(commentInput()).not.toHaveFocus();
    await chat.answer(json(200, chatAnswer([])));
  });

  it('keeps the news comment box as it was: the field shows at once, with skeletons while loading', async () => {
    const chat = later();
    renderThread([], { routes: { [`GET ${CHAT}`]: () => chat.response } });
    expect(commentInput()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add comment' })).toBeNull();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    await chat.answer(json(200, chatAnswer([])));
    expect(screen.queryByText('Write your first message')).toBeNull();
  });
});
