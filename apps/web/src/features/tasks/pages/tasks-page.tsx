import type { TaskRow, TaskView } from '@atrium/contracts';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconChecklist, IconMoodHappy } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Deferred, lazyPart } from '../../../app/lazy-parts';
import { EmptyState, LoadMore, SegmentedControl, SkeletonRows } from '../../../ui';
import { tasksQueryOptions, useLiveTasks } from '../api';
import { NewRequestMenu } from '../components/new-request-menu';
import { TaskList } from '../components/task-list';
import { readTasksParams, TASK_TABS, type TasksParams, withParams } from '../task-params';
import classes from './tasks-page.module.css';

/** Spec §9: the list shows 8 placeholder rows while it loads. */
const SKELETON_ROWS = 8;

// The modals (with the request forms) load after the list, or at once for an address that opens one.
const TaskDetailModal = lazyPart(
  async () => (await import('../components/task-detail-modal')).TaskDetailModal,
);
const NewRequestModal = lazyPart(
  async () => (await import('../components/new-request-modal')).NewRequestModal,
);

const VIEWS: { value: TaskView; label: string }[] = [
  { value: 'exec', label: 'Assigned to me' },
  { value: 'creator', label: 'Created by me' },
];

/** Spec §2: the empty text of each view. */
const EMPTY_TEXT: Record<TaskView, string> = {
  exec: "Congratulations! You don't have any tasks to complete",
  creator: "Woops ;( You don't have any created tasks",
};

/**
 * On a phone the chosen tab may be out of the row's scrolled part (opened from a link, or tapped at the
 * edge): the chosen tab's ref brings it in.
 */
const scrollIntoRow = (tab: HTMLButtonElement | null) => {
  tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
};

type Changes = Partial<Record<keyof TasksParams, string | number | null>>;

/**
 * My tasks at /tasks (spec §2): what is assigned to me or what I created (`view`), by status tab
 * (`status`), the detail of one (`taskId`) and the form of a new request (`form`, `from`).
 */
export function TasksPage() {
  const [params, setParams] = useSearchParams();
  const { view, status, taskId, form } = readTasksParams(params);
  useLiveTasks();
  const change = (changes: Changes) => setParams((current) => withParams(current, changes));

  const list = useInfiniteQuery(tasksQueryOptions({ view, status }));
  const tasks = list.data?.pages.flatMap((page) => page.results) ?? [];
  const linkOf = (task: TaskRow) => `?${withParams(params, { taskId: task.id })}`;

  return (
    <Stack gap="md">
      <title>Tasks · Atrium</title>
      <Group justify="space-between" gap="sm">
        <Title order={1}>Tasks</Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Tasks to show"
            value={view}
            onChange={(value) => change({ view: value })}
            data={VIEWS}
          />
          <NewRequestMenu onChoose={(key) => change({ form: key, from: 'list' })} />
        </Group>
      </Group>

      <Tabs value={status} onChange={(value) => value && change({ status: value })} keepMounted={false}>
        <Tabs.List className={classes.tabList}>
          {TASK_TABS.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              disabled={tab.disabled}
              className={classes.tab}
              ref={tab.value === status ? scrollIntoRow : undefined}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={status} pt="md">
          {list.isPending && <SkeletonRows count={SKELETON_ROWS} variant="table" columns={2} />}
          {list.isError && (
            <EmptyState
              text="Error request"
              action={
                <Button variant="default" onClick={() => list.refetch()}>
                  Try again
                </Button>
              }
            />
          )}
          {list.isSuccess && tasks.length === 0 && (
            <EmptyState
              text={EMPTY_TEXT[view]}
              hint={view === 'creator' ? 'Start one with New request.' : undefined}
              icon={view === 'exec' ? IconMoodHappy : IconChecklist}
            />
          )}
          {tasks.length > 0 && (
            <TaskList tasks={tasks} linkOf={linkOf} onOpen={(task) => change({ taskId: task.id })} />
          )}
          {list.isFetchingNextPage && <SkeletonRows count={2} variant="table" columns={2} />}
          {list.hasNextPage && !list.isFetchingNextPage && (
            <LoadMore key={list.data?.pages.length} onVisible={() => void list.fetchNextPage()} />
          )}
        </Tabs.Panel>
      </Tabs>

      <Deferred open={taskId !== null} part={TaskDetailModal}>
        <TaskDetailModal taskId={taskId} onClose={() => change({ taskId: null })} />
      </Deferred>
      <Deferred open={form !== null} part={NewRequestModal}>
        <NewRequestModal
          templateKey={form}
          onClose={() => change({ form: null, from: null })}
          // Spec §4 "Vacation request" step 5: the new request opens among those I created.
          onCreated={(id) => change({ view: 'creator', taskId: id, form: null, from: null })}
        />
      </Deferred>
    </Stack>
  );
}
