import { ActionIcon } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { SkeletonRows } from '../../ui/skeleton-rows';
import { WidgetFrame, type WidgetPlacement } from './widget-frame';
import { useWidgets } from './widgets-context';

const ProfileWidgetBody = lazy(async () => ({
  default: (await import('./profile-widget-body')).ProfileWidgetBody,
}));

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
      {/* The panel's own placeholder while a profile loads, so the wait for its code looks the same. */}
      <Suspense fallback={<SkeletonRows count={6} />}>
        <ProfileWidgetBody profile={profile} />
      </Suspense>
    </WidgetFrame>
  );
}
