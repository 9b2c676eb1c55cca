import type { ChatMessage, ChatReply, ChatUser } from '@atrium/contracts';
import { ActionIcon, Button } from '@mantine/core';
import { IconLink, IconThumbUp, IconThumbUpFilled, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { dateTime } from '../lib/dates';
import { UserAvatar } from '../ui';
import classes from './chat.module.css';

/** Spec §9: a shared comment link scrolls to its comment this long after the page has it. */
const LINK_SCROLL_DELAY_MS = 700;

const AVATAR_SIZE = 28;

const fullName = (user: ChatUser) => `${user.first_name} ${user.last_name}`;

const deletedText = (deleted: { is_editor: boolean }) =>
  deleted.is_editor ? 'Comment deleted by editor' : 'Comment deleted by author';

type MessageFrameProps = {
  user: ChatUser;
  /** ISO time; none while the message is being sent. */
  createdAt?: string;
  highlighted?: boolean;
  pending?: boolean;
  children: ReactNode;
};

/** Avatar, name and time, and under them the text and actions; scrolls into view when it is a link's target. */
function MessageFrame({
  user,
  createdAt,
  highlighted = false,
  pending = false,
  children,
}: MessageFrameProps) {
  const frame = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => {
      frame.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      setShown(true);
    }, LINK_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  // Plain elements styled by the module rather than Mantine's Group, Box and Text: a feed's first screen
  // holds dozens of messages, and each of those components resolves its style props at every render.
  return (
    <article
      ref={frame}
      aria-label={`Comment by ${fullName(user)}`}
      className={classes.message}
      data-highlighted={shown || undefined}
      data-pending={pending || undefined}
    >
      <UserAvatar name={fullName(user)} src={user.avatar} size={AVATAR_SIZE} decorative />
      <div className={classes.body}>
        <div className={classes.header}>
          <p className={classes.author}>{fullName(user)}</p>
          {createdAt && (
            <time dateTime={createdAt} className={classes.time}>
              {dateTime(new Date(createdAt))}
            </time>
          )}
        </div>
        {children}
      </div>
    </article>
  );
}

/** Plain text as typed: line breaks kept, never read as HTML. */
const MessageText = ({ text }: { text: string }) => <p className={classes.text}>{text}</p>;

export type ChatMessageItemProps = {
  message: ChatMessage | ChatReply;
  highlighted?: boolean;
  /** Copies the message's link; without it there is no copy-link action. */
  onCopyLink?: () => void;
  onLike: () => void;
  onReply: () => void;
  onDelete: () => void;
};

/** One message with its actions (spec §2): like, reply, copy link, and delete where the viewer may. */
export function ChatMessageItem({
  message,
  highlighted,
  onCopyLink,
  onLike,
  onReply,
  onDelete,
}: ChatMessageItemProps) {
  const likes = message.likes_count;
  const LikeIcon = message.liked ? IconThumbUpFilled : IconThumbUp;

  return (
    <MessageFrame user={message.user} createdAt={message.created_at} highlighted={highlighted}>
      {message.deleted ? (
        <p className={classes.deleted}>{deletedText(message.deleted)}</p>
      ) : (
        <>
          <MessageText text={message.message} />
          <div className={classes.actions}>
            <Button
              variant="subtle"
              size="compact-xs"
              color={message.liked ? undefined : 'gray'}
              aria-pressed={message.liked}
              aria-label={likes ? `Like (${likes})` : 'Like'}
              // Without likes the icon alone, so that no empty label leaves a gap.
              leftSection={likes ? <LikeIcon size={14} aria-hidden /> : undefined}
              onClick={onLike}
            >
              {likes || <LikeIcon size={14} aria-hidden />}
            </Button>
            <Button variant="subtle" size="compact-xs" color="gray" onClick={onReply}>
              Reply
            </Button>
            {onCopyLink && (
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Copy link" onClick={onCopyLink}>
                <IconLink size={14} aria-hidden />
              </ActionIcon>
            )}
            {message.can_delete && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label="Delete comment"
                onClick={onDelete}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            )}
          </div>
        </>
      )}
    </MessageFrame>
  );
}

type PendingMessageItemProps = {
  author: ChatUser;
  text: string;
  failed: boolean;
  onRetry: () => void;
  onDiscard: () => void;
};

/** A message of the send queue: 'Sending…', or not sent with Retry and Discard. */
export function PendingMessageItem({ author, text, failed, onRetry, onDiscard }: PendingMessageItemProps) {
  return (
    <MessageFrame user={author} pending={!failed}>
      <MessageText text={text} />
      {failed ? (
        <div className={classes.actions}>
          <p className={classes.failed} role="alert">
            Not sent
          </p>
          <Button variant="subtle" size="compact-xs" onClick={onRetry}>
            Retry
          </Button>
          <Button variant="subtle" size="compact-xs" color="gray" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      ) : (
        <p className={classes.sending}>Sending…</p>
      )}
    </MessageFrame>
  );
}
