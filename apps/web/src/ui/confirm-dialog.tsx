import { Button, Group, Modal, Text } from '@mantine/core';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action is running: the confirm button spins and cannot be pressed twice. */
  loading?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape and a click outside all land here. */
  onCancel: () => void;
};

/**
 * A yes/no question before an action that cannot be undone, e.g. 'Warning' / 'All unsaved changes will be lost'
 * with Ok and Cancel, or 'Yes' / 'Cancel' before removing a document. Focus starts on Cancel, the safe answer,
 * and returns to the opener on close.
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel = 'Ok',
  cancelLabel = 'Cancel',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size="sm"
      centered
      withCloseButton={false}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" gap="xs" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
