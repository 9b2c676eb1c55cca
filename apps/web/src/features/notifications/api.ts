import type { Notification, NotificationsPage, UnreadCount } from '@atrium/contracts';
import { notifications as notices } from '@mantine/notifications';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useLiveInvalidation } from '../../lib/live-events';

/** Every query of the bell starts with this key, so that one invalidation refreshes badge and list. */
const NOTIFICATIONS = ['notifications'] as const;

/** The badge: how many of the user's notifications are unread. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS, 'unread'],
    queryFn: () => http.get<UnreadCount>('/api/notifications/unread/'),
  });

/** The user's notifications, newest first, 20 a page; further pages on demand (`fetchNextPage`). */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS, 'list'],
    queryFn: ({ pageParam }) => http.get<NotificationsPage>(`/api/notifications/?page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) => (lastPage.next ? lastPageNumber + 1 : undefined),
  });

/**
 * Keeps the bell fresh: the server tells of a new notification, and of one read in another tab, with a
 * 'notification' event; 'hello' (a reconnect) refetches what may have been missed.
 */
export const useLiveNotifications = () => useLiveInvalidation(NOTIFICATIONS, ['notification']);

type ListData = InfiniteData<NotificationsPage>;

/** Marks notifications read in the cached list (those `which` picks) and sets the badge to `unread`. */
function useMarkCached() {
  const queryClient = useQueryClient();
  return (which: (notification: Notification) => boolean, unread: (current: number) => number) => {
    queryClient.setQueryData<ListData>(notificationsQueryOptions().queryKey, (list) =>
      list
        ? {
            ...list,
            pages: list.pages.map((page) => ({
              ...page,
              results: page.results.map((each) => (which(each) ? { ...each, read: true } : each)),
            })),
          }
        : list,
    );
    queryClient.setQueryData(unreadQueryOptions().queryKey, (count) =>
      count ? { unread: Math.max(0, unread(count.unread)) } : count,
    );
  };
}

/**
 * Marks one unread notification read, at once on screen (the user is already on the way to its task); the
 * server's answer, or its refusal, is then fetched again.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const markCached = useMarkCached();
  return useMutation({
    mutationFn: (notification: Notification) =>
      http.post<Notification>(`/api/notifications/${notification.id}/read/`),
    onMutate: async (notification) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS });
      markCached(
        (each) => each.id === notification.id,
        (unread) => unread - 1,
      );
    },
    onError: () => notices.show({ color: 'red', message: 'The notification was not marked as read.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS }),
  });
}

/** Marks all of the user's notifications read; the badge takes the count the server answers. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const markCached = useMarkCached();
  return useMutation({
    mutationFn: () => http.post<UnreadCount>('/api/notifications/read-all/'),
    onSuccess: ({ unread }) =>
      markCached(
        () => true,
        () => unread,
      ),
    onError: () =>
      notices.show({ color: 'red', message: 'The notifications were not marked as read. Try again.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS }),
  });
}
