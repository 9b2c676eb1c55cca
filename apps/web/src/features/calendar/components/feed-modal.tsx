import { Select } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageFor } from '../../../lib/http';
import { FeedLinkModal } from '../../../ui/feed-link-modal';
import { calendarFeedQueryOptions, createCalendarFeed, deleteCalendarFeed, type FeedScope } from '../api';

const SCOPES: { value: FeedScope; label: string }[] = [
  { value: 'department', label: 'My department' },
  { value: 'all', label: 'Whole company' },
];

/** The private iCal link of the absence calendar, for the user's department or the whole company. */
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

  return (
    <FeedLinkModal
      opened={opened}
      onClose={onClose}
      title="Subscribe to the calendar"
      intro="Add the company absence calendar to Google Calendar or Outlook with this private link. Anyone who has the link can see who is away, so keep it to yourself."
      feed={feed.isPending ? undefined : (feed.data ?? null)}
      onCreate={() => save.mutate()}
      creating={save.isPending}
      onTurnOff={() => turnOff.mutate()}
      turningOff={turnOff.isPending}
      error={error ? errorMessageFor(error, 'scope') : null}
    >
      <Select
        label="Absences of"
        data={SCOPES}
        value={chosenScope}
        onChange={(value) => value && setScope(value as FeedScope)}
        allowDeselect={false}
      />
    </FeedLinkModal>
  );
}
