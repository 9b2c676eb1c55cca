import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './avatars';
import { companies } from './companies';
import { users } from './users';

/** What a chat can belong to; each kind has its access rule in modules/chats/access.ts. */
export type ChatKind = 'post' | 'task';

/** A comment thread: a post's comments or a request's chat. Who may read it follows its owner. */
export const chats = pgTable('chats', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<ChatKind>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /**
   * Its messages not deleted: a post's comment count. Kept by triggers on chat_messages (migration 0020)
   * so that a feed page or a chat page reads one number instead of counting every comment.
   */
  messageCount: integer('message_count').notNull().default(0),
});

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The message this one answers, of the same chat; null for a top-level message. */
    replyToId: integer('reply_to_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    /** Null once the message is deleted: a deleted text is kept nowhere. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Deleted by a moderator (a post editor) rather than by its author. */
    deletedByEditor: boolean('deleted_by_editor').notNull().default(false),
  },
  (t) => [
    index('chat_messages_chat_idx').on(t.chatId, t.id),
    index('chat_messages_reply_idx').on(t.replyToId),
    // A chat's threads newest first, a page of them read from the top, and how many are older counted
    // from the index alone (chats/service.ts, threadPageStatement).
    index('chat_messages_threads_idx').on(t.chatId, t.createdAt, t.id).where(sql`${t.replyToId} is null`),
  ],
);

/** The '+1' emoji, the only one: one row per person and message, so a like can never count twice. */
export const chatMessageLikes = pgTable(
  'chat_message_likes',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/** A company news post; its body is Markdown, rendered to safe HTML when served. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    chatId: integer('chat_id')
      .notNull()
      .unique()
      .references(() => chats.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // The feed: one company's posts, newest first.
  (t) => [index('posts_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc())],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A post's cover picture, re-encoded to WebP by the server; apart from posts so that feeds skip the bytes. */
export const postCovers = pgTable('post_covers', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  /** Changes with every upload; part of the cover URL, so browsers may cache each version for good. */
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
