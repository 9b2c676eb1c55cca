import type { Post } from '@atrium/contracts';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentSession } from '../../../app/session';
import { Bone, EmptyState, LoadMore, SkeletonRows } from '../../../ui';
import { feedQueryOptions, isPostEditor, postQueryOptions, useLiveNews } from '../api';
import { PostCard } from '../components/post-card';
import cardClasses from '../components/post-card.module.css';
import { linkTarget } from '../links';

/** A readable line length for posts; wider screens get margins rather than longer lines. */
const FEED_WIDTH = 760;
/** The posts of the feed's first render, more than a screen holds; the rest of the page follows. */
const FIRST_POSTS = 2;

/**
 * The company's news feed at /news, newest first, with infinite scroll. A shared comment link
 * (?postId=&messageId=) scrolls to its comment; a post beyond the first page is shown on top.
 */
export function NewsPage() {
  const { user, company } = useCurrentSession();
  const [params] = useSearchParams();
  const target = linkTarget(params);
  const editor = isPostEditor(user);
  useLiveNews();

  const feed = useInfiniteQuery(feedQueryOptions(company.id));
  const firstPage = feed.data?.pages[0]?.results ?? [];
  const linkedBeyondFirstPage =
    target.postId !== null && feed.isSuccess && !firstPage.some((post) => post.id === target.postId);
  const linked = useQuery({ ...postQueryOptions(target.postId ?? 0), enabled: linkedBeyondFirstPage });
  const pinned = linkedBeyondFirstPage ? linked.data : undefined;
  const posts: Post[] = [
    ...(pinned ? [pinned] : []),
    ...(feed.data?.pages.flatMap((page) => page.results) ?? []).filter((post) => post.id !== pinned?.id),
  ];
  // When the feed first arrives, the first posts render (and paint) at once and the rest of the page
  // in a deferred render, which React does in slices: not one long task for a whole page of posts.
  const renderedFeed = useDeferredValue(feed.data);
  const shown = renderedFeed === undefined ? posts.slice(0, FIRST_POSTS) : posts;

  const newPost = (
    <Button component={Link} to="/news/create" leftSection={<IconPlus size={16} aria-hidden />}>
      New post
    </Button>
  );

  return (
    <Stack gap="lg" maw={FEED_WIDTH} mx="auto">
      <title>News · Atrium</title>
      <Group justify="space-between">
        <Title order={1}>News</Title>
        {editor && newPost}
      </Group>
      {feed.isPending && <FeedSkeleton />}
      {feed.isError && (
        <EmptyState
          text="The news could not be loaded"
          action={
            <Button variant="default" onClick={() => feed.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {feed.isSuccess && posts.length === 0 && (
        <EmptyState
          text="No news yet"
          hint={editor ? 'Share the first story with your colleagues.' : undefined}
          action={editor && newPost}
          icon={IconNews}
        />
      )}
      {shown.map((post, index) => (
        <PostCard
          key={post.id}
          post={post}
          viewer={user}
          highlightMessageId={post.id === target.postId ? target.messageId : null}
          onFirstScreen={index < FIRST_POSTS}
        />
      ))}
      {feed.isFetchingNextPage && <FeedSkeleton count={1} />}
      {feed.hasNextPage && !feed.isFetchingNextPage && shown === posts && (
        <LoadMore key={feed.data?.pages.length} ahead={600} onVisible={() => void feed.fetchNextPage()} />
      )}
    </Stack>
  );
}

/** Posts in outline while the feed loads: author row, title and a few lines. */
function FeedSkeleton({ count = 2 }: { count?: number }) {
  return Array.from({ length: count }, (_, index) => (
    // The placeholders are identical and never reorder.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Paper key={index} withBorder className={cardClasses.card}>
      <Stack gap="md">
        <SkeletonRows count={1} />
        <Bone height={16} width="60%" />
        <Stack gap={8} aria-hidden>
          <Bone height={10} />
          <Bone height={10} />
          <Bone height={10} width="80%" />
        </Stack>
      </Stack>
    </Paper>
  ));
}
