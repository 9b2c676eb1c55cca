import { type ChatMessage, type ChatReply, LIKE_EMOJI, type MessageLikes } from '@atrium/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { isoFromPgText } from '../../db/iso-text';
import { preparedSql } from '../../db/prepared';
import { type ChatKind, chats } from '../../db/schema/index';
import { fieldErrors, forbidden, notFound } from '../../lib/errors';

/** Opens the chat of a new record (a post), in the transaction that creates the record. */
export async function createChat(tx: Tx, kind: ChatKind, now: Date): Promise<number> {
  const [chat] = await tx.insert(chats).values({ kind, createdAt: now }).returning({ id: chats.id });
  if (!chat) throw new Error('chat not created');
  return chat.id;
}

type Viewer = { userId: number; moderator: boolean };

/** A message as the queries below answer it: its row, its author, and its likes. */
type MessageRow = {
  id: number;
  chat_id: number;
  reply_to_id: number | null;
  message: string | null;
  /** PostgreSQL's text form: the drivers leave timestamps unparsed (db/iso-text.ts writes it as ISO). */
  created_at: string;
  deleted_at: string | null;
  deleted_by_editor: boolean;
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  likes_count: number;
  liked: boolean;
};

const emojis = (count: number, liked: boolean) =>
  count ? [{ emoji_id: LIKE_EMOJI, count, user: liked } as const] : [];

function toMessage(row: MessageRow, viewer: Viewer): ChatReply {
  return {
    id: row.id,
    chatId: row.chat_id,
    // Deleted texts are gone from the row; '' keeps the field a string.
    message: row.message ?? '',
    user: { id: row.user_id, first_name: row.first_name, last_name: row.last_name, avatar: row.avatar },
    created_at: isoFromPgText(row.created_at),
    reply: row.reply_to_id,
    replies: [],
    emojis: emojis(row.likes_count, row.liked),
    deleted: row.deleted_at ? { is_editor: row.deleted_by_editor } : null,
    likes_count: row.likes_count,
    liked: row.liked,
    can_delete: !row.deleted_at && (row.user_id === viewer.userId || viewer.moderator),
  };
}

/**
 * Messages as the viewer sees them, each on its own (no replies), oldest first: `where` is on `m`, the
 * message. Likes are counted by one aggregate join.
 */
async function selectMessages(db: Db, viewer: Viewer, where: SQL): Promise<ChatReply[]> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`
    select m.id, m.chat_id, m.reply_to_id, m.message, m.created_at, m.deleted_at, m.deleted_by_editor,
           u.id as user_id, u.first_name, u.last_name, u.avatar,
           count(l.user_id)::int as likes_count, coalesce(bool_or(l.user_id = ${viewer.userId}), false) as liked
      from chat_messages m
      join users u on u.id = m.user_id
      left join chat_message_likes l on l.message_id = m.id
     where ${where}
     group by m.id, u.id
     order by m.created_at, m.id`,
  );
  return rows.map((row) => toMessage(row, viewer));
}

/** Threads from messages in order: each top-level message with the messages `rootOf` puts under it. */
function nest(messages: ChatReply[], rootOf: (message: ChatReply) => number): ChatMessage[] {
  const threads = new Map<number, ChatMessage>();
  for (const message of messages) {
    if (message.reply === null) threads.set(message.id, { ...message, replies: [] });
  }
  for (const message of messages) {
    if (message.reply !== null) threads.get(rootOf(message))?.replies.push(message);
  }
  return [...threads.values()];
}

/** A run of a chat's threads, and what the chat holds beyond them (ChatResponse). */
export type ChatPage = { messages: ChatMessage[]; earlier: number; comments_count: number };

/** `limit`: the newest threads only; `before`: the threads older than this top-level message. */
export type ChatPageQuery = { limit?: number; before?: number };

const NO_SUCH_THREAD = 'There is no such top-level message in this chat';

/**
 * A chat's top-level messages, oldest first, each with its thread: every answer to it or to those
 * answers, oldest first. Two levels, as the comment UI shows them; `reply` still names what was answered.
 * With `limit`, only the newest threads (docs/decisions/0020-chat-pages.md); with `before`, only the
 * threads older than that top-level message of the chat, which must be one (422 otherwise).
 */
export async function loadChatMessages(
  db: Db,
  chatId: number,
  viewer: Viewer,
  query: ChatPageQuery = {},
): Promise<ChatPage> {
  if (query.limit !== undefined) return loadThreadPage(db, chatId, viewer, query.limit, query.before ?? null);
  // The whole chat (the spec's call): one plain statement, its threads nested here.
  const messages = await selectMessages(db, viewer, sql`m.chat_id = ${chatId}`);
  const byId = new Map(messages.map((message) => [message.id, message]));
  const rootOf = (message: ChatReply) => {
    let root = message;
    for (let parent = byId.get(root.reply ?? 0); parent; parent = byId.get(root.reply ?? 0)) root = parent;
    return root.id;
  };
  let threads = nest(messages, rootOf);
  if (query.before !== undefined) {
    const end = threads.findIndex((thread) => thread.id === query.before);
    if (end < 0) throw fieldErrors({ before: NO_SUCH_THREAD });
    threads = threads.slice(0, end);
  }
  const comments_count = messages.filter((message) => !message.deleted).length;
  return { messages: threads, earlier: 0, comments_count };
}

/** A row of the page statement: the counts, and a message of the page unless the page is empty. */
type PageRow = { earlier: number; comments_count: number; anchored: boolean } & (
  | (MessageRow & { root: number })
  | { id: null }
);

/**
 * The newest `limit` threads (older than `before` when given) in one statement: the page's top-level
 * messages, read newest first from the threads index (migration 0023), their replies and replies of
 * replies found by a recursive walk down `reply_to_id` (each row keeps the thread it belongs to), each
 * row's likes, and the chat's counts beside them (an empty page still answers one row, with the counts).
 * The threads older than the page are counted from the same index.
 *
 * Each row looks up its replies, its author and its likes by key on its own (`offset 0` keeps PostgreSQL
 * from turning a look-up back into a join). PostgreSQL cannot tell how deep the walk goes and takes it
 * for tens of times its size: planned as joins, it hashed the whole users table (95 ms for a page of 100
 * threads at 100,000 people), and every message and like of every chat (1.6–1.9 ms for the bench's page
 * of 20 threads, 0.2–0.3 ms by key; docs/performance.md).
 */
export function threadPageStatement(chatId: number, viewerId: number, limit: number, before: number | null) {
  return sql`
    with recursive
    anchor as (
      select created_at, id from chat_messages
       where id = ${before}::int and chat_id = ${chatId} and reply_to_id is null
    ),
    page as (
      select id, chat_id, reply_to_id, message, created_at, deleted_at, deleted_by_editor, user_id
        from chat_messages
       where chat_id = ${chatId} and reply_to_id is null
         and (${before}::int is null or (created_at, id) < (select created_at, id from anchor))
       order by created_at desc, id desc
       limit ${limit}
    ),
    thread as (
      select id as root, id, chat_id, reply_to_id, message, created_at, deleted_at, deleted_by_editor, user_id
        from page
      union all
      select t.root, m.id, m.chat_id, m.reply_to_id, m.message, m.created_at, m.deleted_at,
             m.deleted_by_editor, m.user_id
        from thread t
        cross join lateral (
          select id, chat_id, reply_to_id, message, created_at, deleted_at, deleted_by_editor, user_id
            from chat_messages where reply_to_id = t.id offset 0
        ) m
    ),
    counts as (
      select (select count(*) from chat_messages
               where chat_id = ${chatId} and reply_to_id is null
                 and (created_at, id) < (select created_at, id from page order by created_at, id limit 1)
             )::int as earlier,
             (select message_count from chats where id = ${chatId}) as comments_count,
             exists (select 1 from anchor) as anchored
    )
    select counts.*, t.*, u.first_name, u.last_name, u.avatar, likes.likes_count, likes.liked
      from counts
      left join (
        thread t
        cross join lateral (select first_name, last_name, avatar from users where id = t.user_id offset 0) u
        cross join lateral (
          select count(*)::int as likes_count, coalesce(bool_or(user_id = ${viewerId}), false) as liked
            from chat_message_likes where message_id = t.id
        ) likes
      ) on true
     order by t.created_at, t.id`;
}

/** A page of threads (see threadPageStatement), nested. */
async function loadThreadPage(
  db: Db,
  chatId: number,
  viewer: Viewer,
  limit: number,
  before: number | null,
): Promise<ChatPage> {
  const rows = await queryRows<PageRow>(db, threadPageStatement(chatId, viewer.userId, limit, before));
  const counts = rows[0];
  if (!counts) throw new Error('the page statement answered no counts');
  if (before !== null && !counts.anchored) throw fieldErrors({ before: NO_SUCH_THREAD });
  const found = rows.filter((row): row is PageRow & MessageRow & { root: number } => row.id !== null);
  const roots = new Map(found.map((row) => [row.id, row.root]));
  return {
    messages: nest(
      found.map((row) => toMessage(row, viewer)),
      (message) => roots.get(message.id) ?? message.id,
    ),
    earlier: counts.earlier,
    comments_count: counts.comments_count,
  };
}

/** The message a new one answers, typed: PostgreSQL cannot tell the type of a bare null. */
const replyTo = sql`${sql.placeholder('reply')}::integer`;

const storeMessage = preparedSql<MessageRow>(
  'chat_send_message',
  sql`with stored as (
      insert into chat_messages (chat_id, user_id, message, reply_to_id, created_at)
      select ${sql.placeholder('chat')}, ${sql.placeholder('user')}, ${sql.placeholder('message')}, ${replyTo},
             ${sql.placeholder('now')}
       where ${replyTo} is null
          or exists (select 1 from chat_messages p where p.id = ${replyTo} and p.chat_id = ${sql.placeholder('chat')})
      returning id, chat_id, reply_to_id, message, created_at, deleted_at, deleted_by_editor, user_id)
    select s.id, s.chat_id, s.reply_to_id, s.message, s.created_at, s.deleted_at, s.deleted_by_editor,
           s.user_id, u.first_name, u.last_name, u.avatar, 0 as likes_count, false as liked
      from stored s join users u on u.id = s.user_id`,
);

/**
 * Stores a message, a reply only if it answers a message of the same chat, and reads it back with its
 * author: one statement, built once, so that a comment on its own needs no transaction and one round trip.
 */
export async function sendMessage(
  db: Db,
  input: { chatId: number; userId: number; message: string; reply: number | null; now: Date },
): Promise<ChatMessage> {
  const { chatId, userId, message, reply, now } = input;
  const [row] = await storeMessage(db, { chat: chatId, user: userId, message, reply, now });
  if (!row) {
    if (reply !== null) throw fieldErrors({ reply: 'There is no such message in this chat' });
    throw new Error('message not stored');
  }
  // Its author reads it back, so moderation rights change nothing in the answer.
  return toMessage(row, { userId, moderator: false });
}

/**
 * Likes or unlikes a message for the user, in one statement. Both are idempotent, and one row per person
 * and message (inserted with ON CONFLICT DO NOTHING) means likes sent at once still count once.
 *
 * The statement's own reads see the likes as they were when it began, so the count is the others'
 * likes then, plus the user's own as it stands after the change: a like sent while the same person's
 * other like commits still answers with that like counted once.
 */
export async function setMessageLike(
  db: Db,
  input: { chatId: number; messageId: number; userId: number; like: boolean; now: Date },
): Promise<MessageLikes> {
  const { chatId, messageId, userId, like, now } = input;
  const change = like
    ? sql`insert into chat_message_likes (message_id, user_id, created_at)
            select id, ${userId}, ${now} from target on conflict do nothing`
    : sql`delete from chat_message_likes l using target t where l.message_id = t.id and l.user_id = ${userId}`;
  const [row] = await queryRows<{ id: number; others: number }>(
    db,
    sql`with target as (select id from chat_messages where id = ${messageId} and chat_id = ${chatId}),
             change as (${change})
        select t.id, (select count(*)::int from chat_message_likes l
                       where l.message_id = t.id and l.user_id <> ${userId}) as others
          from target t`,
  );
  if (!row) throw notFound();
  const likes = row.others + (like ? 1 : 0);
  return { id: row.id, emojis: emojis(likes, like), likes_count: likes, liked: like };
}

/**
 * Deletes a message for good: its author may, and so may a moderator, which the answer then tells. The
 * text is erased from the row; replies stay. Deleting again changes nothing. One statement finds the
 * message in its chat and erases it only when the viewer may; what it found decides a refusal.
 */
export async function deleteMessage(
  db: Db,
  input: { chatId: number; messageId: number; viewer: Viewer; now: Date },
) {
  const { chatId, messageId, viewer, now } = input;
  const [row] = await queryRows<{ id: number; user_id: number; by_editor: boolean }>(
    db,
    sql`with target as (
          select id, user_id, deleted_at, deleted_by_editor from chat_messages
           where id = ${messageId} and chat_id = ${chatId}),
        erased as (
          update chat_messages m
             set message = null, deleted_at = ${now}, deleted_by_editor = t.user_id <> ${viewer.userId}
            from target t
           where m.id = t.id and t.deleted_at is null and (t.user_id = ${viewer.userId} or ${viewer.moderator})
          returning m.deleted_by_editor)
        select t.id, t.user_id, coalesce((select deleted_by_editor from erased), t.deleted_by_editor) as by_editor
          from target t`,
  );
  if (!row) throw notFound();
  if (row.user_id !== viewer.userId && !viewer.moderator) throw forbidden();
  return { id: row.id, deleted: { is_editor: row.by_editor } };
}
