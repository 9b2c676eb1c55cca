import type { TaskListStatus, TaskRow } from '@atrium/contracts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, LoadMore, SegmentedControl, SkeletonRows, TemplateIcon } from '../../../ui';
import { tasksQueryOptions, useLiveTasks } from '../api';
import { formatDateTime, slaColor } from '../format';
import { taskPath } from '../task-params';
import { STATUS_LOOK } from '../workflow';

const STATUSES: { value: TaskListStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'planned', label: 'Planned' },
  { value: 'completed', label: 'Completed' },
];

/**
 * The profile's Tasks tab (spec §2): the requests the viewed person created, by status, each linking to
 * its detail on /tasks. The server lets only the person, their managers and HR list them.
 */
export function UserTasks({ userId }: { userId: number }) {
  const [status, setStatus] = useState<TaskListStatus>('active');
  useLiveTasks();
  const list = useInfiniteQuery(tasksQueryOptions({ view: 'creator', status, user: userId }));
  const tasks = list.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Task status"
        size="xs"
        value={status}
        onChange={setStatus}
        data={STATUSES}
        fullWidth
      />
      {list.isPending && <SkeletonRows count={4} />}
      {list.isError && (
        <EmptyState
          text="Error request"
          action={
            <Button variant="default" size="xs" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {list.isSuccess && tasks.length === 0 && <EmptyState text="Task records not found" />}
      {tasks.length > 0 && (
        <Stack gap={0} component="ul" aria-label="Tasks" m={0} p={0} style={{ listStyle: 'none' }}>
          {tasks.map((task) => (
            <UserTaskItem key={task.id} task={task} />
          ))}
        </Stack>
      )}
      {list.hasNextPage && !list.isFetchingNextPage && (
        <LoadMore key={list.data?.pages.length} onVisible={() => void list.fetchNextPage()} />
      )}
    </Stack>
  );
}

function UserTaskItem({ task }: { task: TaskRow }) {
  const look = STATUS_LOOK[task.status];
  const when = task.completed_at ?? task.complete_approved_at;
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text component="span" c="dimmed" lh={0} style={{ flexShrink: 0 }}>
        <TemplateIcon template={{ key: task.template, type_key: task.type_key, icon: task.icon }} />
      </Text>
      <Stack gap={0} flex={1} miw={0}>
        <Anchor component={Link} to={taskPath(task.id)} size="sm" fw={500} truncate>
          {task.name}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          Created {formatDateTime(task.created_at)}
          {when && ` · Completed ${formatDateTime(when)}`}
        </Text>
      </Stack>
      <Text size="xs" c={slaColor(task.sla) ?? look.color} fw={500} style={{ flexShrink: 0 }}>
        {task.completed || task.canceled || !task.sla ? look.label : task.sla.title}
      </Text>
    </Group>
  );
}
