import { CHAT_PAGE_SIZE, type ChatMessage, type ChatReply } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLiveInvalidation } from '../lib/live-events';
import {
  addMessage,
  chatQueryKey,
  chatQueryOptions,
  deleteChatMessage,
  type LoadedChat,
  sendChatMessage,
  setChatMessageLike,
  showEarlierThreads,
  toggledLikes,
  updateMessage,
  withLikes,
} from './api';

const CHAT_EVENTS = ['chat.message', 'chat.like', 'chat.delete'] as const;

/** A chat's newest threads, refetched (all those held) when someone writes, likes or deletes in it. */
export function useChat(chatId: number) {
  useLiveInvalidation(chatQueryKey(chatId), CHAT_EVENTS, (event) => event.chatId === chatId);
  return useQuery(chatQueryOptions(chatId));
}

/** Holds the threads before those held: a page more (CHAT_PAGE_SIZE), or `more` (Infinity: all). */
export function useShowEarlier(chatId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (more = CHAT_PAGE_SIZE) => void showEarlierThreads(queryClient, chatId, more),
    [queryClient, chatId],
  );
}

/** A message on its way to the server; `failed` once the server refused it or could not be reached. */
export type PendingMessage = { key: number; message: string; reply: number | null; failed: boolean };

let lastPendingKey = 0;

/**
 * Sending is optimistic (spec §4): a message shows at once from a local queue and is replaced by the
 * server's copy when it is stored; one that fails stays, marked, until it is retried or discarded.
 */
export function useSendQueue(chatId: number) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const setFailed = (key: number, failed: boolean) =>
    setPending((queue) => queue.map((entry) => (entry.key === key ? { ...entry, failed } : entry)));

  const deliver = async (entry: PendingMessage) => {
    try {
      const sent = await sendChatMessage(chatId, { message: entry.message, reply: entry.reply });
      const queryKey = chatQueryKey(chatId);
      const chat = queryClient.getQueryData<LoadedChat>(queryKey);
      const withSent = chat && addMessage(chat.threads, sent);
      if (chat && withSent) queryClient.setQueryData(queryKey, { ...chat, threads: withSent });
      else void queryClient.invalidateQueries({ queryKey });
      setPending((queue) => queue.filter(({ key }) => key !== entry.key));
    } catch {
      setFailed(entry.key, true);
    }
  };

  return {
    pending,
    send(message: string, reply: number | null = null) {
      const entry = { key: ++lastPendingKey, message, reply, failed: false };
      setPending((queue) => [...queue, entry]);
      void deliver(entry);
    },
    retry(entry: PendingMessage) {
      setFailed(entry.key, false);
      void deliver(entry);
    },
    discard(key: number) {
      setPending((queue) => queue.filter((entry) => entry.key !== key));
    },
  };
}

type Change = <M extends ChatMessage | ChatReply>(message: M) => M;

function useChangeMessage(chatId: number) {
  const queryClient = useQueryClient();
  return (id: number, change: Change) =>
    queryClient.setQueryData<LoadedChat>(
      chatQueryKey(chatId),
      (chat) => chat && { ...chat, threads: updateMessage(chat.threads, id, change) },
    );
}

/**
 * Like and unlike, optimistic (spec §4): the count and the viewer's flag change at once, and go back
 * with a notice when the server refuses.
 */
export function useToggleLike(chatId: number, viewerId: number) {
  const queryClient = useQueryClient();
  const change = useChangeMessage(chatId);
  return useMutation({
    mutationFn: (message: ChatMessage | ChatReply) =>
      setChatMessageLike(chatId, message.id, !message.liked, viewerId),
    onMutate: async (message) => {
      // A refetch under way could land with the like missing.
      await queryClient.cancelQueries({ queryKey: chatQueryKey(chatId) });
      change(message.id, (shown) => withLikes(shown, toggledLikes(message)));
    },
    onError: (_error, message) => {
      change(message.id, (shown) => withLikes(shown, message));
      notifications.show({ color: 'red', message: 'The like was not saved. Try again.' });
    },
    onSuccess: (likes) => change(likes.id, (shown) => withLikes(shown, likes)),
  });
}

/** Deletes a message; it stays in its place as 'Comment deleted by …' (spec §4). */
export function useDeleteMessage(chatId: number) {
  const change = useChangeMessage(chatId);
  return useMutation({
    mutationFn: (id: number) => deleteChatMessage(chatId, id),
    onSuccess: ({ id, deleted }) =>
      change(id, (message) => ({ ...message, deleted, message: '', can_delete: false })),
    onError: () => notifications.show({ color: 'red', message: 'The comment was not deleted. Try again.' }),
  });
}
