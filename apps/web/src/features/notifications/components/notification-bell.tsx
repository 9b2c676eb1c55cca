import type { Notification } from '@atrium/contracts';
import { ActionIcon, Box, Button, Group, Indicator, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SkeletonRows } from '../../../ui/skeleton-rows';
import {
  unreadQueryOptions,
  useLiveNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api';
import classes from './notification-bell.module.css';

// The list (with its date formatting) loads when the dropdown first opens, not with every page.
const NotificationList = lazy(async () => ({
  default: (await import('./notification-list')).NotificationList,
}));

/** The badge never grows wider than three characters. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The header's bell: the unread count as a badge, and on click the user's notifications. Opening one
 * marks it read and goes to its task; the list and the badge follow the live event stream.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const navigate = useNavigate();
  useLiveNotifications();
  const unread = useQuery(unreadQueryOptions()).data?.unread ?? 0;
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification);
    setOpened(false);
    if (notification.task !== null) void navigate(`/tasks?taskId=${notification.task}`);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Indicator
        inline
        label={
          <span className={classes.badge} aria-hidden>
            {badgeText(unread)}
          </span>
        }
        disabled={unread === 0}
        size={18}
        offset={6}
        color="red"
        // Above the button only, so that an open dropdown still covers it.
        zIndex={1}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            onClick={() => setOpened((was) => !was)}
          >
            <IconBell size={20} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      {/* Never wider than a phone's screen, less a margin on each side. */}
      <Popover.Dropdown p={0} aria-labelledby={titleId} maw="calc(100vw - 16px)">
        <Group className={classes.header} justify="space-between" wrap="nowrap" px="md" py="xs">
          <Text id={titleId} fw={600}>
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            Mark all as read
          </Button>
        </Group>
        <Suspense
          fallback={
            <Box p="md">
              <SkeletonRows count={4} />
            </Box>
          }
        >
          <NotificationList onOpen={open} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
