import type {
  CreatePostBody,
  Post,
  PostsPage,
  PreviewResponse,
  SessionUser,
  UpdatePostBody,
} from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useLiveInvalidation } from '../../lib/live-events';

/** Spec §6: holders of create_posts (in the active company, whose rights the session lists) edit the news. */
export const isPostEditor = (user: SessionUser) => user.rights.includes('create_posts');

/** Every query of the news feature starts with this key. */
const NEWS = ['news'] as const;

/** A company's feed, newest first, 10 posts a page; further pages on demand (`fetchNextPage`). */
export const feedQueryOptions = (companyId: number) =>
  infiniteQueryOptions({
    queryKey: [...NEWS, 'feed', companyId],
    queryFn: ({ pageParam }) => http.get<PostsPage>(`/api/posts/?company=${companyId}&page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) => (lastPage.next ? lastPageNumber + 1 : undefined),
  });

export const postQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: [...NEWS, 'post', postId],
    queryFn: () => http.get<Post>(`/api/posts/${postId}/`),
  });

export const createPost = (body: CreatePostBody) => http.post<Post>('/api/posts/', body);

/** The server's rendering of a body not saved yet: the preview shows exactly what the post will. */
export const previewQueryOptions = (body: string) =>
  queryOptions({
    queryKey: [...NEWS, 'preview', body],
    queryFn: () => http.post<PreviewResponse>('/api/posts/preview/', { body }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const updatePost = (postId: number, body: UpdatePostBody) =>
  http.patch<Post>(`/api/posts/${postId}/`, body);

export function uploadCover(postId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<Post>(`/api/posts/${postId}/cover/`, form);
}
export const removeCover = (postId: number) => http.delete<Post>(`/api/posts/${postId}/cover/`);

/** Refetches the feed and any single post when a post is published, edited, liked or deleted. */
export const useLiveNews = () => useLiveInvalidation(NEWS, ['post.created', 'post.updated', 'post.deleted']);

/** Sets `post` wherever the cache holds it: in a feed page, or on its own. */
function usePutPost() {
  const queryClient = useQueryClient();
  return (post: Post) => {
    queryClient.setQueriesData<InfiniteData<PostsPage>>({ queryKey: [...NEWS, 'feed'] }, (feed) =>
      feed
        ? {
            ...feed,
            pages: feed.pages.map((page) => ({
              ...page,
              results: page.results.map((each) => (each.id === post.id ? post : each)),
            })),
          }
        : feed,
    );
    queryClient.setQueryData(postQueryOptions(post.id).queryKey, (shown) => shown && post);
  };
}

/** Like and unlike, optimistic: the count and the flag change at once and go back with a notice on failure. */
export function useTogglePostLike() {
  const queryClient = useQueryClient();
  const putPost = usePutPost();
  return useMutation({
    mutationFn: (post: Post) =>
      post.liked
        ? http.delete<Post>(`/api/posts/${post.id}/like/`)
        : http.post<Post>(`/api/posts/${post.id}/like/`),
    onMutate: async (post) => {
      await queryClient.cancelQueries({ queryKey: NEWS });
      putPost({
        ...post,
        liked: !post.liked,
        likes_count: Math.max(0, post.likes_count + (post.liked ? -1 : 1)),
      });
    },
    onError: (_error, post) => {
      putPost(post);
      notifications.show({ color: 'red', message: 'The like was not saved. Try again.' });
    },
    onSuccess: putPost,
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => http.delete(`/api/posts/${postId}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NEWS }),
    onError: () => notifications.show({ color: 'red', message: 'The post was not deleted. Try again.' }),
  });
}

/** After a save: the feed and the post show the new version. */
export function useRefreshNews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: NEWS });
}
