import { type ChatMessage, type ChatReply, LIKE_EMOJI, type MessageLikes } from '@atrium/contracts';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type ChatKind, chatMessageLikes, chatMessages, chats, users } from '../../db/schema/index';
import { fieldErrors, forbidden, notFound } from '../../lib/errors';

/** Opens the chat of a new record (a post), in the transaction that creates the record. */
export async function createChat(tx: Tx, kind: ChatKind, now: Date): Promise<number> {
  const [chat] = await tx.insert(chats).values({ kind, createdAt: now }).returning({ id: chats.id });
  if (!chat) throw new Error('chat not created');
  return chat.id;
}

type Viewer = { userId: number; moderator: boolean };

const likesCount = sql<number>`(select count(*)::int from ${chatMessageLikes} where ${chatMessageLikes.messageId} = ${chatMessages.id})`;
const likedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${chatMessageLikes} where ${chatMessageLikes.messageId} = ${chatMessages.id} and ${chatMessageLikes.userId} = ${userId})`;

/** Messages of a chat as the viewer sees them, each on its own (no replies), oldest first. */
async function selectMessages(db: Db, viewer: Viewer, where: SQL): Promise<ChatReply[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      message: chatMessages.message,
      user: { id: users.id, first_name: users.firstName, last_name: users.lastName, avatar: users.avatar },
      createdAt: chatMessages.createdAt,
      reply: chatMessages.replyToId,
      deletedAt: chatMessages.deletedAt,
      deletedByEditor: chatMessages.deletedByEditor,
      likes: likesCount.mapWith(Number),
      liked: likedBy(viewer.userId).mapWith(Boolean),
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(where)
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map((row) => ({
    id: row.id,
    chatId: row.chatId,
    // Deleted texts are gone from the row; '' keeps the field a string.
    message: row.message ?? '',
    user: row.user,
    created_at: row.createdAt.toISOString(),
    reply: row.reply,
    replies: [],
    emojis: emojis(row.likes, row.liked),
    deleted: row.deletedAt ? { is_editor: row.deletedByEditor } : null,
    likes_count: row.likes,
    liked: row.liked,
    can_delete: !row.deletedAt && (row.user.id === viewer.userId || viewer.moderator),
  }));
}

const emojis = (count: number, liked: boolean) =>
  count ? [{ emoji_id: LIKE_EMOJI, count, user: liked } as const] : [];

/**
 * A chat's top-level messages, oldest first, each with its thread: every answer to it or to those
 * answers, oldest first. Two levels, as the comment UI shows them; `reply` still names what was answered.
 */
export async function loadChatMessages(db: Db, chatId: number, viewer: Viewer): Promise<ChatMessage[]> {
  const messages = await selectMessages(db, viewer, eq(chatMessages.chatId, chatId));
  const byId = new Map(messages.map((message) => [message.id, message]));
  const rootOf = (message: ChatReply) => {
    let root = message;
    for (let parent = byId.get(root.reply ?? 0); parent; parent = byId.get(root.reply ?? 0)) root = parent;
    return root;
  };
  const threads = new Map<number, ChatMessage>();
  for (const message of messages) {
    if (message.reply === null) threads.set(message.id, { ...message, replies: [] });
  }
  for (const message of messages) {
    if (message.reply !== null) threads.get(rootOf(message).id)?.replies.push(message);
  }
  return [...threads.values()];
}

/** Stores a message; a reply must answer a message of the same chat. */
export async function sendMessage(
  db: Db,
  input: { chatId: number; userId: number; message: string; reply: number | null; now: Date },
): Promise<ChatMessage> {
  if (input.reply !== null) {
    const [parent] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, input.reply), eq(chatMessages.chatId, input.chatId)));
    if (!parent) throw fieldErrors({ reply: 'There is no such message in this chat' });
  }
  const [stored] = await db
    .insert(chatMessages)
    .values({
      chatId: input.chatId,
      userId: input.userId,
      message: input.message,
      replyToId: input.reply,
      createdAt: input.now,
    })
    .returning({ id: chatMessages.id });
  if (!stored) throw new Error('message not stored');
  // Its author reads it back, so moderation rights change nothing in the answer.
  const [message] = await selectMessages(
    db,
    { userId: input.userId, moderator: false },
    eq(chatMessages.id, stored.id),
  );
  if (!message) throw new Error('message not stored');
  return message;
}

async function messageOf(db: Db, chatId: number, messageId: number) {
  const [message] = await db
    .select({ id: chatMessages.id, userId: chatMessages.userId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)));
  if (!message) throw notFound();
  return message;
}

/**
 * Likes or unlikes a message for the user. Both are idempotent, and one row per person and message
 * (inserted with ON CONFLICT DO NOTHING) means likes sent at once still count once.
 */
export async function setMessageLike(
  db: Db,
  input: { chatId: number; messageId: number; userId: number; like: boolean; now: Date },
): Promise<MessageLikes> {
  const { id } = await messageOf(db, input.chatId, input.messageId);
  if (input.like) {
    await db
      .insert(chatMessageLikes)
      .values({ messageId: id, userId: input.userId, createdAt: input.now })
      .onConflictDoNothing();
  } else {
    await db
      .delete(chatMessageLikes)
      .where(and(eq(chatMessageLikes.messageId, id), eq(chatMessageLikes.userId, input.userId)));
  }
  const [row] = await db
    .select({ likes: likesCount.mapWith(Number), liked: likedBy(input.userId).mapWith(Boolean) })
    .from(chatMessages)
    .where(eq(chatMessages.id, id));
  const likes = row?.likes ?? 0;
  const liked = row?.liked ?? false;
  return { id, emojis: emojis(likes, liked), likes_count: likes, liked };
}

/**
 * Deletes a message for good: its author may, and so may a moderator, which the answer then tells. The
 * text is erased from the row; replies stay. Deleting again changes nothing.
 */
export async function deleteMessage(
  db: Db,
  input: { chatId: number; messageId: number; viewer: Viewer; now: Date },
) {
  const message = await messageOf(db, input.chatId, input.messageId);
  const isAuthor = message.userId === input.viewer.userId;
  if (!isAuthor && !input.viewer.moderator) throw forbidden();
  await db
    .update(chatMessages)
    .set({ message: null, deletedAt: input.now, deletedByEditor: !isAuthor })
    .where(and(eq(chatMessages.id, message.id), isNull(chatMessages.deletedAt)));
  const [row] = await db
    .select({ byEditor: chatMessages.deletedByEditor })
    .from(chatMessages)
    .where(eq(chatMessages.id, message.id));
  return { id: message.id, deleted: { is_editor: row?.byEditor ?? !isAuthor } };
}
