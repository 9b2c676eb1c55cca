import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageFor } from '../../../lib/http';
import { copyLink } from '../../../ui/copy-link';
import { calendarFeedQueryOptions, createCalendarFeed, deleteCalendarFeed, type FeedScope } from '../api';

const SCOPES: { value: FeedScope; label: string }[] = [
  { value: 'department', label: 'My department' },
  { value: 'all', label: 'Whole company' },
];

/** The private iCal link of the absence calendar: create it, copy it, regenerate it or turn it off. */
export function FeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const feed = useQuery({ ...calendarFeedQueryOptions(), enabled: opened });
  const [scope, setScope] = useState<FeedScope | null>(null);
  const chosenScope = scope ?? feed.data?.scope ?? 'department';

  const save = useMutation({
    mutationFn: () => createCalendarFeed(chosenScope),
    onSuccess: (created) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, created),
  });
  const turnOff = useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: () => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, null),
  });
  const error = save.error ?? turnOff.error;
  const current = feed.data;
  // The server gives the link only when it is made: the token is kept hashed.
  const url = current?.url ?? null;

  return (
    <Modal opened={opened} onClose={onClose} title="Subscribe to the calendar" size="md">
      <Stack gap="md">
        <Text fz="sm">
          Add the company absence calendar to Google Calendar or Outlook with this private link. Anyone who
          has the link can see who is away, so keep it to yourself.
        </Text>
        <Select
          label="Absences of"
          data={SCOPES}
          value={chosenScope}
          onChange={(value) => value && setScope(value as FeedScope)}
          allowDeselect={false}
        />
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
        {current && !url && (
          <Text fz="sm" c="dimmed">
            Your link is on. It is shown only once, when it is made: to copy it again, regenerate it.
          </Text>
        )}
        {current && (
          <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
            Regenerating the link makes the old one stop working: calendars subscribed to it stop updating.
          </Alert>
        )}
        {error && (
          <Text c="red" fz="sm" role="alert">
            {errorMessageFor(error, 'scope')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {current && (
            <Button
              variant="default"
              color="red"
              loading={turnOff.isPending}
              onClick={() => turnOff.mutate()}
            >
              Turn off
            </Button>
          )}
          <Button loading={save.isPending} disabled={feed.isPending} onClick={() => save.mutate()}>
            {current ? 'Regenerate link' : 'Create link'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
