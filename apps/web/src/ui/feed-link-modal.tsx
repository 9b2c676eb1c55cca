import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { copyLink } from './copy-link';

export type FeedLinkModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the link gives, and the warning to keep it private. */
  intro: string;
  /** The feed as the server has it: undefined while it loads, null when there is none. */
  feed: { url: string | null } | null | undefined;
  /** Choices above the link (the absence feed's scope). */
  children?: ReactNode;
  onCreate: () => void;
  creating: boolean;
  onTurnOff: () => void;
  turningOff: boolean;
  /** The refusal of the last create or turn-off, to show. */
  error: string | null;
};

/**
 * A private, revocable iCal link (the absence calendar's, the meetings'): create it, copy it, regenerate
 * it or turn it off. The server gives the link only when it is made, since it keeps the token hashed.
 */
export function FeedLinkModal({
  opened,
  onClose,
  title,
  intro,
  feed,
  children,
  onCreate,
  creating,
  onTurnOff,
  turningOff,
  error,
}: FeedLinkModalProps) {
  const url = feed?.url ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="md">
        <Text fz="sm">{intro}</Text>
        {children}
        {url && (
          <TextInput
            label="Your private link"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            rightSection={
              <Tooltip label="Copy link">
                <ActionIcon variant="subtle" aria-label="Copy link" onClick={() => copyLink(url)}>
                  <IconCopy size={16} />
                </ActionIcon>
              </Tooltip>
            }
          />
        )}
        {feed && !url && (
          <Text fz="sm" c="dimmed">
            Your link is on. It is shown only once, when it is made: to copy it again, regenerate it.
          </Text>
        )}
        {feed && (
          <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
            Regenerating the link makes the old one stop working: calendars subscribed to it stop updating.
          </Alert>
        )}
        {error && (
          <Text c="red" fz="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {feed && (
            <Button variant="default" color="red" loading={turningOff} onClick={onTurnOff}>
              Turn off
            </Button>
          )}
          <Button loading={creating} disabled={feed === undefined} onClick={onCreate}>
            {feed ? 'Regenerate link' : 'Create link'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
