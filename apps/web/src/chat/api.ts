import {
  type ChatMessage,
  type ChatReply,
  type ChatResponse,
  type DeletedMessage,
  LIKE_EMOJI,
  type MessageLikes,
} from '@atrium/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../lib/http';

export const chatQueryKey = (chatId: number) => ['chats', chatId] as const;

/** A chat's threads: top-level messages oldest first, each with its replies oldest first. */
export const chatQueryOptions = (chatId: number) =>
  queryOptions({
    queryKey: chatQueryKey(chatId),
    queryFn: () => http.get<ChatResponse>(`/api/chats/${chatId}/`).then(({ messages }) => messages),
  });

export const sendChatMessage = (chatId: number, body: { message: string; reply: number | null }) =>
  http.post<ChatMessage>(`/api/chats/${chatId}/chat_send_message/`, body);

/** Likes or takes back a like; the server takes the liker and the time from the request itself. */
export function setChatMessageLike(chatId: number, messageId: number, like: boolean, userId: number) {
  const path = `/api/chats/${chatId}/add_emoji/${messageId}/`;
  return like
    ? http.post<MessageLikes>(path, {
        created_at: new Date().toISOString(),
        emoji_id: LIKE_EMOJI,
        user: userId,
      })
    : http.delete<MessageLikes>(path);
}

export const deleteChatMessage = (chatId: number, id: number) =>
  http.post<DeletedMessage>(`/api/chats/${chatId}/delete_message/`, { id });

type AnyMessage = ChatMessage | ChatReply;

/** The threads with message `id` (top-level or a reply) changed by `change`. */
export function updateMessage(
  threads: ChatMessage[],
  id: number,
  change: <M extends AnyMessage>(message: M) => M,
): ChatMessage[] {
  return threads.map((thread) => {
    if (thread.id === id) return change(thread);
    if (!thread.replies.some((reply) => reply.id === id)) return thread;
    return { ...thread, replies: thread.replies.map((reply) => (reply.id === id ? change(reply) : reply)) };
  });
}

/** The thread a message belongs to: itself when top-level, else the thread holding what it answers. */
export const threadOf = (threads: ChatMessage[], messageId: number) =>
  threads.find((thread) => thread.id === messageId || thread.replies.some((reply) => reply.id === messageId));

/**
 * The threads with a stored message added where the server puts it: a reply at the end of its thread, a
 * new message at the end; undefined when the thread it answers is not there (refetch instead).
 */
export function addMessage(threads: ChatMessage[], sent: ChatMessage): ChatMessage[] | undefined {
  if (threadOf(threads, sent.id)) return threads;
  if (sent.reply === null) return [...threads, sent];
  const thread = threadOf(threads, sent.reply);
  if (!thread) return undefined;
  const reply: ChatReply = { ...sent, replies: [] };
  return threads.map((each) => (each === thread ? { ...each, replies: [...each.replies, reply] } : each));
}

/** The likes of a message after the viewer's like or unlike. */
export const withLikes = <M extends AnyMessage>(message: M, likes: Omit<MessageLikes, 'id'>): M => ({
  ...message,
  likes_count: likes.likes_count,
  liked: likes.liked,
  emojis: likes.emojis,
});

/** The likes as the server will count them once the viewer's like (or unlike) is stored. */
export function toggledLikes(message: AnyMessage): Omit<MessageLikes, 'id'> {
  const liked = !message.liked;
  const likes_count = Math.max(0, message.likes_count + (liked ? 1 : -1));
  return {
    liked,
    likes_count,
    emojis: likes_count ? [{ emoji_id: LIKE_EMOJI, count: likes_count, user: liked }] : [],
  };
}

/** Comments that are not deleted, replies included, as a post's comment count counts them. */
export const countComments = (threads: ChatMessage[]) =>
  threads.reduce(
    (count, thread) =>
      count + (thread.deleted ? 0 : 1) + thread.replies.filter((reply) => !reply.deleted).length,
    0,
  );
