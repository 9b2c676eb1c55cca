import {
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatReply,
  type ChatResponse,
  type DeletedMessage,
  LIKE_EMOJI,
  type MessageLikes,
} from '@atrium/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { http } from '../lib/http';

export const chatQueryKey = (chatId: number) => ['chats', chatId] as const;

/** What the app holds of a chat: its newest threads, as many as asked for (decision 0020). */
export type LoadedChat = {
  /** Top-level messages oldest first, each with its replies oldest first. */
  threads: ChatMessage[];
  /** Threads older than those held: what 'Show earlier comments' offers. */
  earlier: number;
  /** The comments of the threads not held (not deleted, replies included), for the chat's comment count. */
  unheldComments: number;
  /** The threads the next fetch asks for: a page more with each 'Show earlier comments'; Infinity for all. */
  wanted: number;
};

/**
 * The newest `wanted` threads of a chat, in as few pages as the API allows (at most CHAT_PAGE_MAX
 * threads each, each page older than the last); the whole chat in one call when `wanted` is Infinity.
 */
async function fetchNewest(chatId: number, wanted: number): Promise<LoadedChat> {
  const ask = (query: string) => http.get<ChatResponse>(`/api/chats/${chatId}/${query}`);
  let answer = await ask(Number.isFinite(wanted) ? `?limit=${Math.min(wanted, CHAT_PAGE_MAX)}` : '');
  let threads = answer.messages;
  const comments = answer.comments_count;
  while (answer.earlier > 0 && threads.length < wanted && threads[0]) {
    answer = await ask(`?limit=${Math.min(wanted - threads.length, CHAT_PAGE_MAX)}&before=${threads[0].id}`);
    threads = [...answer.messages, ...threads];
  }
  return { threads, earlier: answer.earlier, unheldComments: comments - countHeld(threads), wanted };
}

/**
 * A chat's newest threads: a page (CHAT_PAGE_SIZE) at first, and as many as asked for since (`wanted`,
 * kept with the data), so that a refetch after a live event brings back everything shown.
 */
export const chatQueryOptions = (chatId: number) =>
  queryOptions({
    queryKey: chatQueryKey(chatId),
    queryFn: ({ client, queryKey }) =>
      fetchNewest(chatId, client.getQueryData<LoadedChat>(queryKey)?.wanted ?? CHAT_PAGE_SIZE),
  });

/**
 * Holds `more` threads than now (Infinity: all of them) from now on, fetching them at once: the chat is
 * refetched whole rather than a page added, so that it never has a gap or a thread twice.
 */
export function showEarlierThreads(queryClient: QueryClient, chatId: number, more: number) {
  const queryKey = chatQueryKey(chatId);
  queryClient.setQueryData<LoadedChat>(
    queryKey,
    (chat) => chat && { ...chat, wanted: chat.threads.length + more },
  );
  return queryClient.refetchQueries({ queryKey, exact: true });
}

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

const countHeld = (threads: ChatMessage[]) =>
  threads.reduce(
    (count, thread) =>
      count + (thread.deleted ? 0 : 1) + thread.replies.filter((reply) => !reply.deleted).length,
    0,
  );

/** The chat's comments that are not deleted, replies included, as a post's comment count counts them. */
export const countComments = (chat: LoadedChat) => chat.unheldComments + countHeld(chat.threads);
