import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconCalendarUser, IconList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui';

/** /calendar/personal: a stub (spec work side §2); the user's meetings are in the day view meanwhile. */
export function PersonalCalendarPage() {
  return (
    <Stack gap="md" maw={880}>
      <title>Personal calendar · Atrium</title>
      <Title order={1}>Personal calendar</Title>
      <Paper withBorder px="md">
        <EmptyState
          icon={IconCalendarUser}
          text="Your personal calendar is coming"
          hint="Until then, your meetings are listed day by day in the day view."
          action={
            <Button component={Link} to="/calendar/vacations?view=day" leftSection={<IconList size={16} />}>
              Open the day view
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}
