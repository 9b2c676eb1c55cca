import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" gap="xs" py={64} ta="center">
      <title>Page not found · Atrium</title>
      <Title order={1} size="h3">
        Page not found
      </Title>
      <Text c="dimmed">The address may be mistyped, or the page has moved.</Text>
      <Button component={Link} to="/" variant="light" mt="sm">
        Go to home
      </Button>
    </Stack>
  );
}
