import { ActionIcon } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { sessionQueryOptions } from '../../features/auth/api';
import { DocumentsTab } from '../../features/documents';
import { ProfilePanelBody, type ProfileSlots, UserCreateBody } from '../../features/profile';
import { UserTasks } from '../../features/tasks';
import { useCurrentSession } from '../session';
import { WidgetFrame, type WidgetPlacement } from './widget-frame';
import { NEW_USER } from './widget-stack';
import { useWidgets } from './widgets-context';

/** The profile's tabs that other features fill, some of them by who is looking. */
const profileSlots = (viewerId: number): ProfileSlots => ({
  tasksTab: (profile) => <UserTasks userId={profile.id} />,
  documentsTab: (profile) => <DocumentsTab profile={profile} viewerId={viewerId} />,
});

/** The profile panel of /people?profile={id}, or the user-creation page for profile=_new_. */
export function ProfileWidget({ placement }: { placement: WidgetPlacement }) {
  const [params, setParams] = useSearchParams();
  const profile = params.get('profile');
  const { profileFullWidth, toggleProfileWidth } = useWidgets();
  const ResizeIcon = profileFullWidth ? IconArrowsMinimize : IconArrowsMaximize;
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const slots = useMemo(() => profileSlots(user.id), [user.id]);

  // A new picture shows in the people lists (features/people keys them 'people'), and for one's own
  // picture in the header's user bar, which reads the session.
  const refreshAvatar = (userId: number) => {
    void queryClient.invalidateQueries({ queryKey: ['people'] });
    if (userId === user.id) void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
  };

  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('profile');
      return next;
    });

  return (
    <WidgetFrame
      title="Profile"
      placement={placement}
      onClose={close}
      actions={
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={toggleProfileWidth}
          aria-label={profileFullWidth ? 'Half width' : 'Full width'}
        >
          <ResizeIcon size={16} aria-hidden />
        </ActionIcon>
      }
    >
      {profile === NEW_USER ? (
        <UserCreateBody />
      ) : (
        <ProfilePanelBody
          userId={Number(profile)}
          viewerId={user.id}
          onAvatarChange={refreshAvatar}
          slots={slots}
        />
      )}
    </WidgetFrame>
  );
}
