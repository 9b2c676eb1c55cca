import { Paper, Stack, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../ui';
import { entryAt } from '../workflows';

/** /new-document, /new-form and /new-report: the processes screen with its entry's word on what is coming. */
export function ProcessComingPage() {
  const entry = entryAt(useLocation().pathname);
  if (!entry) return null;
  return (
    <Stack gap="md">
      <title>{`${entry.name} · Atrium`}</title>
      <Title order={1}>{entry.name}</Title>
      <Paper withBorder px="md">
        <EmptyState text="Coming soon" hint={entry.coming} icon={entry.icon} />
      </Paper>
    </Stack>
  );
}
