import { EVENTS_POSITION_HEADER } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { type BusEvent, createEventBus } from '../src/lib/event-bus';
import { testEngine } from './database';
import { openEventStream } from './event-stream';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { cutListener } from './listener';
import { createTestApp, type TestApp } from './test-app';

/** Acme: Eddie edits posts, Ann and Bob comment. Other Ltd: Olga edits its posts and comments there. */
let t: TestApp;
let eddie: HttpClient;
let ann: HttpClient;
let bob: HttpClient;
let olga: HttpClient;
/** Every stream opened, closed at the end whatever the tests did. */
const streams: { close(): void }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const acme = (await createCompany(t.db, 'Acme')).id;
  const other = (await createCompany(t.db, 'Other Ltd')).id;
  await createUser(t.db, { companyId: acme, email: 'eddie@acme.test', rights: ['create_posts'] });
  await createUser(t.db, { companyId: acme, email: 'ann@acme.test' });
  await createUser(t.db, { companyId: acme, email: 'bob@acme.test' });
  await createUser(t.db, { companyId: other, email: 'olga@other.test', rights: ['create_posts'] });
  eddie = await t.login('eddie@acme.test');
  ann = await t.login('ann@acme.test');
  bob = await t.login('bob@acme.test');
  olga = await t.login('olga@other.test');
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  const closing = t?.close();
  // fetch may have opened a spare connection that never sends a request; closing would wait for it.
  t?.app.server.closeAllConnections();
  await closing;
});

async function openStream(client: HttpClient) {
  const stream = await openEventStream(t.baseUrl, client);
  streams.push(stream);
  return stream;
}

async function postChat(client = eddie) {
  const response = await client.post('/api/posts/', { title: 'Post', body: '' });
  return { post: response.body.id as number, chat: response.body.chat as number };
}

async function say(client: HttpClient, chat: number, message: string) {
  return (await client.post(`/api/chats/${chat}/chat_send_message/`, { message })).body.id as number;
}

describe('the event stream', () => {
  it('answers 401 without a session', async () => {
    expect((await t.client().get('/api/events/stream/')).status).toBe(401);
  });

  it('is text/event-stream with a retry hint and a first hello event with an id', async () => {
    const stream = await openStream(ann);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const hello = await stream.waitFor((event) => event.type === 'hello');
    expect(stream.blocks[0]).toEqual({ retry: '3000' });
    expect(stream.blocks[1]).toEqual({ id: '1', data: JSON.stringify(hello) });
    expect(hello).toEqual({ type: 'hello', position: t.events.position() });
    stream.close();
  });

  it("gives each GET the process's position in the live events, the hello's while no event comes", async () => {
    const positionOf = async () =>
      (await ann.get('/api/notifications/unread/')).headers.get(EVENTS_POSITION_HEADER);
    const read = await positionOf();
    expect(read).toMatch(/^[0-9a-f]{8}\.\d+$/);
    const stream = await openStream(ann);
    expect(await stream.waitFor((event) => event.type === 'hello')).toEqual({
      type: 'hello',
      position: read,
    });

    const { chat } = await postChat(olga);
    await say(olga, chat, 'in another company');
    // Heard by this process, though not for Ann's stream: the position moves on all the same.
    await expect.poll(positionOf).not.toBe(read);
    expect((await ann.post('/api/notifications/read-all/')).headers.get(EVENTS_POSITION_HEADER)).toBeNull();
    stream.close();
  });

  it("carries a colleague's comment, like and deletion to a connected reader", async () => {
    // The stream opens first: a post's own event, heard late, would otherwise land in it unforeseen.
    const stream = await openStream(ann);
    await stream.waitFor((event) => event.type === 'hello');
    const { chat } = await postChat();
    await stream.waitFor((event) => event.type === 'post.created' && event.chatId === chat);
    const messageId = await say(bob, chat, 'hello Ann');
    expect(await stream.waitFor((event) => event.type === 'chat.message')).toEqual({
      type: 'chat.message',
      chatId: chat,
      messageId,
    });
    await eddie.post(`/api/chats/${chat}/add_emoji/${messageId}/`, { emoji_id: '+1' });
    await stream.waitFor((event) => event.type === 'chat.like' && event.messageId === messageId);
    await bob.post(`/api/chats/${chat}/delete_message/`, { id: messageId });
    await stream.waitFor((event) => event.type === 'chat.delete' && event.messageId === messageId);
    const ids = stream.blocks.filter((block) => block.data).map((block) => Number(block.id));
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    stream.close();
  });

  it('tells of new, edited and deleted posts of the company', async () => {
    const stream = await openStream(ann);
    const { post, chat } = await postChat();
    expect(await stream.waitFor((event) => event.type === 'post.created')).toEqual({
      type: 'post.created',
      postId: post,
      chatId: chat,
    });
    await eddie.patch(`/api/posts/${post}/`, { title: 'Edited' });
    await stream.waitFor((event) => event.type === 'post.updated' && event.postId === post);
    await eddie.delete(`/api/posts/${post}/`);
    await stream.waitFor((event) => event.type === 'post.deleted' && event.postId === post);
    stream.close();
  });

  it("never carries events of another company's chats and posts", async () => {
    const acmeChat = (await postChat()).chat;
    const stream = await openStream(ann);
    await stream.waitFor((event) => event.type === 'hello');
    const otherPost = await postChat(olga);
    await say(olga, otherPost.chat, 'internal to Other Ltd');
    // Events arrive in commit order: once Bob's comment is here, Olga's would have been too.
    const bobs = await say(bob, acmeChat, 'after Olga');
    await stream.waitFor((event) => event.messageId === bobs);
    expect(
      stream.received.filter((event) => event.chatId === otherPost.chat || event.postId === otherPost.post),
    ).toEqual([]);
    stream.close();
  });
});

describe('the event bus', () => {
  it('carries events between buses on one database, as between API processes', async () => {
    const other = await createEventBus({ db: t.db, engine: t.engine, pglite: t.pglite });
    try {
      const heard: BusEvent[] = [];
      const stop = t.events.subscribe({ event: (event) => heard.push(event), gap: () => {} });
      const event: BusEvent = { type: 'chat.message', chatId: 1, messageId: 2, audience: { companyId: 3 } };
      await other.publish(event);
      await expect.poll(() => heard).toEqual([event]);
      stop();
    } finally {
      await other.close();
    }
  });

  it.runIf(testEngine() === 'postgres')(
    'listens again after its connection drops, and reports the gap, which moves its position on',
    async () => {
      let gaps = 0;
      const heard: BusEvent[] = [];
      const stop = t.events.subscribe({ event: (event) => heard.push(event), gap: () => gaps++ });
      const before = t.events.position();
      await cutListener(t.db);
      await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
      // What was read before the gap may have missed an event: its position is no longer the bus's.
      expect(t.events.position()).not.toBe(before);
      const event: BusEvent = { type: 'post.updated', postId: 5, audience: { companyId: 1 } };
      await t.events.publish(event);
      await expect.poll(() => heard).toEqual([event]);
      stop();
    },
  );
});

describe('events for named people', () => {
  it('reach the streams of the users named, and no one else of the company', async () => {
    const idOf = async (email: string) =>
      (await queryRows<{ id: number }>(t.db, sql`select id from users where email = ${email}`))[0]!.id;
    const annId = await idOf('ann@acme.test');
    const bobId = await idOf('bob@acme.test');
    const annStream = await openStream(ann);
    const bobStream = await openStream(bob);
    await annStream.waitFor((event) => event.type === 'hello');
    await bobStream.waitFor((event) => event.type === 'hello');

    await t.events.publish({ type: 'notification', notificationId: 41, audience: { userIds: [annId] } });
    await t.events.publish({ type: 'notification', notificationId: 42, audience: { userIds: [bobId] } });
    await t.events.publish({
      type: 'notification',
      notificationId: 43,
      audience: { userIds: [annId, bobId] },
    });

    // Events arrive in publishing order: once both have the last one, each has all that was theirs.
    await annStream.waitFor((event) => event.notificationId === 43);
    await bobStream.waitFor((event) => event.notificationId === 43);
    const notifications = (stream: typeof annStream) =>
      stream.received.filter((event) => event.type === 'notification');
    expect(notifications(annStream)).toEqual([
      { type: 'notification', notificationId: 41 },
      { type: 'notification', notificationId: 43 },
    ]);
    expect(notifications(bobStream)).toEqual([
      { type: 'notification', notificationId: 42 },
      { type: 'notification', notificationId: 43 },
    ]);
    annStream.close();
    bobStream.close();
  });
});
