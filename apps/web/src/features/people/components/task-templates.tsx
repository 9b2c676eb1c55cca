import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { taskTemplatesQueryOptions } from '../../../lib/task-templates';
import { TemplateIcon } from '../../../ui';
import { TemplatesSkeleton } from './templates-skeleton';

/**
 * Where choosing a template leads (spec §2 Routes): from /people to /tasks, starting a request from the
 * template's form.
 */
export const taskRequestPath = (key: string) => `/tasks?${new URLSearchParams({ form: key, from: 'list' })}`;

/**
 * The search panel's active task templates (spec people side §2), each with its icon; choosing one
 * starts a request on /tasks.
 */
export function TaskTemplates({ onChosen }: { onChosen?: () => void }) {
  const navigate = useNavigate();
  const templates = useQuery(taskTemplatesQueryOptions());
  if (templates.isPending) return <TemplatesSkeleton />;
  if (templates.isError) {
    return (
      <Text size="sm" c="dimmed" px="xs">
        The templates could not be loaded
      </Text>
    );
  }
  if (templates.data.results.length === 0) {
    return (
      <Text size="sm" c="dimmed" px="xs">
        No templates yet
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {templates.data.results.map((template) => {
        return (
          <Button
            key={template.key}
            variant="subtle"
            color="gray"
            justify="flex-start"
            leftSection={<TemplateIcon template={template} size={16} />}
            onClick={() => {
              onChosen?.();
              navigate(taskRequestPath(template.key));
            }}
          >
            {template.name}
          </Button>
        );
      })}
    </Stack>
  );
}
