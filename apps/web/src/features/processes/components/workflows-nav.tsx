import { CloseButton, NavLink, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { matchingEntries } from '../workflows';

/**
 * The processes screen's left list "Workflows" (spec work side §2): its entries, narrowed by name as one
 * types into the search box, the current screen's entry marked active.
 */
export function WorkflowsNav() {
  const [query, setQuery] = useState('');
  const { pathname } = useLocation();
  const headingId = useId();
  const entries = matchingEntries(query);

  return (
    <Paper component="nav" withBorder p="sm" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={headingId} px={4}>
          Workflows
        </Title>
        <TextInput
          aria-label="Search workflows"
          placeholder="Search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            query && <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} />
          }
        />
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed" px={4} py="xs">
            No workflows match “{query.trim()}”.
          </Text>
        ) : (
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
            {entries.map(({ name, path, icon: Icon }) => {
              const active = path === pathname;
              return (
                <li key={path}>
                  <NavLink
                    component={Link}
                    to={path}
                    label={name}
                    leftSection={<Icon size={18} stroke={1.75} aria-hidden />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                  />
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
