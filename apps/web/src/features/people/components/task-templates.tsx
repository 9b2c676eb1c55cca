import { Button, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** An active task template as the search panel lists it. */
export type TaskTemplate = { key: string; name: string };

/**
 * Where choosing a template leads (spec §2 Routes): from /people to /tasks, starting a request from the
 * template's form.
 */
export const taskRequestPath = (key: string) => `/tasks?${new URLSearchParams({ form: key, from: 'list' })}`;

/**
 * The search panel's active task templates. Templates come with the tasks issue; until then the panel is
 * given none and says so.
 */
export function TaskTemplates({
  templates,
  onChosen,
}: {
  templates: readonly TaskTemplate[];
  onChosen?: () => void;
}) {
  const navigate = useNavigate();
  if (templates.length === 0) {
    return (
      <Text size="sm" c="dimmed" px="xs">
        No templates yet
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {templates.map((template) => (
        <Button
          key={template.key}
          variant="subtle"
          color="gray"
          justify="flex-start"
          leftSection={<IconFileText size={16} aria-hidden />}
          onClick={() => {
            onChosen?.();
            navigate(taskRequestPath(template.key));
          }}
        >
          {template.name}
        </Button>
      ))}
    </Stack>
  );
}
