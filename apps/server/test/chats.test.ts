import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/** Acme: Eddie edits posts, Ann and Bob comment. Other Ltd: Olga edits its posts and is a stranger to Acme's. */
let t: TestApp;
let eddie: HttpClient;
let ann: HttpClient;
let bob: HttpClient;
let olga: HttpClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const acme = (await createCompany(t.db, 'Acme')).id;
  const other = (await createCompany(t.db, 'Other Ltd')).id;
  for (const [name, companyId, rights] of [
    ['eddie', acme, ['create_posts']],
    ['ann', acme, []],
    ['bob', acme, []],
    ['olga', other, ['create_posts']],
  ] as const) {
    ids[name] = (
      await createUser(t.db, {
        companyId,
        email: `${name}@example.test`,
        firstName: name,
        rights: [...rights],
      })
    ).id;
  }
  eddie = await t.login('eddie@example.test');
  ann = await t.login('ann@example.test');
  bob = await t.login('bob@example.test');
  olga = await t.login('olga@example.test');
});
afterAll(() => t?.close());

async function postChat(client = eddie) {
  const response = await client.post('/api/posts/', { title: 'Post', body: '' });
  expect(response.status).toBe(201);
  return { post: response.body.id as number, chat: response.body.chat as number };
}

async function say(client: HttpClient, chat: number, message: string, reply?: number) {
  const response = await client.post(`/api/chats/${chat}/chat_send_message/`, { message, reply });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number };
}

const like = (client: HttpClient, chat: number, message: number, method = 'POST', emoji_id = '+1') =>
  client.request(method, `/api/chats/${chat}/add_emoji/${message}/`, {
    created_at: new Date().toISOString(),
    emoji_id,
    user: 1,
  });

describe('chat messages', () => {
  it('stores a trimmed message and answers it whole', async () => {
    const { chat } = await postChat();
    const response = await ann.post(`/api/chats/${chat}/chat_send_message/`, { message: '  Hello there \n' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      chatId: chat,
      message: 'Hello there',
      user: { id: ids.ann, first_name: 'ann', last_name: expect.any(String), avatar: null },
      created_at: '2026-11-20T09:00:00.000Z',
      reply: null,
      replies: [],
      emojis: [],
      deleted: null,
      likes_count: 0,
      liked: false,
      can_delete: true,
    });
  });

  it('takes 1 to 900 characters after trimming', async () => {
    const { chat } = await postChat();
    const send = (message: unknown) => ann.post(`/api/chats/${chat}/chat_send_message/`, { message });
    expect((await send('')).body.missing_fields).toEqual({ message: ['Message is required'] });
    expect((await send(' \n\t ')).status).toBe(422);
    expect((await send('x'.repeat(901))).body.missing_fields).toEqual({
      message: ['Message must be at most 900 characters'],
    });
    expect((await send(` ${'x'.repeat(900)} `)).status).toBe(201);
    expect((await ann.post(`/api/chats/${chat}/chat_send_message/`, {})).status).toBe(422);
  });

  it('lists replies in their thread, oldest first, and refuses a reply to another chat', async () => {
    const { chat, post } = await postChat();
    const other = await postChat();
    const first = await say(ann, chat, 'first');
    t.clock.advance(1000);
    const second = await say(bob, chat, 'second');
    const answer = await say(bob, chat, 'answer', first.id);
    await say(ann, chat, 'deeper', answer.id);
    const elsewhere = await say(ann, other.chat, 'elsewhere');

    const refused = await bob.post(`/api/chats/${chat}/chat_send_message/`, {
      message: 'x',
      reply: elsewhere.id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.missing_fields).toEqual({ reply: ['There is no such message in this chat'] });
    expect(
      (await bob.post(`/api/chats/${chat}/chat_send_message/`, { message: 'x', reply: 999999 })).status,
    ).toBe(422);

    const { body } = await ann.get(`/api/chats/${chat}/`);
    type Tree = { id: number; message: string; reply: number | null; replies: Tree[] };
    const shape = (messages: Tree[]): unknown =>
      messages.map((m) => ({ message: m.message, reply: m.reply, replies: shape(m.replies) }));
    expect(shape(body.messages)).toEqual([
      {
        message: 'first',
        reply: null,
        replies: [
          { message: 'answer', reply: first.id, replies: [] },
          { message: 'deeper', reply: answer.id, replies: [] },
        ],
      },
      { message: 'second', reply: null, replies: [] },
    ]);
    expect(body.messages[1].id).toBe(second.id);
    expect((await ann.get(`/api/posts/${post}/`)).body.comments_count).toBe(4);
  });

  it('returns comments as the plain text typed: the web app escapes them', async () => {
    const { chat } = await postChat();
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    expect((await say(ann, chat, payload)) as unknown).toMatchObject({ message: payload });
    expect((await bob.get(`/api/chats/${chat}/`)).body.messages[0].message).toBe(payload);
  });
});

describe('chat pages', () => {
  type Tree = { id: number; message: string; replies: Tree[] };
  const texts = (messages: Tree[]): unknown =>
    messages.map((m) => ({ message: m.message, replies: texts(m.replies) }));

  /**
   * Five threads, 'one' oldest; 'one' and 'two' were sent at the same instant (the id orders them). 'two'
   * and 'four' have answers, 'four' an answer to an answer, and 'five' one of each kind of like.
   */
  async function fiveThreads() {
    const { chat, post } = await postChat();
    const one = await say(ann, chat, 'one');
    const two = await say(bob, chat, 'two');
    const threads = [one, two];
    for (const text of ['three', 'four', 'five']) {
      t.clock.advance(60_000);
      threads.push(await say(ann, chat, text));
    }
    const [, , , four, five] = threads as [unknown, unknown, unknown, { id: number }, { id: number }];
    await say(ann, chat, 'two, answered', two.id);
    const answer = await say(bob, chat, 'four, answered', four.id);
    t.clock.advance(60_000);
    await say(ann, chat, 'four, answered deeper', answer.id);
    await like(bob, chat, five.id);
    await like(ann, chat, answer.id);
    return { chat, post, threads: threads.map((thread) => thread.id) };
  }

  it('answers the newest threads oldest first, each with all its replies, and how many are earlier', async () => {
    const { chat, post } = await fiveThreads();
    const page = await ann.get(`/api/chats/${chat}/?limit=2`);
    expect(page.status).toBe(200);
    expect(texts(page.body.messages)).toEqual([
      {
        message: 'four',
        replies: [
          { message: 'four, answered', replies: [] },
          { message: 'four, answered deeper', replies: [] },
        ],
      },
      { message: 'five', replies: [] },
    ]);
    expect(page.body.earlier).toBe(3);
    // Every comment of the chat, not only the page's: what the post counts.
    expect(page.body.comments_count).toBe(8);
    expect((await ann.get(`/api/posts/${post}/`)).body.comments_count).toBe(8);

    const whole = await ann.get(`/api/chats/${chat}/`);
    expect(whole.body).toMatchObject({ id: chat, earlier: 0, comments_count: 8 });
    expect(whole.body.messages).toHaveLength(5);
    expect(page.body.messages).toEqual(whole.body.messages.slice(-2));
  });

  it('walks back with before, one page at a time, until earlier is 0', async () => {
    const { chat, threads } = await fiveThreads();
    const whole = (await ann.get(`/api/chats/${chat}/`)).body.messages;
    const pages: { messages: Tree[]; earlier: number }[] = [];
    let path = `/api/chats/${chat}/?limit=2`;
    for (;;) {
      const page = await ann.get(path);
      expect(page.status).toBe(200);
      pages.unshift(page.body);
      if (page.body.earlier === 0) break;
      path = `/api/chats/${chat}/?limit=2&before=${page.body.messages[0].id}`;
    }
    expect(pages.map((page) => [page.earlier, page.messages.map((m) => m.message)])).toEqual([
      [0, ['one']],
      [1, ['two', 'three']],
      [3, ['four', 'five']],
    ]);
    expect(pages.flatMap((page) => page.messages)).toEqual(whole);

    // Past the start, a page is empty; without a limit, before answers every older thread.
    expect((await ann.get(`/api/chats/${chat}/?limit=2&before=${threads[0]}`)).body).toEqual({
      id: chat,
      messages: [],
      earlier: 0,
      comments_count: 8,
    });
    const older = await ann.get(`/api/chats/${chat}/?before=${threads[3]}`);
    expect(older.body).toEqual({ id: chat, messages: whole.slice(0, 3), earlier: 0, comments_count: 8 });
  });

  it("shows likes, the viewer's like and what they may delete as the whole chat does", async () => {
    const { chat } = await fiveThreads();
    for (const client of [ann, bob, eddie]) {
      const whole = (await client.get(`/api/chats/${chat}/`)).body.messages;
      const page = (await client.get(`/api/chats/${chat}/?limit=3`)).body.messages;
      expect(page).toEqual(whole.slice(-3));
    }
    const [four, five] = (await bob.get(`/api/chats/${chat}/?limit=2`)).body.messages;
    expect(five).toMatchObject({
      likes_count: 1,
      liked: true,
      emojis: [{ emoji_id: '+1', count: 1, user: true }],
    });
    expect(four.replies[0]).toMatchObject({ likes_count: 1, liked: false, can_delete: true });
    expect(four).toMatchObject({ likes_count: 0, liked: false, emojis: [], can_delete: false });
    // A post editor may delete every message of the page, replies included.
    type Deletable = { can_delete: boolean; replies: { can_delete: boolean }[] };
    const byEditor: Deletable[] = (await eddie.get(`/api/chats/${chat}/?limit=2`)).body.messages;
    expect(byEditor.flatMap((m) => [m, ...m.replies]).map((m) => m.can_delete)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('counts deleted comments out, and pages an empty chat', async () => {
    const { chat } = await postChat();
    expect((await ann.get(`/api/chats/${chat}/?limit=20`)).body).toEqual({
      id: chat,
      messages: [],
      earlier: 0,
      comments_count: 0,
    });
    const message = await say(ann, chat, 'soon gone');
    await say(bob, chat, 'stays', message.id);
    await ann.post(`/api/chats/${chat}/delete_message/`, { id: message.id });
    const page = await ann.get(`/api/chats/${chat}/?limit=20`);
    expect(page.body).toMatchObject({ earlier: 0, comments_count: 1 });
    expect(page.body.messages[0]).toMatchObject({ message: '', deleted: { is_editor: false } });
  });

  it('refuses a limit outside 1 to 100, and a before that is not a top-level message of the chat', async () => {
    const { chat } = await postChat();
    const other = await postChat();
    const top = await say(ann, chat, 'top');
    const reply = await say(ann, chat, 'reply', top.id);
    const elsewhere = await say(ann, other.chat, 'elsewhere');
    const refused = async (query: string) => {
      const response = await ann.get(`/api/chats/${chat}/?${query}`);
      expect(response.status, query).toBe(422);
      return response.body.missing_fields;
    };
    expect(await refused('limit=0')).toEqual({ limit: ['limit must be at least 1'] });
    expect(await refused('limit=101')).toEqual({ limit: ['limit must be at most 100'] });
    expect(await refused('limit=2.5')).toEqual({ limit: ['limit must be a whole number'] });
    expect(await refused('limit=many')).toEqual({ limit: ['limit must be a number'] });
    expect(await refused('limit=5&before=x')).toEqual({ before: ['before must be an id'] });
    for (const before of [reply.id, elsewhere.id, 999999]) {
      const noSuch = { before: ['There is no such top-level message in this chat'] };
      expect(await refused(`limit=5&before=${before}`)).toEqual(noSuch);
      expect(await refused(`before=${before}`)).toEqual(noSuch);
    }
    expect((await ann.get(`/api/chats/${chat}/?limit=100`)).status).toBe(200);
    expect((await ann.get(`/api/chats/${chat}/?limit=1`)).status).toBe(200);
  });

  it('answers a paged GET of a chat the user may not read with 404, whatever it asks', async () => {
    const { chat, threads } = await fiveThreads();
    expect((await olga.get(`/api/chats/${chat}/?limit=20`)).status).toBe(404);
    expect((await olga.get(`/api/chats/${chat}/?limit=2&before=${threads[4]}`)).status).toBe(404);
    expect((await olga.get(`/api/chats/${chat}/?limit=2&before=999999`)).status).toBe(404);
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently, per person', async () => {
    const { chat } = await postChat();
    const message = await say(ann, chat, 'like me');
    expect((await like(bob, chat, message.id)).body).toEqual({
      id: message.id,
      emojis: [{ emoji_id: '+1', count: 1, user: true }],
      likes_count: 1,
      liked: true,
    });
    expect((await like(bob, chat, message.id)).body.likes_count).toBe(1);
    expect((await like(ann, chat, message.id)).body.likes_count).toBe(2);
    const seen = (await eddie.get(`/api/chats/${chat}/`)).body.messages[0];
    expect(seen).toMatchObject({
      likes_count: 2,
      liked: false,
      emojis: [{ emoji_id: '+1', count: 2, user: false }],
    });
    expect((await like(bob, chat, message.id, 'DELETE')).body).toMatchObject({
      likes_count: 1,
      liked: false,
    });
    expect((await like(bob, chat, message.id, 'DELETE')).body).toMatchObject({
      likes_count: 1,
      liked: false,
    });
    expect((await bob.delete(`/api/chats/${chat}/add_emoji/${message.id}/`)).status).toBe(200);
    expect((await like(ann, chat, message.id, 'DELETE')).body).toEqual({
      id: message.id,
      emojis: [],
      likes_count: 0,
      liked: false,
    });
  });

  it('counts 20 likes sent at once by one person as one', async () => {
    const { chat } = await postChat();
    const message = await say(ann, chat, 'popular');
    const answers = await Promise.all(Array.from({ length: 20 }, () => like(bob, chat, message.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // Each answer counts the like once, whichever of them stored it.
    expect(answers.map((a) => [a.body.likes_count, a.body.liked])).toEqual(Array(20).fill([1, true]));
    expect((await ann.get(`/api/chats/${chat}/`)).body.messages[0].likes_count).toBe(1);
  });

  it("refuses emojis other than '+1' and messages of another chat", async () => {
    const { chat } = await postChat();
    const other = await postChat();
    const message = await say(ann, chat, 'hi');
    const wrong = await like(bob, chat, message.id, 'POST', 'heart');
    expect(wrong.status).toBe(422);
    expect(wrong.body.missing_fields).toEqual({ emoji_id: ["emoji_id must be '+1'"] });
    expect((await like(bob, other.chat, message.id)).status).toBe(404);
  });
});

describe('deleting messages', () => {
  it('lets the author delete, and nobody else but a post editor', async () => {
    const { chat } = await postChat();
    const mine = await say(ann, chat, 'secret of ann');
    const bobs = await say(bob, chat, 'secret of bob', mine.id);
    const remove = (client: HttpClient, id: number) =>
      client.post(`/api/chats/${chat}/delete_message/`, { id });

    expect((await remove(bob, mine.id)).status).toBe(403);
    const seenByAnn = (await ann.get(`/api/chats/${chat}/`)).body.messages[0];
    expect(seenByAnn.can_delete).toBe(true);
    expect(seenByAnn.replies[0].can_delete).toBe(false);
    expect((await eddie.get(`/api/chats/${chat}/`)).body.messages[0].replies[0].can_delete).toBe(true);

    expect((await remove(ann, mine.id)).body).toEqual({ id: mine.id, deleted: { is_editor: false } });
    expect((await remove(eddie, bobs.id)).body).toEqual({ id: bobs.id, deleted: { is_editor: true } });
    // Deleting again changes nothing, not even who did it.
    expect((await remove(eddie, mine.id)).body).toEqual({ id: mine.id, deleted: { is_editor: false } });

    const seen = await bob.get(`/api/chats/${chat}/`);
    expect(seen.text).not.toContain('secret');
    expect(seen.body.messages[0]).toMatchObject({
      message: '',
      deleted: { is_editor: false },
      can_delete: false,
      replies: [{ message: '', deleted: { is_editor: true } }],
    });
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat));
    expect(stored.map((row) => row.message)).toEqual([null, null]);
  });

  it('answers 404 for a message of another chat', async () => {
    const { chat } = await postChat();
    const other = await postChat();
    const message = await say(ann, other.chat, 'there');
    expect((await ann.post(`/api/chats/${chat}/delete_message/`, { id: message.id })).status).toBe(404);
  });
});

describe('chat access', () => {
  it("refuses another company's chat as if absent, and everything without a session", async () => {
    const { chat } = await postChat();
    const message = await say(ann, chat, 'internal');
    expect((await olga.get(`/api/chats/${chat}/`)).status).toBe(404);
    expect((await olga.post(`/api/chats/${chat}/chat_send_message/`, { message: 'hi' })).status).toBe(404);
    expect((await like(olga, chat, message.id)).status).toBe(404);
    expect((await olga.post(`/api/chats/${chat}/delete_message/`, { id: message.id })).status).toBe(404);
    expect((await ann.get('/api/chats/999999/')).status).toBe(404);

    const olgasChat = (await postChat(olga)).chat;
    expect((await ann.get(`/api/chats/${olgasChat}/`)).status).toBe(404);

    const anonymous = t.client();
    await anonymous.csrf();
    expect((await anonymous.get(`/api/chats/${chat}/`)).status).toBe(401);
    expect((await anonymous.post(`/api/chats/${chat}/chat_send_message/`, { message: 'hi' })).status).toBe(
      401,
    );
  });
});
