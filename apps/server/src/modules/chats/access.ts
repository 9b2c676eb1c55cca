import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ChatKind, chats } from '../../db/schema/index';
import type { Audience } from '../../lib/event-bus';
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

export async function chatAccess(db: Db, chatId: number, viewer: SessionInfo): Promise<ChatAccess | null> {
  const [chat] = await db.select({ kind: chats.kind }).from(chats).where(eq(chats.id, chatId));
  return chat ? ACCESS_RULES[chat.kind](db, chatId, viewer) : null;
}
