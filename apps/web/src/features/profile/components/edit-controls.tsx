import { Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

export function EditButton({ onClick }: { onClick: () => void }) {
  return (
    <Group justify="flex-end">
      <Button size="xs" variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onClick}>
        Edit
      </Button>
    </Group>
  );
}

/** Save submits the form it sits in; it is disabled while the save runs. */
export function SaveCancel({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button size="xs" variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button size="xs" type="submit" loading={saving} disabled={saving}>
        Save
      </Button>
    </Group>
  );
}
