import type { ChatMessage, ChatReply, ChatUser } from '@atrium/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { Fragment, useDeferredValue, useEffect, useState } from 'react';
import { ConfirmDialog, copyLink, SkeletonRows } from '../ui';
import { threadOf } from './api';
import classes from './chat.module.css';
import { ChatMessageItem, PendingMessageItem } from './chat-message';
import { MessageInput } from './message-input';
import {
  type PendingMessage,
  useChat,
  useDeleteMessage,
  useSendQueue,
  useShowEarlier,
  useToggleLike,
} from './use-chat';

/** Spec §2: the shrunk view shows the last 3 comments, each with its last 2 replies. */
const SHRUNK_COMMENTS = 3;
const SHRUNK_REPLIES = 2;

const shrink = (threads: ChatMessage[]) =>
  threads
    .slice(-SHRUNK_COMMENTS)
    .map((thread) => ({ ...thread, replies: thread.replies.slice(-SHRUNK_REPLIES) }));

const messageCount = (threads: ChatMessage[]) =>
  threads.reduce((count, thread) => count + 1 + thread.replies.length, 0);

export type ChatThreadProps = {
  chatId: number;
  /** The signed-in user, shown as the author of what they send. */
  viewer: ChatUser;
  /** The path of a message's shareable link; without it there is no copy-link action. */
  linkOf?: (messageId: number) => string;
  /** A shared link's message: shown even when the view is shrunk, scrolled to after 700 ms and highlighted. */
  highlightId?: number | null;
  placeholder?: string;
  /**
   * The workflow comment box (spec §2): the comment field stays hidden until the 'Add comment' toggle
   * opens it. Without it the field always shows, as under a post.
   */
  commentToggle?: boolean;
  /** Said where the messages would be when there are none yet, e.g. 'Write your first message'. */
  emptyText?: string;
  /** Said instead of placeholder rows while the messages load, e.g. 'Please, wait...'. */
  loadingText?: string;
};

/**
 * A chat as a comment thread (spec §2, §4, §5): messages with their replies, shrunk to the latest until
 * 'Show all comments', the newest threads only until 'Show earlier comments' (decision 0020), an
 * optimistic send queue, a reply box under the chosen message, likes, deletion and copy link. It knows
 * nothing of what the chat belongs to (a post, a task); a task's chat opens its comment field with a
 * toggle and says when it is empty or loading (`commentToggle`, `emptyText`, `loadingText`).
 */
export function ChatThread({
  chatId,
  viewer,
  linkOf,
  highlightId = null,
  placeholder = 'Your comment...',
  commentToggle = false,
  emptyText,
  loadingText,
}: ChatThreadProps) {
  const chat = useChat(chatId);
  // A thread's first answer renders as a deferred update, which React does in slices: a feed's threads
  // arriving together were one task of 180 ms at a phone's speed. Until then the placeholder rows stay.
  // Every later change (the send queue's optimistic messages, a like) renders at once, as before.
  const firstRendered = useDeferredValue(chat.data) !== undefined;
  const data = firstRendered ? chat.data : undefined;
  const showEarlier = useShowEarlier(chatId);
  const queue = useSendQueue(chatId);
  const toggleLike = useToggleLike(chatId, viewer.id);
  const deleteMessage = useDeleteMessage(chatId);
  // null until the user chooses: then a shared link's hidden message opens the full view by itself.
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);

  const threads = data?.threads ?? [];
  const earlier = data?.earlier ?? 0;
  const loadingEarlier = chat.isFetching && (data?.wanted ?? 0) > threads.length;
  const shrunk = shrink(threads);
  const hiddenCount = messageCount(threads) - messageCount(shrunk);
  const linkHidden =
    highlightId !== null && !threadOf(shrunk, highlightId) && !!threadOf(threads, highlightId);
  const showAll = expanded ?? linkHidden;
  const shown = showAll ? threads : shrunk;

  // A shared link's message in a thread older than those held: hold them all (one call for the chat).
  const linkEarlier = highlightId !== null && earlier > 0 && !threadOf(threads, highlightId);
  useEffect(() => {
    if (linkEarlier) showEarlier(Number.POSITIVE_INFINITY);
  }, [linkEarlier, showEarlier]);

  const pendingOf = (threadId: number | null) =>
    queue.pending.filter((entry) =>
      threadId === null ? entry.reply === null : threadOf(threads, entry.reply ?? 0)?.id === threadId,
    );

  const pendingItem = (entry: PendingMessage) => (
    <PendingMessageItem
      key={`pending-${entry.key}`}
      author={viewer}
      text={entry.message}
      failed={entry.failed}
      onRetry={() => queue.retry(entry)}
      onDiscard={() => queue.discard(entry.key)}
    />
  );

  const replyBox = (message: ChatMessage | ChatReply) =>
    replyTo === message.id && (
      <MessageInput
        label="Reply"
        placeholder={`Reply to ${message.user.first_name}...`}
        required
        autoFocus
        onSend={(text) => {
          queue.send(text, message.id);
          setReplyTo(null);
        }}
        onEscape={() => setReplyTo(null)}
      />
    );

  const messageItem = (message: ChatMessage | ChatReply) => (
    <ChatMessageItem
      message={message}
      highlighted={message.id === highlightId}
      onCopyLink={linkOf && (() => copyLink(new URL(linkOf(message.id), window.location.origin).href))}
      onLike={() => toggleLike.mutate(message)}
      onReply={() => setReplyTo(message.id)}
      onDelete={() => setDeleting(message.id)}
    />
  );

  return (
    <Stack gap="xs">
      {(hiddenCount > 0 || earlier > 0) && (
        <Group gap="xs">
          <Button variant="subtle" size="compact-sm" onClick={() => setExpanded(!showAll)}>
            {showAll ? 'Show fewer comments' : 'Show all comments'}
          </Button>
          {/* After the toggle, which so stays where it was clicked. */}
          {showAll && earlier > 0 && (
            <Button variant="subtle" size="compact-sm" loading={loadingEarlier} onClick={() => showEarlier()}>
              Show earlier comments ({earlier})
            </Button>
          )}
        </Group>
      )}
      {(chat.isPending || (chat.data && !data)) &&
        (loadingText ? (
          <Text size="sm" c="dimmed" role="status">
            {loadingText}
          </Text>
        ) : (
          <SkeletonRows count={2} />
        ))}
      {emptyText && data && chat.isSuccess && threads.length === 0 && queue.pending.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {chat.isError && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Comments could not be loaded.
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => chat.refetch()}>
            Retry
          </Button>
        </Group>
      )}
      {shown.map((thread) => (
        <div key={thread.id}>
          {messageItem(thread)}
          <div className={classes.replies}>
            {replyBox(thread)}
            {thread.replies.map((reply) => (
              <Fragment key={reply.id}>
                {messageItem(reply)}
                {replyBox(reply)}
              </Fragment>
            ))}
            {pendingOf(thread.id).map(pendingItem)}
          </div>
        </div>
      ))}
      {pendingOf(null).map(pendingItem)}
      {commentToggle && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMessagePlus size={16} aria-hidden />}
            aria-expanded={composing}
            onClick={() => setComposing(!composing)}
          >
            Add comment
          </Button>
        </Group>
      )}
      {(!commentToggle || composing) && (
        <MessageInput
          label="Comment"
          placeholder={placeholder}
          // Opened by the toggle: the user means to type now.
          autoFocus={commentToggle}
          busy={!chat.isSuccess}
          onSend={(text) => queue.send(text)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete comment"
        text="The comment will be deleted for everyone."
        confirmLabel="Delete"
        loading={deleteMessage.isPending}
        onConfirm={() =>
          deleting !== null && deleteMessage.mutate(deleting, { onSettled: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
