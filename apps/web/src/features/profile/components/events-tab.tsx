import type { BalanceVariable, VacationLogEntry } from '@atrium/contracts';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { daysLabel, dayWord, formatDays } from '../../../lib/day-count';
import { ApiError } from '../../../lib/http';
import { Bone, EmptyState, LoadMore, SkeletonRows } from '../../../ui';
import { userVarsQueryOptions, vacationLogQueryOptions } from '../vacation-api';

const isRefused = (error: unknown) => error instanceof ApiError && error.status === 403;

/** 'yyyy-mm-dd' (or the day of a timestamp) as 'dd.mm.yyyy'. */
const shownDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** The Period column: 'dd.mm.yyyy – dd.mm.yyyy', one day for a one-day or undated entry (the day it shows). */
function periodOf(entry: VacationLogEntry) {
  const from = entry.from_date ?? entry.to_date;
  const to = entry.to_date ?? entry.from_date;
  if (!from || !to) return shownDay(entry.show_at);
  return from === to ? shownDay(from) : `${shownDay(from)} – ${shownDay(to)}`;
}

/** The Quantity column: '+2.33 days' received, '−5 days' written off. */
function quantityOf(entry: VacationLogEntry) {
  const days = Math.abs(entry.value);
  return `${entry.type === 'plus' ? '+' : '−'}${formatDays(days)} ${dayWord(days)}`;
}

/**
 * The balance line (people side §2): '{n} days available' and '{n} days used' or 'Was not used';
 * 'Not available' when the person has no vacation balance.
 */
function balanceLines(variables: BalanceVariable[]): string[] {
  const vacation = variables.filter((variable) => variable.user_var_type === 'vacation' && variable.active);
  const remaining = vacation.find((variable) => variable.type === 'diff');
  const used = vacation.find((variable) => variable.type === 'add');
  if (!remaining && !used) return ['Not available'];
  const lines = remaining ? [`${daysLabel(remaining.value)} available`] : [];
  lines.push(used && used.value !== 0 ? `${daysLabel(used.value)} used` : 'Was not used');
  return lines;
}

function Balance({ userId }: { userId: number }) {
  const values = useQuery(userVarsQueryOptions(userId));
  let body: ReactNode;
  if (values.isPending) body = <Bone height={12} width="40%" />;
  else if (values.isError) body = <Text size="sm">Not available</Text>;
  else {
    body = (
      <Group gap="md">
        {balanceLines(values.data.results).map((line) => (
          <Text key={line} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {line}
          </Text>
        ))}
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Title order={4}>Vacation days</Title>
      {body}
    </Stack>
  );
}

const COLUMNS = ['Type / Event', 'Period', 'Quantity'];

function History({ userId }: { userId: number }) {
  const log = useInfiniteQuery(vacationLogQueryOptions(userId));
  const entries = log.data?.pages.flatMap((page) => page.results) ?? [];

  if (log.isPending) return <SkeletonRows count={5} variant="table" columns={2} />;
  if (log.isError) {
    return (
      <EmptyState
        text="Error request"
        action={
          <Button variant="default" size="xs" onClick={() => log.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (entries.length === 0) return <EmptyState text="Vacation days record updates not found" />;
  return (
    <Stack gap={0}>
      <Table.ScrollContainer minWidth={420}>
        <Table
          aria-label="Vacation history"
          verticalSpacing="xs"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} ta={column === 'Quantity' ? 'right' : undefined}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm">{entry.event}</Text>
                  <Text size="xs" c="dimmed">
                    {entry.type === 'plus' ? 'Received' : 'Written off'}
                  </Text>
                </Table.Td>
                <Table.Td>{periodOf(entry)}</Table.Td>
                <Table.Td ta="right" c={entry.type === 'plus' ? 'green.8' : undefined}>
                  {quantityOf(entry)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.isFetchingNextPage && <SkeletonRows count={2} variant="table" columns={2} />}
      {log.hasNextPage && !log.isFetchingNextPage && (
        <LoadMore key={log.data?.pages.length} onVisible={() => void log.fetchNextPage()} />
      )}
    </Stack>
  );
}

/**
 * The profile's Events tab (people side §2, work side §2): the person's vacation balance and the log of
 * days received and written off. The server shows them to the person, their managers and HR only; to
 * anyone else the tab says so and shows nothing of the balance.
 */
export function EventsTab({ userId }: { userId: number }) {
  // Both answers are asked for at once; a refusal of either means the viewer may not see them.
  const values = useQuery(userVarsQueryOptions(userId));
  const log = useInfiniteQuery(vacationLogQueryOptions(userId));
  if (isRefused(values.error) || isRefused(log.error)) {
    return <EmptyState text="Only the person, their managers and HR see this" />;
  }
  return (
    <Stack gap="md">
      <Balance userId={userId} />
      <History userId={userId} />
    </Stack>
  );
}
