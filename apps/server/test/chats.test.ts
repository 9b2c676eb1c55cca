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
