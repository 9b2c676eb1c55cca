import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { taskTemplatesQueryOptions } from '../../../lib/task-templates';
import { TemplateIcon } from '../../../ui';

/** 'New request': the company's active templates; choosing one opens its form (`form={key}`). */
export function NewRequestMenu({ onChoose }: { onChoose: (templateKey: string) => void }) {
  const templates = useQuery(taskTemplatesQueryOptions());
  const list = templates.data?.results ?? [];
  return (
    <Menu position="bottom-end" width={280} shadow="md">
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
        >
          New request
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Templates</Menu.Label>
        {templates.isPending && <Menu.Item disabled>Please, wait...</Menu.Item>}
        {templates.isError && <Menu.Item disabled>The templates could not be loaded</Menu.Item>}
        {templates.isSuccess && list.length === 0 && <Menu.Item disabled>No templates yet</Menu.Item>}
        {list.map((template) => (
          <Menu.Item
            key={template.key}
            leftSection={<TemplateIcon template={template} />}
            onClick={() => onChoose(template.key)}
          >
            {template.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
