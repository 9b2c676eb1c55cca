import type { ChatUser, Post } from '@atrium/contracts';
import { ActionIcon, Button, Divider, Image, Paper, Title } from '@mantine/core';
import {
  IconMessageCircle,
  IconPencil,
  IconThumbUp,
  IconThumbUpFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChatThread, chatQueryOptions, countComments } from '../../../chat';
import { dateTime } from '../../../lib/dates';
import { useNearScreen } from '../../../lib/near-screen';
import { ConfirmDialog, SkeletonRows, UserAvatar } from '../../../ui';
import { useDeletePost, useTogglePostLike } from '../api';
import { commentLink } from '../links';
import { PostBody } from './post-body';
import classes from './post-card.module.css';

/** The job position a person without one has. */
const NO_POSITION = 'N/A';

/** How far below the screen a post's comments already load, so that scrolling rarely waits for them. */
const COMMENTS_AHEAD_PX = 800;

type PostCardProps = {
  post: Post;
  viewer: ChatUser;
  /** The comment a shared link points at, when it is one of this post's. */
  highlightMessageId: number | null;
  /**
   * For a post the feed renders first (it may be on screen at once): its comments load at once. The
   * others wait for the browser to report them near the screen.
   */
  onFirstScreen?: boolean;
};

/** A post of the feed: author, date, title, cover, body, likes, and its comment thread. */
export function PostCard({ post, viewer, highlightMessageId, onFirstScreen = true }: PostCardProps) {
  const titleId = useId();
  const toggleLike = useTogglePostLike();
  const deletePost = useDeletePost();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // A feed of ten posts with all their threads is the heaviest first render of the portal (and ten
  // requests more): a post's comments load once it comes near the screen, or at once for a shared link.
  const [cardRef, near] = useNearScreen<HTMLElement>(COMMENTS_AHEAD_PX, { initially: onFirstScreen });
  const withComments = near || highlightMessageId !== null;
  const author = `${post.author.first_name} ${post.author.last_name}`;
  const position = post.author.job_position_name === NO_POSITION ? null : post.author.job_position_name;
  const LikeIcon = post.liked ? IconThumbUpFilled : IconThumbUp;

  return (
    <Paper ref={cardRef} component="article" aria-labelledby={titleId} withBorder className={classes.card}>
      {/* Plain elements styled by the module rather than Mantine's Stack, Group and Text, which resolve
          their style props at every render: a page of the feed renders ten of these at once. */}
      <div className={classes.content}>
        <div className={classes.top}>
          <div className={classes.byline}>
            <UserAvatar name={author} src={post.author.avatar} size={40} decorative />
            <div className={classes.who}>
              <p className={classes.author}>{author}</p>
              {/* A long position gives way; the date always shows. */}
              <div className={classes.meta}>
                {position && <span className={classes.position}>{position} ·</span>}
                <time dateTime={post.created_at} className={classes.date}>
                  {dateTime(new Date(post.created_at))}
                </time>
              </div>
            </div>
          </div>
          {post.can_edit && (
            <div className={classes.tools}>
              <ActionIcon
                component={Link}
                to={`/news/edit/${post.id}`}
                variant="subtle"
                color="gray"
                aria-label="Edit post"
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Delete post"
                onClick={() => setConfirmingDelete(true)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </div>
          )}
        </div>

        <Title order={2} size="h3" id={titleId} className={classes.title}>
          {post.title}
        </Title>
        {post.cover && <Image src={post.cover} alt="" radius="md" className={classes.cover} />}
        {post.body_html && <PostBody html={post.body_html} />}

        <div className={classes.reactions}>
          <Button
            variant={post.liked ? 'light' : 'subtle'}
            color={post.liked ? undefined : 'gray'}
            size="compact-sm"
            aria-pressed={post.liked}
            aria-label={`Like the post (${post.likes_count})`}
            leftSection={<LikeIcon size={16} aria-hidden />}
            onClick={() => toggleLike.mutate(post)}
          >
            {post.likes_count}
          </Button>
          <CommentCount chatId={post.chat} loaded={withComments} fallback={post.comments_count} />
        </div>

        <Divider />
        {withComments ? (
          <ChatThread
            chatId={post.chat}
            viewer={viewer}
            linkOf={(messageId) => commentLink(post.id, messageId)}
            highlightId={highlightMessageId}
          />
        ) : (
          <SkeletonRows count={2} />
        )}
      </div>

      <ConfirmDialog
        opened={confirmingDelete}
        title="Delete post"
        text="The post and all its comments will be deleted."
        confirmLabel="Delete"
        loading={deletePost.isPending}
        onConfirm={() => deletePost.mutate(post.id, { onSettled: () => setConfirmingDelete(false) })}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Paper>
  );
}

/**
 * A post's comment count. The thread below loads the chat anyway, and its count is the fresher one; the
 * feed's stands until then. A component of its own, so that the chat's arrival renders this line again,
 * not the whole card.
 */
function CommentCount({ chatId, loaded, fallback }: { chatId: number; loaded: boolean; fallback: number }) {
  const { data } = useQuery({ ...chatQueryOptions(chatId), enabled: loaded, select: countComments });
  const comments = data ?? fallback;
  return (
    <p className={classes.comments}>
      <IconMessageCircle size={16} aria-hidden />
      {comments === 1 ? '1 comment' : `${comments} comments`}
    </p>
  );
}
