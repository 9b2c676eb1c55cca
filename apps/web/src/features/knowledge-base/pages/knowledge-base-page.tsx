import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NEW_ARTICLE_PATH } from '../paths';

/** /knowledge-base: the prototype holds only its test link "+ NEW (test)" (spec work side §2). */
export function KnowledgeBasePage() {
  return (
    <Stack gap="md" maw={880}>
      <title>Knowledge base · Atrium</title>
      <Title order={1}>Knowledge base</Title>
      <Paper withBorder p="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            Company articles, guides and policies will be kept here.
          </Text>
          <Anchor component={Link} to={NEW_ARTICLE_PATH} fw={500}>
            + NEW (test)
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
