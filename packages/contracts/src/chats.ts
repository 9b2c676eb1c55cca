import { z } from 'zod';
import { LIKE_EMOJI, LIVE_EVENT_TYPES, MESSAGE_MAX } from './constants';
import { requiredId } from './managers';

export const ChatUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
});
export type ChatUser = z.infer<typeof ChatUser>;

/** The likes of a message as the emoji list: empty without likes; `user` says whether the viewer liked it. */
export const MessageEmoji = z.object({
  emoji_id: z.literal(LIKE_EMOJI),
  count: z.number(),
  user: z.boolean(),
});
export type MessageEmoji = z.infer<typeof MessageEmoji>;

const MessageFields = {
  id: z.number(),
  chatId: z.number(),
  /** The text, plain (never HTML): display it escaped. '' once deleted. */
  message: z.string(),
  user: ChatUser,
  created_at: z.string(),
  /** The id of the message this one answers, or null for a top-level message. */
  reply: z.number().nullable(),
  emojis: z.array(MessageEmoji),
  /** null, or how it was deleted: by a post editor ('Comment deleted by editor') or by its author. */
  deleted: z.object({ is_editor: z.boolean() }).nullable(),
  likes_count: z.number(),
  liked: z.boolean(),
  /** The viewer may delete it: its author, or a moderator of the chat (a post editor). */
  can_delete: z.boolean(),
};

/** An answer, shown under its thread's top-level message; it has no replies of its own. */
export const ChatReply = z.object({ ...MessageFields, replies: z.array(z.never()) });
export type ChatReply = z.infer<typeof ChatReply>;

/**
 * A top-level message with its thread: every answer to it, and to those answers, oldest first (each
 * reply's `reply` names the message it answers). Threads are two levels deep, as the comment UI shows them.
 */
export const ChatMessage = z.object({ ...MessageFields, replies: z.array(ChatReply) });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** The threads (top-level messages) the web app asks for at a time, and the bench with it. */
export const CHAT_PAGE_SIZE = 20;
/** The most threads one page of a chat holds: `limit` of GET /api/chats/{id}/. */
export const CHAT_PAGE_MAX = 100;

/**
 * GET /api/chats/{id}/?limit=&before=: without either, the whole chat (the spec's call). `limit` asks for
 * the newest threads only, `before` for the threads older than a top-level message of the chat; a page
 * is a run of threads, each with all its replies (docs/decisions/0020-chat-pages.md).
 */
export const ChatQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(CHAT_PAGE_MAX, `limit must be at most ${CHAT_PAGE_MAX}`)
    .optional(),
  before: requiredId('before').optional(),
});
export type ChatQuery = z.input<typeof ChatQuery>;

/** GET /api/chats/{id}/: top-level messages oldest first, answers nested under what they answer. */
export const ChatResponse = z.object({
  id: z.number(),
  messages: z.array(ChatMessage),
  /**
   * How many top-level messages are older than the first of `messages`: the threads a page left out,
   * to ask for with `before`. 0 once a page reaches the start of the chat, and always without `limit`.
   */
  earlier: z.number(),
  /**
   * The messages of the whole chat that are not deleted, replies included (a post's `comments_count`):
   * a paged answer cannot count its comments from `messages`.
   */
  comments_count: z.number(),
});
export type ChatResponse = z.infer<typeof ChatResponse>;

/** POST /api/chats/{id}/chat_send_message/ → the stored message (201), with no replies yet. */
export const SendMessageBody = z.strictObject({
  message: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Message is required' : 'Message must be text'),
    })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
  /** The message of the same chat this one answers. */
  reply: requiredId('reply').nullish(),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/**
 * POST (like) and DELETE (unlike) /api/chats/{id}/add_emoji/{message_id}/. The web app also sends
 * created_at and user; the server takes both from the request and ignores them. Any other key is refused.
 */
export const EmojiBody = z.strictObject({
  emoji_id: z.literal(LIKE_EMOJI, { error: `emoji_id must be '${LIKE_EMOJI}'` }).default(LIKE_EMOJI),
  /** Ignored: the time is the server's. */
  created_at: z.unknown().optional(),
  /** Ignored: the liker is always the caller. */
  user: z.unknown().optional(),
});
export type EmojiBody = z.input<typeof EmojiBody>;

export const MessageLikes = z.object({
  id: z.number(),
  emojis: z.array(MessageEmoji),
  likes_count: z.number(),
  liked: z.boolean(),
});
export type MessageLikes = z.infer<typeof MessageLikes>;

/** POST /api/chats/{id}/delete_message/ {id}: the author, or a moderator of the chat. */
export const DeleteMessageBody = z.strictObject({ id: requiredId('id') });
export type DeleteMessageBody = z.input<typeof DeleteMessageBody>;

export const DeletedMessage = z.object({ id: z.number(), deleted: z.object({ is_editor: z.boolean() }) });
export type DeletedMessage = z.infer<typeof DeletedMessage>;

/**
 * One event of GET /api/events/stream/ (the `data:` of a server-sent event), ids only: refetch what it
 * names. 'hello' comes first on every connection, and again whenever events may have been missed:
 * refetch everything shown that was read at another `position` than the hello's (EVENTS_POSITION_HEADER).
 */
export const LiveEvent = z.object({
  type: z.enum([...LIVE_EVENT_TYPES, 'hello']),
  chatId: z.number().optional(),
  postId: z.number().optional(),
  messageId: z.number().optional(),
  taskId: z.number().optional(),
  notificationId: z.number().optional(),
  meetingId: z.string().optional(),
  /** Of a 'hello': where the server's process was in the live events when the stream began. */
  position: z.string().optional(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;
