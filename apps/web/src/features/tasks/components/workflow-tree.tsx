import type { WorkflowStatus } from '@atrium/contracts';
import { Badge, Box, Collapse, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconCircleDashed,
  IconClock,
  IconPlayerSkipForward,
  IconX,
  type TablerIcon,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { UserAvatar } from '../../../ui';
import { formatDateTime, fullName } from '../format';
import { STATUS_LOOK, type WorkflowNode } from '../workflow';
import classes from './workflow-tree.module.css';

const MARKS: Record<WorkflowStatus, { icon: TablerIcon; mark: string }> = {
  approved: { icon: IconCheck, mark: 'check' },
  canceled: { icon: IconX, mark: 'cross' },
  expired: { icon: IconAlertTriangle, mark: 'alert' },
  skipped: { icon: IconPlayerSkipForward, mark: 'skip' },
  process: { icon: IconClock, mark: 'clock' },
  next: { icon: IconCircleDashed, mark: 'waiting' },
};

/** The round mark before an item: a check mark when approved, a cross or warning in red for errors. */
function StatusMark({ status, size = 22 }: { status: WorkflowStatus; size?: number }) {
  const { icon: Icon, mark } = MARKS[status];
  const look = STATUS_LOOK[status];
  return (
    <ThemeIcon
      size={size}
      radius="50%"
      color={look.color}
      variant={status === 'approved' || look.error ? 'filled' : 'light'}
      data-mark={mark}
      aria-hidden
      style={{ flexShrink: 0 }}
    >
      <Icon size={Math.round(size * 0.64)} stroke={2} />
    </ThemeIcon>
  );
}

function StatusLabel({ status }: { status: WorkflowStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge size="sm" variant="light" color={look.color} style={{ flexShrink: 0 }}>
      {look.label}
    </Badge>
  );
}

type TreeProps = {
  nodes: WorkflowNode[];
  /** The viewer's step awaiting their decision, marked 'Your decision'. */
  actionableStep?: number | null;
};

/**
 * The workflow of a request (spec §2): numbered groups that open and close, their steps with who holds
 * each, its status (a check mark when approved, an error style when expired or canceled, skipped ones
 * faded, those not started muted), why it went to that person, and who decided when, with the comment.
 */
export function WorkflowTree({ nodes, actionableStep = null }: TreeProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Workflow">
      {nodes.map((node) =>
        node.is_group || node.children.length > 0 ? (
          <WorkflowGroup key={node.id} node={node} actionableStep={actionableStep} />
        ) : (
          <WorkflowStep key={node.id} node={node} actionableStep={actionableStep} />
        ),
      )}
    </Stack>
  );
}

function WorkflowGroup({ node, actionableStep }: { node: WorkflowNode; actionableStep: number | null }) {
  const [expanded, setExpanded] = useState(true);
  const panelId = useId();
  const look = STATUS_LOOK[node.status];
  return (
    <Box
      role="listitem"
      aria-label={`${node.label} ${node.name}`}
      className={classes.group}
      data-status={node.status}
      data-error={look.error || undefined}
    >
      <UnstyledButton
        className={classes.groupHeader}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded(!expanded)}
      >
        <Group gap="xs" wrap="nowrap">
          <IconChevronDown
            size={16}
            aria-hidden
            className={classes.chevron}
            data-expanded={expanded || undefined}
          />
          <StatusMark status={node.status} />
          <Text size="sm" fw={600} c={look.error ? 'red' : undefined} className={classes.number}>
            {node.label}
          </Text>
          <Text size="sm" fw={600} c={look.error ? 'red' : undefined} flex={1} miw={0} truncate>
            {node.name}
          </Text>
          <StatusLabel status={node.status} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} id={panelId}>
        <Stack
          gap={0}
          role="list"
          aria-label={`Steps of ${node.label} ${node.name}`}
          className={classes.steps}
        >
          {node.children.map((child) =>
            child.is_group || child.children.length > 0 ? (
              <WorkflowGroup key={child.id} node={child} actionableStep={actionableStep} />
            ) : (
              <WorkflowStep key={child.id} node={child} actionableStep={actionableStep} />
            ),
          )}
          {node.children.length === 0 && (
            <Text size="sm" c="dimmed" py="xs">
              No steps
            </Text>
          )}
        </Stack>
      </Collapse>
    </Box>
  );
}

function WorkflowStep({ node, actionableStep }: { node: WorkflowNode; actionableStep: number | null }) {
  const look = STATUS_LOOK[node.status];
  const muted = look.tone !== 'normal';
  const assignee = node.user_info && fullName(node.user_info);
  const { decision } = node;
  return (
    <Box
      role="listitem"
      aria-label={`${node.label} ${node.name}`}
      className={classes.step}
      data-status={node.status}
      data-error={look.error || undefined}
      data-tone={look.tone}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <StatusMark status={node.status} size={20} />
        <Stack gap={4} flex={1} miw={0}>
          {/* On a narrow screen the badges move under a long name rather than cut it. */}
          <Group gap="xs" justify="space-between" style={{ rowGap: 4 }}>
            <Text
              size="sm"
              fw={500}
              c={look.error ? 'red' : muted ? 'dimmed' : undefined}
              miw={0}
              style={{ flex: '1 1 160px', overflowWrap: 'anywhere' }}
            >
              <Text span inherit className={classes.number}>
                {node.label}
              </Text>{' '}
              {node.name}
            </Text>
            <Group gap={4} wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
              {node.id === actionableStep && (
                <Badge size="sm" variant="filled">
                  Your decision
                </Badge>
              )}
              <StatusLabel status={node.status} />
            </Group>
          </Group>
          {assignee && node.user_info && (
            <Group gap={6} wrap="nowrap">
              <UserAvatar name={assignee} src={node.user_info.avatar} size={20} decorative />
              <Text size="xs" c={muted ? 'dimmed' : undefined} truncate>
                {assignee}
              </Text>
              {!node.required_task && (
                <Text size="xs" c="dimmed">
                  · optional
                </Text>
              )}
            </Group>
          )}
          {node.routing && (
            <Text size="xs" c="dimmed" fs="italic">
              {node.routing}
            </Text>
          )}
          {(node.status === 'process' || node.status === 'expired') && node.sla_at && (
            <Text size="xs" c={node.status === 'expired' ? 'red' : 'dimmed'} className={classes.number}>
              {node.status === 'expired' ? 'Was due' : 'Due'} {formatDateTime(node.sla_at)}
            </Text>
          )}
          {decision && (
            <Box>
              <Text size="xs" c="dimmed" className={classes.number}>
                {decision.decision === 'approved' ? 'Approved' : 'Rejected'} by {fullName(decision.by)} ·{' '}
                {formatDateTime(decision.at)}
              </Text>
              {decision.comment && (
                <Text size="xs" className={classes.comment}>
                  “{decision.comment}”
                </Text>
              )}
            </Box>
          )}
        </Stack>
      </Group>
    </Box>
  );
}
