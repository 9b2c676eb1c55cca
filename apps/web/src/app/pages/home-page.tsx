import { Stack, Text, Title } from '@mantine/core';
import { weekdayDayMonth } from '../../lib/dates';
import { useCurrentSession } from '../session';

/** The job position the directory shows when there is none. */
const NO_POSITION = 'N/A';

export function HomePage() {
  const { user, company } = useCurrentSession();
  const position = user.job_position_name === NO_POSITION ? null : user.job_position_name;

  return (
    <Stack gap={4}>
      <title>Atrium</title>
      <Text size="sm" c="dimmed">
        {weekdayDayMonth(new Date())}
      </Text>
      <Title order={1}>Welcome, {user.first_name}</Title>
      <Text c="dimmed">{position ? `${position} · ${company.name}` : company.name}</Text>
    </Stack>
  );
}
