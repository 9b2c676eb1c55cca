import type { Notification } from '@atrium/contracts';
import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../ui/empty-state';
import { LoadMore } from '../../../ui/load-more';
import { SkeletonRows } from '../../../ui/skeleton-rows';
import { UserAvatar } from '../../../ui/user-avatar';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { notificationsQueryOptions } from '../api';
import { exactTime, notificationTime } from '../when';
import classes from './notification-bell.module.css';

/** The user's notifications, newest first; the next page loads as the end of the list scrolls into view. */
export function NotificationList({ onOpen }: { onOpen: (notification: Notification) => void }) {
  const list = useInfiniteQuery(notificationsQueryOptions());

  if (list.isPending) {
    return (
      <Box p="md">
        <SkeletonRows count={4} />
      </Box>
    );
  }
  if (list.isError) {
    return (
      <Stack align="center" gap="xs" p="md">
        <Text size="sm" c="red">
          Error request
        </Text>
        <Button variant="light" size="compact-sm" onClick={() => list.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const notifications = list.data.pages.flatMap((page) => page.results);
  if (notifications.length === 0) return <EmptyState text="No notifications yet" icon={IconBell} />;

  return (
    <ScrollArea.Autosize mah="min(480px, calc(100dvh - 120px))" type="auto">
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} onOpen={onOpen} />
          </li>
        ))}
      </Box>
      {list.hasNextPage && (
        <LoadMore
          key={list.data.pages.length}
          ahead={100}
          onVisible={() => {
            if (!list.isFetchingNextPage) void list.fetchNextPage();
          }}
        />
      )}
      {list.isFetchingNextPage && (
        <Center py="xs">
          <Loader size="sm" aria-label="Loading more notifications" />
        </Center>
      )}
    </ScrollArea.Autosize>
  );
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { actor, read } = notification;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={!read || undefined}
      onClick={() => onOpen(notification)}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {actor ? (
          <UserAvatar
            name={`${actor.first_name} ${actor.last_name}`}
            src={actor.avatar}
            size={32}
            decorative
          />
        ) : (
          // The system (an SLA, a routing) acts without a face.
          <ThemeIcon variant="light" color="gray" radius="xl" size={32} aria-hidden>
            <IconBell size={16} stroke={1.75} />
          </ThemeIcon>
        )}
        <Box flex={1} miw={0}>
          <Text size="sm" fw={read ? 400 : 600} className={classes.text}>
            {notification.text}
          </Text>
          <Text size="xs" c="dimmed" className={classes.time}>
            <time dateTime={notification.created_at} title={exactTime(notification.created_at)}>
              {notificationTime(notification.created_at)}
            </time>
          </Text>
        </Box>
        {!read && (
          <>
            <span className={classes.dot} aria-hidden />
            <VisuallyHidden>Unread</VisuallyHidden>
          </>
        )}
      </Group>
    </UnstyledButton>
  );
}
