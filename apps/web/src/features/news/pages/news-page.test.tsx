import type { ChatMessage, Post, SessionResponse } from '@atrium/contracts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  aChatMessage,
  anEditorSession,
  aPost,
  aSession,
  json,
  stubApi,
  stubEventSource,
  stubIntersectionObserver,
} from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

type Routes = Parameters<typeof stubApi>[0];

/** The feed's pages as the server sends them, 10 posts a page. */
const feedRoute =
  (posts: () => Post[]): NonNullable<Routes>[string] =>
  (call) => {
    const page = Number(call.query.get('page'));
    const all = posts();
    const next = page * 10 < all.length ? `/api/posts/?company=1&page=${page + 1}` : null;
    return json(200, { count: all.length, next, results: all.slice((page - 1) * 10, page * 10) });
  };

/** GET /api/chats/{chat}/ of each post: the messages given for its chat (all on one page), else none. */
const chatRoutes = (posts: Post[], messages: Record<number, () => ChatMessage[]> = {}): Routes =>
  Object.fromEntries(
    posts.map((post) => [
      `GET /api/chats/${post.chat}/`,
      () => {
        const threads = messages[post.chat]?.() ?? [];
        const comments = threads
          .flatMap((thread) => [thread, ...thread.replies])
          .filter((message) => !message.deleted).length;
        return json(200, { id: post.chat, messages: threads, earlier: 0, comments_count: comments });
      },
    ]),
  );

function renderNews(
  path: string,
  { session = aSession(), posts = [] as Post[], routes = {} as Routes } = {},
) {
  const api = stubApi({
    'GET /api/auth/session/': () => json(200, session satisfies SessionResponse),
    'GET /api/posts/': feedRoute(() => posts),
    ...chatRoutes(posts),
    ...routes,
  });
  return { api, ...renderApp(path) };
}

const post = (title: string) => screen.getByRole('article', { name: title });

/** The whole app renders here, posts with their threads, which takes jsdom seconds on a busy machine. */
const LOADED = { timeout: 5_000 };

describe('news page', { timeout: 20_000 }, () => {
  it('shows each post with its author, date, title, body, cover, likes and comments, newest first', async () => {
    const posts = [
      aPost(2, {
        title: 'Summer party',
        body_html: '<p>On the <strong>roof</strong></p>',
        cover: '/api/posts/2/cover/?v=abc',
        likes_count: 4,
        created_at: '2026-11-21T12:00:00.000Z',
      }),
      aPost(1, { title: 'Welcome' }),
    ];
    renderNews('/news', {
      posts,
      routes: chatRoutes(posts, {
        102: () => [
          aChatMessage(1, { chatId: 102 }),
          aChatMessage(2, { chatId: 102, deleted: { is_editor: false } }),
        ],
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'News' }, LOADED)).toBeInTheDocument();
    expect(
      (await screen.findAllByRole('heading', { level: 2 }, LOADED)).map((heading) => heading.textContent),
    ).toEqual(['Summer party', 'Welcome']);
    const party = post('Summer party');
    expect(within(party).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(party).getByText('Analyst ·')).toBeInTheDocument();
    expect(within(party).getByText(/^21\.11\.2026 \d\d:\d\d$/)).toHaveAttribute(
      'datetime',
      '2026-11-21T12:00:00.000Z',
    );
    expect(within(party).getByText('roof').tagName).toBe('STRONG');
    expect(party.querySelector('img')).toHaveAttribute('src', '/api/posts/2/cover/?v=abc');
    expect(within(party).getByRole('button', { name: 'Like the post (4)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(await within(party).findByText('1 comment')).toBeInTheDocument();
    expect(within(party).getByRole('textbox', { name: 'Comment' })).toHaveAttribute(
      'placeholder',
      'Your comment...',
    );
    expect(within(post('Welcome')).getByText('0 comments')).toBeInTheDocument();
    // Their padding comes from the stylesheet: a responsive style prop puts a <style> beside every card.
    expect(party.parentElement?.querySelector('style')).toBeNull();
  });

  it('offers New post, Edit and Delete to post editors only', async () => {
    renderNews('/news', { posts: [aPost(1)] });
    await screen.findByRole('article', { name: 'Post 1' }, LOADED);
    expect(screen.queryByRole('link', { name: 'New post' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
  });

  it('lets an editor delete a post after confirming', async () => {
    let posts = [aPost(2, { can_edit: true }), aPost(1, { can_edit: true })];
    const { api, user } = renderNews('/news', {
      session: anEditorSession(),
      posts,
      routes: {
        'GET /api/posts/': feedRoute(() => posts),
        'DELETE /api/posts/2/': () => {
          posts = posts.filter((each) => each.id !== 2);
          return new Response(null, { status: 204 });
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'New post' }, LOADED)).toHaveAttribute(
      'href',
      '/news/create',
    );
    expect(
      within(await screen.findByRole('article', { name: 'Post 2' })).getByRole('link', { name: 'Edit post' }),
    ).toHaveAttribute('href', '/news/edit/2');

    await user.click(within(post('Post 2')).getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete post' });
    expect(api.callsTo('DELETE /api/posts/2/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Post 2' })).toBeNull());
    expect(post('Post 1')).toBeInTheDocument();
  });

  it("says 'No news yet', with a hint for editors", async () => {
    renderNews('/news');
    expect(await screen.findByText('No news yet', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByText('Share the first story with your colleagues.')).toBeNull();
  });

  it('gives editors a way to the first post when the feed is empty', async () => {
    renderNews('/news', { session: anEditorSession() });
    expect(
      await screen.findByText('Share the first story with your colleagues.', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New post' })).toHaveLength(2);
  });

  it('counts a like of a post at once and takes it back when the server refuses', async () => {
    let refuse: (response: Response) => void = () => {};
    const { user } = renderNews('/news', {
      posts: [aPost(1, { likes_count: 1 })],
      routes: { 'POST /api/posts/1/like/': () => new Promise((resolve) => (refuse = resolve)) },
    });
    await user.click(await screen.findByRole('button', { name: 'Like the post (1)' }, LOADED));
    expect(screen.getByRole('button', { name: 'Like the post (2)' })).toHaveAttribute('aria-pressed', 'true');

    await act(async () => refuse(json(500, { error: 'Something broke.' })));
    expect(screen.getByRole('button', { name: 'Like the post (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(await screen.findByText('The like was not saved. Try again.')).toBeInTheDocument();
  });

  it('loads the next 10 posts when the end of the feed scrolls into view', async () => {
    const observer = stubIntersectionObserver();
    const posts = Array.from({ length: 12 }, (_, index) => aPost(12 - index));
    const { api } = renderNews('/news', { posts });
    await screen.findByRole('article', { name: 'Post 3' }, LOADED);
    expect(screen.queryByRole('article', { name: 'Post 2' })).toBeNull();

    observer.scrollToEnd();
    expect(await screen.findByRole('article', { name: 'Post 1' }, LOADED)).toBeInTheDocument();
    expect(api.callsTo('GET /api/posts/').map((call) => call.query.get('page'))).toEqual(['1', '2']);
  });

  it('loads the comments of the first posts at once, and of the others once they come near the screen', async () => {
    const observer = stubIntersectionObserver();
    // Reading a post's position would force the page's layout in the middle of its first render.
    const measure = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const posts = [aPost(3), aPost(2), aPost(1)];
    const { api } = renderNews('/news', {
      posts,
      routes: chatRoutes(posts, { 101: () => [aChatMessage(5, { chatId: 101, message: 'Seen later' })] }),
    });
    await screen.findByRole('article', { name: 'Post 1' }, LOADED);
    const chatsAsked = () =>
      api.calls.filter((call) => call.path.startsWith('/api/chats/')).map((call) => call.path.split('?')[0]);
    await vi.waitFor(() => expect(chatsAsked()).toEqual(['/api/chats/103/', '/api/chats/102/']));
    expect(within(post('Post 1')).queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(measure).not.toHaveBeenCalled();

    observer.scrollToEnd();
    expect(await within(post('Post 1')).findByText('Seen later', {}, LOADED)).toBeInTheDocument();
    expect(api.callsTo('GET /api/chats/101/')).toHaveLength(1);
  });

  it('opens a shared comment link: a post beyond the first page on top, the comment scrolled to and highlighted', async () => {
    const posts = Array.from({ length: 12 }, (_, index) => aPost(12 - index));
    const { api } = renderNews('/news?postId=1&messageId=5', {
      posts,
      routes: {
        'GET /api/posts/1/': () => json(200, aPost(1)),
        ...chatRoutes(posts, { 101: () => [aChatMessage(5, { message: 'Look here' })] }),
      },
    });

    // Session, feed, the linked post, then its chat.
    expect(await screen.findByText('Look here', {}, LOADED)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Post 1');
    const target = screen.getByText('Look here').closest('article');
    await vi.waitFor(() => expect(target).toHaveAttribute('data-highlighted'), { timeout: 2_000 });
    expect(api.callsTo('GET /api/posts/1/')).toHaveLength(1);
  });

  it("shows other people's comments and new posts live", async () => {
    const sources = stubEventSource();
    let posts = [aPost(1)];
    let messages = [aChatMessage(1)];
    const { api } = renderNews('/news', {
      posts,
      routes: {
        'GET /api/posts/': feedRoute(() => posts),
        ...chatRoutes(posts, { 101: () => messages }),
      },
    });
    await screen.findByText('Comment 1', {}, LOADED);
    const stream = sources.at(-1)!;
    expect(stream.url).toBe('/api/events/stream/');
    const chatFetches = () => api.callsTo('GET /api/chats/101/').length;
    const before = chatFetches();

    act(() => stream.emit({ type: 'chat.message', chatId: 999, messageId: 7 }));
    messages = [...messages, aChatMessage(2, { message: 'Hi from Maya' })];
    act(() => stream.emit({ type: 'chat.message', chatId: 101, messageId: 2 }));
    expect(await screen.findByText('Hi from Maya')).toBeInTheDocument();
    expect(chatFetches()).toBe(before + 1);

    posts = [aPost(2, { title: 'Fresh news' }), ...posts];
    act(() => stream.emit({ type: 'post.created', postId: 2, chatId: 102 }));
    expect(await screen.findByRole('article', { name: 'Fresh news' })).toBeInTheDocument();
  });
});
