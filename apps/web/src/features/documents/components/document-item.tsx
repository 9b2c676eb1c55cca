import type { StorageDocument } from '@atrium/contracts';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { shortDate } from '../../../lib/dates';
import { sizeText } from '../document-files';
import { DocumentThumb } from './document-thumb';

type DocumentItemProps = {
  document: StorageDocument;
  onEdit: () => void;
  onRemove: () => void;
};

/** What a document is filed as and how big it is, e.g. 'Contracts · Scan · 120 KB · 03.02.2026'. */
function detailsOf(document: StorageDocument) {
  return [
    document.category?.name,
    document.type?.name,
    document.size === null ? undefined : sizeText(document.size),
    shortDate(new Date(document.created_at)),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One row of the Documents tab: the PDF icon or the picture, the title, and download, edit and remove. */
export function DocumentItem({ document, onEdit, onRemove }: DocumentItemProps) {
  const { title, file } = document;
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      py="xs"
      aria-label={title}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <DocumentThumb contentType={document.content_type} src={file} size={40} />
      <Stack gap={0} flex={1} miw={0}>
        <Text size="sm" fw={500} truncate>
          {title}
        </Text>
        {/* Wraps rather than cuts: on a phone the date is what would be lost. */}
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {detailsOf(document)}
        </Text>
      </Stack>
      <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
        {file && (
          <Tooltip label="Download" openDelay={400}>
            <ActionIcon
              component="a"
              href={file}
              download={document.file_name ?? title}
              variant="subtle"
              color="gray"
              aria-label={`Download ${title}`}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label="Edit" openDelay={400}>
          <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={`Edit ${title}`}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Remove" openDelay={400}>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${title}`}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
