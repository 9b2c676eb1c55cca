import type { TaskRow } from '@atrium/contracts';
import { Anchor, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMatchesMedia } from '../../../lib/media-query';
import { TemplateIcon, UserAvatar } from '../../../ui';
import { formatDateTime, fullName, slaColor } from '../format';

/** Below Mantine's `sm` breakpoint (DESIGN.md: at 375 px tables become cards). */
const CARDS_QUERY = '(max-width: 47.99em)';

type TaskListProps = {
  tasks: TaskRow[];
  /** The address that opens a task's detail (the list's own, with taskId set). */
  linkOf: (task: TaskRow) => string;
  onOpen: (task: TaskRow) => void;
};

/**
 * The rows of /tasks (spec §2): Estimation, Task (the template's icon and the name), Creator, and the
 * comment count. A click anywhere on a row opens the task; the name is its link, for the keyboard and
 * for opening in a new tab. A stack of cards on a phone.
 */
export function TaskList({ tasks, linkOf, onOpen }: TaskListProps) {
  const cards = useMatchesMedia(CARDS_QUERY);
  if (cards) {
    return (
      <Stack gap="xs" component="ul" aria-label="Tasks" m={0} p={0} style={{ listStyle: 'none' }}>
        {tasks.map((task) => (
          <li key={task.id}>
            <Paper withBorder p="sm" onClick={() => onOpen(task)} style={{ cursor: 'pointer' }}>
              <Stack gap={6}>
                <TaskName task={task} href={linkOf(task)} />
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Estimation task={task} />
                  <CommentCount count={task.comments_count} />
                </Group>
                <Creator task={task} />
              </Stack>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={640}>
        <Table
          verticalSpacing="xs"
          highlightOnHover
          aria-label="Tasks"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={180}>Estimation</Table.Th>
              <Table.Th>Task</Table.Th>
              <Table.Th w={220}>Creator</Table.Th>
              <Table.Th w={72} ta="right">
                <IconMessage size={16} aria-label="Comments" role="img" style={{ verticalAlign: 'middle' }} />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tasks.map((task) => (
              <Table.Tr key={task.id} onClick={() => onOpen(task)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Estimation task={task} />
                </Table.Td>
                <Table.Td miw={200}>
                  <TaskName task={task} href={linkOf(task)} />
                </Table.Td>
                <Table.Td>
                  <Creator task={task} />
                </Table.Td>
                <Table.Td ta="right">
                  <CommentCount count={task.comments_count} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The deadline's title, in red when overdue and orange when urgent, with an icon so colour is not alone. */
function Estimation({ task }: { task: TaskRow }) {
  const color = slaColor(task.sla);
  const Icon = task.sla?.overdue ? IconAlertTriangle : task.sla?.urgent ? IconClock : null;
  const title = (
    <Group
      gap={4}
      wrap="nowrap"
      c={color}
      data-sla={task.sla?.overdue ? 'overdue' : task.sla?.urgent ? 'urgent' : undefined}
    >
      {Icon && <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />}
      <Text size="sm" c={color ?? (task.sla ? undefined : 'dimmed')} fw={color ? 500 : undefined}>
        {task.sla?.title ?? '—'}
      </Text>
    </Group>
  );
  if (!task.sla_at) return title;
  return (
    <Tooltip label={`Deadline ${formatDateTime(task.sla_at)}`} openDelay={300}>
      {title}
    </Tooltip>
  );
}

function TaskName({ task, href }: { task: TaskRow; href: string }) {
  // Creator view: the request is for someone else, which the name alone does not say.
  const forWhom =
    task.is_group && task.user_info && task.user_info.id !== task.manager.id ? task.user_info : null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="span" c="dimmed" lh={0} mt={2} style={{ flexShrink: 0 }}>
        <RowIcon task={task} />
      </Text>
      <Stack gap={0} miw={0}>
        <Anchor
          component={Link}
          to={href}
          size="sm"
          fw={500}
          c="var(--mantine-color-text)"
          lineClamp={2}
          // The row opens the task too; the link must not do it a second time.
          onClick={(event) => event.stopPropagation()}
        >
          {task.name}
        </Anchor>
        {forWhom && (
          <Text size="xs" c="dimmed" truncate>
            For {fullName(forWhom)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The template's icon (spec §9). */
function RowIcon({ task }: { task: TaskRow }) {
  return <TemplateIcon template={{ key: task.template, type_key: task.type_key, icon: task.icon }} />;
}

function Creator({ task }: { task: TaskRow }) {
  const name = fullName(task.manager);
  return (
    <Group gap="xs" wrap="nowrap">
      <UserAvatar name={name} src={task.manager.avatar} size={24} decorative />
      <Text size="sm" truncate>
        {name}
      </Text>
    </Group>
  );
}

function CommentCount({ count }: { count: number }) {
  return (
    <Group
      gap={4}
      wrap="nowrap"
      justify="flex-end"
      c={count ? undefined : 'dimmed'}
      aria-label={count === 1 ? '1 comment' : `${count} comments`}
      role="img"
    >
      <IconMessage size={16} aria-hidden />
      <Text size="sm" aria-hidden>
        {count}
      </Text>
    </Group>
  );
}
