import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessageFor } from '../../../lib/http';
import { FeedLinkModal } from '../../../ui/feed-link-modal';
import { createMeetingFeed, deleteMeetingFeed, meetingFeedQueryOptions } from '../api';

/** The private iCal link of the user's own meetings ("Subscribe" on the day view). */
export function MeetingsFeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const feed = useQuery({ ...meetingFeedQueryOptions(), enabled: opened });
  const feedKey = meetingFeedQueryOptions().queryKey;
  const save = useMutation({
    mutationFn: createMeetingFeed,
    onSuccess: (created) => queryClient.setQueryData(feedKey, created),
  });
  const turnOff = useMutation({
    mutationFn: deleteMeetingFeed,
    onSuccess: () => queryClient.setQueryData(feedKey, null),
  });
  const error = save.error ?? turnOff.error;

  return (
    <FeedLinkModal
      opened={opened}
      onClose={onClose}
      title="Subscribe to your meetings"
      intro="Add your meetings to Google Calendar or Outlook with this private link. Anyone who has the link can see your meetings, so keep it to yourself."
      feed={feed.isPending ? undefined : (feed.data ?? null)}
      onCreate={() => save.mutate()}
      creating={save.isPending}
      onTurnOff={() => turnOff.mutate()}
      turningOff={turnOff.isPending}
      error={error ? errorMessageFor(error, 'feed') : null}
    />
  );
}
