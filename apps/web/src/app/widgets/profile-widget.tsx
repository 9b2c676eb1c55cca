import { ActionIcon } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ProfilePanelBody, UserCreateBody } from '../../features/profile';
import { WidgetFrame, type WidgetPlacement } from './widget-frame';
import { NEW_USER } from './widget-stack';
import { useWidgets } from './widgets-context';

/** The profile panel of /people?profile={id}, or the user-creation page for profile=_new_. */
export function ProfileWidget({ placement }: { placement: WidgetPlacement }) {
  const [params, setParams] = useSearchParams();
  const profile = params.get('profile');
  const { profileFullWidth, toggleProfileWidth } = useWidgets();
  const ResizeIcon = profileFullWidth ? IconArrowsMinimize : IconArrowsMaximize;

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
      {profile === NEW_USER ? <UserCreateBody /> : <ProfilePanelBody userId={Number(profile)} />}
    </WidgetFrame>
  );
}
