import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconBook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui';
import { KNOWLEDGE_BASE_PATH } from '../paths';

/** /knowledge-base/new-1, where the test link leads: the knowledge base is not built yet, and says so. */
export function KnowledgeBaseNewPage() {
  return (
    <Stack gap="md" maw={880}>
      <title>New article · Atrium</title>
      <Title order={1}>New article</Title>
      <Paper withBorder px="md">
        <EmptyState
          icon={IconBook}
          text="The knowledge base is coming"
          hint="Writing and reading articles will be possible here soon."
          action={
            <Button
              component={Link}
              to={KNOWLEDGE_BASE_PATH}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Back to the knowledge base
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}
