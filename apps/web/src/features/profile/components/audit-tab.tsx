import { AUDIT_PAGE_SIZE, type AuditChange, type AuditLogEntry, type AuditValue } from '@atrium/contracts';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { useMatchesMedia } from '../../../lib/media-query';
import { EmptyState, LabelledPagination, SkeletonRows } from '../../../ui';
import { auditQueryOptions } from '../audit-api';

/** What each logged action reads as in the What column; an action the web does not know shows as is. */
const ACTIONS: Record<string, string> = {
  'user.create': 'Profile created',
  'user.update': 'Profile edited',
  'manager.add': 'Manager set',
  'manager.remove': 'Manager removed',
  'task.approve': 'Request approved',
  'task.reject': 'Request rejected',
  'document.create': 'Document added',
  'document.update': 'Document edited',
  'document.upload': 'File uploaded',
  'document.download': 'Document opened',
  'document.delete': 'Document removed',
  'document.purge': 'Unfinished upload removed',
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action;

/** Actions that record what something was made with, not a change of earlier values: shown as values only. */
const VALUES_ONLY = new Set(['user.create', 'task.approve', 'task.reject', 'document.create']);

/** Below Mantine's `sm` breakpoint (DESIGN.md: at 375 px tables become cards). */
const CARDS_QUERY = '(max-width: 47.99em)';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value before or after a change: nothing as '—', yes/no in words, a day as dd.mm.yyyy. */
export function shownValue(value: AuditValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_DAY.test(value)) return value.split('-').reverse().join('.');
  return String(value);
}

function Change({ change, valueOnly }: { change: AuditChange; valueOnly: boolean }) {
  return (
    <Text size="sm" component="li">
      <Text span fw={500}>
        {change.field}
      </Text>
      {': '}
      {!valueOnly && (
        <>
          <Text span c="dimmed">
            {shownValue(change.before)}
          </Text>
          {' → '}
        </>
      )}
      {shownValue(change.after)}
    </Text>
  );
}

/** An entry's changed fields, one a line; a dash for an entry without any (a document opened). */
function Changes({ entry }: { entry: AuditLogEntry }) {
  if (entry.changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const valueOnly = VALUES_ONLY.has(entry.action);
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none', overflowWrap: 'anywhere' }}>
      {entry.changes.map((change) => (
        <Change key={change.field} change={change} valueOnly={valueOnly} />
      ))}
    </Stack>
  );
}

const when = (entry: AuditLogEntry) => dateTime(new Date(entry.at));
const who = (entry: AuditLogEntry) => entry.actor?.full_name ?? 'System';

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{when(entry)}</Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>{who(entry)}</Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>{actionLabel(entry.action)}</Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Changes entry={entry} />
      </Table.Td>
    </Table.Tr>
  );
}

/** An entry on a phone: what and when on top, who below, then the changes. */
function EntryCard({ entry }: { entry: AuditLogEntry }) {
  return (
    <li>
      <Paper withBorder p="sm">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600}>
              {actionLabel(entry.action)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {when(entry)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {who(entry)}
          </Text>
          <Changes entry={entry} />
        </Stack>
      </Paper>
    </li>
  );
}

const COLUMNS = ['When', 'Who', 'What', 'Changes'];

/**
 * The profile's Audit tab, for HR of the person's company (issue 12): who changed what of the person
 * and when (profile edits with each field before and after, creation, managers, request decisions,
 * documents), newest first, 20 a page.
 */
export function AuditTab({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const log = useQuery(auditQueryOptions(userId, page));
  const cards = useMatchesMedia(CARDS_QUERY);

  if (log.isPending) return <SkeletonRows count={5} variant="table" columns={4} />;
  if (log.isError) {
    if (log.error instanceof ApiError && log.error.status === 403) {
      return <EmptyState text="Only HR sees the history of a profile" />;
    }
    return (
      <EmptyState
        text="The history could not be loaded"
        action={
          <Button variant="default" size="xs" onClick={() => log.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const entries = log.data.results;
  if (entries.length === 0 && page === 1) return <EmptyState text="No changes recorded yet" />;
  const pages = Math.ceil(log.data.count / AUDIT_PAGE_SIZE);
  const busy = { 'aria-busy': log.isPlaceholderData, opacity: log.isPlaceholderData ? 0.6 : 1 };
  return (
    <Stack gap="sm">
      {cards ? (
        <Stack
          component="ul"
          aria-label="Profile history"
          aria-busy={busy['aria-busy']}
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none', opacity: busy.opacity }}
        >
          {entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table
            aria-label="Profile history"
            aria-busy={busy['aria-busy']}
            verticalSpacing="xs"
            style={{ fontVariantNumeric: 'tabular-nums', opacity: busy.opacity }}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <LabelledPagination page={page} pages={pages} onChange={setPage} />}
    </Stack>
  );
}
