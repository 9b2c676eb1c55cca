import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ChatKind, chats } from '../../db/schema/index';
import type { Audience } from '../../lib/event-bus';
import { createLru } from '../../lib/lru';
import type { SessionInfo } from '../auth/sessions';
import { postChatAccess } from '../news/policy';
import { taskChatAccess } from '../tasks/policy';

/** What a reader of a chat may do there, and who hears of its changes. */
export type ChatAccess = {
  /** Who receives the chat's live events. */
  audience: Audience;
  /** May delete anyone's message (a post editor on a post's chat). */
  moderator: boolean;
  /** A request's chat: its participants are notified of new comments. */
  task?: { id: number; name: string; participants: number[] };
};

/** Null: the viewer may not read the chat, which then answers as if absent (404). */
type AccessRule = (db: Db, chatId: number, viewer: SessionInfo) => Promise<ChatAccess | null>;

/**
 * Each kind of chat is read and written by whoever may see what it belongs to. A new owner (a task's
 * chat: the people taking part in the task) adds its kind to ChatKind and its rule here.
 */
const ACCESS_RULES: Record<ChatKind, AccessRule> = { post: postChatAccess, task: taskChatAccess };

/**
 * The access check of an app's chat requests. It keeps the kinds of the chats read lately: a chat's kind
 * is set when it is opened and never changes, so a kept one cannot go stale (a chat deleted since is
 * refused by its rule, which finds no post or request). Spares every chat request a statement; ~100
 * bytes an entry.
 */
export function chatAccessOf(db: Db) {
  const kinds = createLru<number, ChatKind>(10_000);
  return async (chatId: number, viewer: SessionInfo): Promise<ChatAccess | null> => {
    let kind = kinds.get(chatId);
    if (kind === undefined) {
      const [chat] = await db.select({ kind: chats.kind }).from(chats).where(eq(chats.id, chatId));
      if (!chat) return null;
      kind = chat.kind;
      kinds.set(chatId, kind);
    }
    return ACCESS_RULES[kind](db, chatId, viewer);
  };
}
