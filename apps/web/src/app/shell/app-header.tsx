import { Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { CompanyLogo } from '../../ui/company-logo';
import { useCurrentSession } from '../session';
import { HeaderSearchSlot } from './header-search-slot';
import { UserBar } from './user-bar';

type AppHeaderProps = { menuOpened: boolean; onToggleMenu: () => void };

/** The company logo (home), the global search and the user bar; on a phone a burger opens the menu. */
export function AppHeader({ menuOpened, onToggleMenu }: AppHeaderProps) {
  const { company } = useCurrentSession();

  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap">
      <Burger
        opened={menuOpened}
        onClick={onToggleMenu}
        hiddenFrom="sm"
        size="sm"
        aria-label={menuOpened ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpened}
      />
      <UnstyledButton component={Link} to="/" miw={0} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Group gap="xs" wrap="nowrap">
          <CompanyLogo company={company} size={28} color="indigo" />
          <Text fw={600} truncate>
            {company.name}
          </Text>
        </Group>
      </UnstyledButton>
      <Box flex={1} miw={0} display="flex" style={{ justifyContent: 'center' }}>
        <HeaderSearchSlot />
      </Box>
      <UserBar />
    </Group>
  );
}
