import type { TaskFile, TaskInput } from '@atrium/contracts';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function FileLink({ file }: { file: TaskFile }) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Anchor href={file.url} download={file.name} size="sm" truncate>
        {file.name}
      </Anchor>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {sizeText(file.size)}
      </Text>
    </Group>
  );
}

/**
 * A request's input parameters as the requester filled them in, in form order: each title with its
 * value written out by the server (dates dd.mm.yyyy, choices by name), files as download links.
 */
export function TaskInputs({ inputs }: { inputs: TaskInput[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {inputs.map((input) => (
        <Stack key={input.name} gap={2} miw={0}>
          <Text component="dt" size="xs" c="dimmed">
            {input.title}
          </Text>
          <Stack component="dd" gap={2} m={0}>
            {/* A file field's text only repeats the names its links show. */}
            {input.text && input.files.length === 0 && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {input.text}
              </Text>
            )}
            {input.files.map((file) => (
              <FileLink key={file.id} file={file} />
            ))}
            {!input.text && input.files.length === 0 && (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
          </Stack>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
