import { Anchor, AppShell, Avatar, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useNavigate } from 'react-router';
import { useCurrentSession } from './session';

/** The frame of every signed-in screen: the company on the left, the user and Log Out on the right. */
export function AppLayout() {
  const { user, company } = useCurrentSession();
  const navigate = useNavigate();
  const fullName = `${user.first_name} ${user.last_name}`;

  return (
    <AppShell header={{ height: 56 }} padding="lg">
      <AppShell.Header px="lg">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" c="inherit" underline="never" miw={0}>
            <Group gap="xs" wrap="nowrap">
              <Avatar
                src={company.logo_small}
                name={company.name}
                size={28}
                radius="sm"
                color="indigo"
                aria-hidden
              />
              <Text fw={600} truncate>
                {company.name}
              </Text>
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Avatar src={user.avatar} name={fullName} alt={fullName} size={30} color="initials" />
              <Text size="sm" fw={500} visibleFrom="sm">
                {fullName}
              </Text>
            </Group>
            <Button
              // The /logout route does the work, so logging out has one path whatever starts it.
              onClick={() => navigate('/logout')}
              variant="default"
              size="xs"
              leftSection={<IconLogout size={16} aria-hidden />}
            >
              Log Out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
