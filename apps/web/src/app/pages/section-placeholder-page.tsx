import { Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { EmptyState } from '../../ui/empty-state';

type SectionPlaceholderPageProps = { title: string };

/** A route of the menu whose screen arrives in a later issue: its title and an honest word about it. */
export function SectionPlaceholderPage({ title }: SectionPlaceholderPageProps) {
  return (
    <Stack gap="md">
      <title>{`${title} · Atrium`}</title>
      <Title order={1}>{title}</Title>
      <EmptyState text="This section is being set up." icon={IconTools} />
    </Stack>
  );
}
