import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sessionQueryOptions } from '../../features/auth/api';
import { DocumentsTab } from '../../features/documents';
import { ProfilePanelBody, type ProfileSlots, UserCreateBody } from '../../features/profile';
import { UserTasks } from '../../features/tasks';
import { useCurrentSession } from '../session';
import { NEW_USER } from './widget-stack';

/** The profile's tabs that other features fill, some of them by who is looking. */
const profileSlots = (viewerId: number): ProfileSlots => ({
  tasksTab: (profile) => <UserTasks userId={profile.id} />,
  documentsTab: (profile) => <DocumentsTab profile={profile} viewerId={viewerId} />,
});

/**
 * The profile widget's content: a profile (with its forms, tasks and documents), or the user-creation page
 * for profile=_new_. A chunk of its own, loaded when the widget first opens.
 */
export function ProfileWidgetBody({ profile }: { profile: string | null }) {
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const slots = useMemo(() => profileSlots(user.id), [user.id]);

  // A new picture shows in the people lists (features/people keys them 'people'), and for one's own
  // picture in the header's user bar, which reads the session.
  const refreshAvatar = (userId: number) => {
    void queryClient.invalidateQueries({ queryKey: ['people'] });
    if (userId === user.id) void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
  };

  return profile === NEW_USER ? (
    <UserCreateBody />
  ) : (
    <ProfilePanelBody
      userId={Number(profile)}
      viewerId={user.id}
      onAvatarChange={refreshAvatar}
      slots={slots}
    />
  );
}
