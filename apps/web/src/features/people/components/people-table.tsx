import type { UserListItem } from '@atrium/contracts';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/media-query';
import { formatGmt, NO_POSITION, PersonName, SpecialEvent } from './person-parts';
import { SocialLinks } from './social-links';

/** Below Mantine's `sm` breakpoint (DESIGN.md: at 375 px tables become cards). */
const CARDS_QUERY = '(max-width: 47.99em)';

type PeopleTableProps = { people: UserListItem[]; onOpen: (person: UserListItem) => void };

/** The directory's table mode: one row per person; a stack of cards on a phone. */
export function PeopleTable({ people, onOpen }: PeopleTableProps) {
  const cards = useMatchesMedia(CARDS_QUERY);
  if (cards) {
    return (
      <Stack gap="xs" component="ul" aria-label="People" m={0} p={0} style={{ listStyle: 'none' }}>
        {people.map((person) => (
          <li key={person.id}>
            <PersonCard person={person} onOpen={onOpen} />
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={960}>
        <Table
          verticalSpacing="xs"
          highlightOnHover
          aria-label="People"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Position</Table.Th>
              <Table.Th>Division</Table.Th>
              <Table.Th>Country</Table.Th>
              <Table.Th>Time zone</Table.Th>
              <Table.Th>Manager</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Links</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person) => (
              <Table.Tr key={person.id}>
                <Table.Td maw={260}>
                  <PersonName person={person} onOpen={onOpen} />
                </Table.Td>
                <Cell value={person.job_position_name === NO_POSITION ? null : person.job_position_name} />
                <Cell value={person.division_name} />
                <Cell value={person.country} />
                <Cell value={formatGmt(person.gmt)} />
                <Cell value={person.manager_name} />
                <Table.Td>
                  {person.special_event !== null && <SpecialEvent id={person.special_event} />}
                </Table.Td>
                <Table.Td>
                  <SocialLinks social={person.social} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** A text cell; an empty value shows a dash rather than a hole in the row. */
function Cell({ value }: { value: string | null }) {
  return (
    <Table.Td>
      <Text size="sm" c={value ? undefined : 'dimmed'} lineClamp={2}>
        {value ?? '—'}
      </Text>
    </Table.Td>
  );
}

/** The row's content for a phone: the name first, the rest on two quiet lines. */
function PersonCard({ person, onOpen }: { person: UserListItem; onOpen: (person: UserListItem) => void }) {
  const place = [person.division_name, person.country, formatGmt(person.gmt)].filter(Boolean).join(' · ');
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <PersonName person={person} onOpen={onOpen} withPosition />
        {place && (
          <Text size="xs" c="dimmed">
            {place}
          </Text>
        )}
        {person.manager_name && (
          <Text size="xs" c="dimmed">
            Manager: {person.manager_name}
          </Text>
        )}
        {(person.special_event !== null || Object.keys(person.social).length > 0) && (
          <Group gap="xs" justify="space-between">
            {person.special_event !== null && <SpecialEvent id={person.special_event} />}
            <SocialLinks social={person.social} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
