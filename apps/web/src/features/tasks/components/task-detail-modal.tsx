import type { TaskDetail, TaskPerson } from '@atrium/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useCurrentSession } from '../../../app/session';
import { ChatThread } from '../../../chat';
import { ApiError } from '../../../lib/http';
import { EmptyState, SkeletonRows, templateIcon, UserAvatar } from '../../../ui';
import { taskQueryOptions, workflowQueryOptions } from '../api';
import { formatDateTime, fullName } from '../format';
import { STATUS_LOOK, workflowTree } from '../workflow';
import { DecisionBar } from './decision-bar';
import { TaskEditForm } from './task-edit-form';
import { TaskInputs } from './task-inputs';
import { WorkflowTree } from './workflow-tree';

/** Below Mantine's `sm` breakpoint the detail takes the whole screen. */
const PHONE_QUERY = '(max-width: 47.99em)';

type TaskDetailModalProps = {
  /** The task shown; null closes the modal. */
  taskId: number | null;
  onClose: () => void;
};

/**
 * The detail of a task at /tasks?taskId= (spec §2): its name and description (editable by the creator),
 * dates, people, input parameters, the workflow tree, Approve and Reject for the viewer's step, and the
 * request's chat.
 */
export function TaskDetailModal({ taskId, onClose }: TaskDetailModalProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const task = useQuery({ ...taskQueryOptions(taskId ?? 0), enabled: taskId !== null });
  // The task being edited: opening another task leaves the edit by itself.
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = editingId !== null && editingId === taskId;
  const setEditing = (on: boolean) => setEditingId(on ? taskId : null);
  const close = () => {
    setEditingId(null);
    onClose();
  };

  const title =
    task.data && taskId !== null ? (
      <TaskTitle task={task.data} editing={editing} onEdit={() => setEditing(true)} />
    ) : (
      'Task'
    );

  return (
    <Modal
      opened={taskId !== null}
      onClose={close}
      title={title}
      size={880}
      fullScreen={phone}
      padding={phone ? 'md' : 'lg'}
      styles={{ title: { flex: 1, minWidth: 0 } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {taskId !== null && task.isPending && <SkeletonRows count={4} />}
      {task.isError && (
        <EmptyState
          text={
            task.error instanceof ApiError && task.error.status === 404
              ? 'Task not found'
              : 'The task could not be loaded'
          }
          action={
            task.error instanceof ApiError && task.error.status === 404 ? undefined : (
              <Button variant="default" onClick={() => task.refetch()}>
                Try again
              </Button>
            )
          }
        />
      )}
      {task.data && taskId !== null && (
        <TaskDetailBody
          key={task.data.id}
          task={task.data}
          editing={editing}
          onEditDone={() => setEditing(false)}
        />
      )}
    </Modal>
  );
}

/**
 * Only a request's own name is edited here: a step shows its own name, while the server's PATCH renames
 * the request it belongs to.
 */
const editable = (task: TaskDetail) => task.can_edit && task.id === task.request;

function TaskTitle({ task, editing, onEdit }: { task: TaskDetail; editing: boolean; onEdit: () => void }) {
  const Icon = templateIcon({ key: task.template, type_key: task.type_key, icon: task.icon });
  return (
    <Group gap="xs" wrap="nowrap">
      <Icon size={20} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
      <Text component="span" inherit fw={600} lineClamp={2} miw={0}>
        {task.name}
      </Text>
      {editable(task) && !editing && (
        <ActionIcon variant="subtle" color="gray" aria-label="Edit task" onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

type BodyProps = { task: TaskDetail; editing: boolean; onEditDone: () => void };

function TaskDetailBody({ task, editing, onEditDone }: BodyProps) {
  const { user } = useCurrentSession();
  const look = STATUS_LOOK[task.status];
  const workflow = useQuery(workflowQueryOptions(task.id));
  const completedAt = task.completed_at ?? task.complete_approved_at;

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light" color={look.color}>
          {look.label}
        </Badge>
        {task.sla && (
          <Text size="sm" c={task.sla.overdue ? 'red' : task.sla.urgent ? 'orange' : 'dimmed'}>
            {task.sla.title}
          </Text>
        )}
      </Group>

      {editing ? (
        <TaskEditForm task={task} onDone={onEditDone} />
      ) : (
        <Text size="sm" c={task.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {task.description || 'No description'}
        </Text>
      )}

      <DecisionBar task={task} />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder p="sm">
          <Section title="Dates">
            <Facts>
              <Fact label="Created" value={formatDateTime(task.created_at)} />
              <Fact label="Start" value={formatDateTime(task.start_at)} />
              <Fact label="Deadline" value={formatDateTime(task.sla_at)} />
              <Fact label="Completed" value={formatDateTime(completedAt)} />
            </Facts>
          </Section>
        </Paper>
        <Paper withBorder p="sm">
          <Section title="People">
            <Facts>
              <Fact label="Creator" value={<Person person={task.manager} />} />
              <Fact
                label={task.is_group ? 'For whom' : 'Assignee'}
                value={task.user_info ? <Person person={task.user_info} /> : '—'}
              />
            </Facts>
          </Section>
        </Paper>
      </SimpleGrid>

      {task.inputs.length > 0 && (
        <Section title="Details">
          <TaskInputs inputs={task.inputs} />
        </Section>
      )}

      <Section title="Workflow">
        {workflow.isPending && <SkeletonRows count={3} />}
        {workflow.isError && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              The workflow could not be loaded.
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => workflow.refetch()}>
              Retry
            </Button>
          </Group>
        )}
        {workflow.data && (
          <WorkflowTree nodes={workflowTree(workflow.data)} actionableStep={task.actionable_step} />
        )}
      </Section>

      <Section title="Comments">
        <ChatThread
          chatId={task.chat}
          viewer={{
            id: user.id,
            first_name: user.first_name,
            last_name: user.last_name,
            avatar: user.avatar,
          }}
          commentToggle
          emptyText="Write your first message"
          loadingText="Please, wait..."
        />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {children}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        component="dd"
        size="sm"
        m={0}
        miw={0}
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums' }}
        c={value === '—' ? 'dimmed' : undefined}
      >
        {value}
      </Text>
    </Group>
  );
}

function Person({ person }: { person: TaskPerson }) {
  const name = fullName(person);
  return (
    <Group component="span" gap={6} wrap="nowrap" justify="flex-end">
      <UserAvatar name={name} src={person.avatar} size={20} decorative />
      <Text component="span" size="sm" truncate>
        {name}
      </Text>
    </Group>
  );
}
