import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, users } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

// Each chat keeps the number of its messages not deleted (migration 0020): a feed page and a chat page
// read it instead of counting. Whatever statement adds, deletes or removes messages must move it.
let t: TestApp;
let ann: number;
let bob: number;

beforeAll(async () => {
  t = await createTestApp();
  const company = (await createCompany(t.db)).id;
  ann = (await createUser(t.db, { companyId: company })).id;
  bob = (await createUser(t.db, { companyId: company })).id;
});
afterAll(() => t?.close());

const newChat = async () => {
  const [chat] = await t.db.insert(chats).values({ kind: 'post', createdAt: new Date() }).returning();
  if (!chat) throw new Error('chat not created');
  return chat.id;
};

/** Each chat's kept count beside the count of its messages not deleted. */
const counts = async (ids: number[]) => {
  const kept = await t.db
    .select({ id: chats.id, count: chats.messageCount })
    .from(chats)
    .where(inArray(chats.id, ids))
    .orderBy(chats.id);
  const live = await t.db
    .select({ id: chatMessages.chatId, count: count() })
    .from(chatMessages)
    .where(and(inArray(chatMessages.chatId, ids), isNull(chatMessages.deletedAt)))
    .groupBy(chatMessages.chatId);
  return kept.map((chat) => [chat.count, live.find((row) => row.id === chat.id)?.count ?? 0]);
};

describe("a chat's count of its messages", () => {
  it('follows messages added in bulk, deleted, restored and removed with their author', async () => {
    const one = await newChat();
    const two = await newChat();
    const now = new Date();
    const message = (chatId: number, userId: number, deleted = false) => ({
      chatId,
      userId,
      message: deleted ? null : 'hello',
      createdAt: now,
      deletedAt: deleted ? now : null,
    });
    // One statement over two chats, one message already deleted.
    const added = await t.db
      .insert(chatMessages)
      .values([message(one, ann), message(one, bob), message(one, bob, true), message(two, ann)])
      .returning({ id: chatMessages.id });
    expect(await counts([one, two])).toEqual([
      [2, 2],
      [1, 1],
    ]);

    const [first, second] = added.map((row) => row.id) as [number, number];
    await t.db
      .update(chatMessages)
      .set({ deletedAt: now })
      .where(inArray(chatMessages.id, [first, second]));
    expect(await counts([one, two])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    // An edit that leaves a message's standing alone moves nothing; bringing one back does.
    await t.db.update(chatMessages).set({ message: 'edited' }).where(eq(chatMessages.chatId, two));
    await t.db.update(chatMessages).set({ deletedAt: null }).where(eq(chatMessages.id, first));
    expect(await counts([one, two])).toEqual([
      [1, 1],
      [1, 1],
    ]);

    // A person removed takes their messages with them (the foreign key cascades).
    await t.db.delete(users).where(eq(users.id, ann));
    expect(await counts([one, two])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('lets a chat be removed with its messages', async () => {
    const chat = await newChat();
    await t.db
      .insert(chatMessages)
      .values({ chatId: chat, userId: bob, message: 'x', createdAt: new Date() });
    await t.db.delete(chats).where(eq(chats.id, chat));
    expect(await counts([chat])).toEqual([]);
  });
});
