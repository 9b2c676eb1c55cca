import { Group, UnstyledButton } from '@mantine/core';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { UserAvatar } from '../../ui/user-avatar';
import { useCurrentSession } from '../session';
import { useWidgets } from '../widgets/widgets-context';

/** The header's right end: the notifications bell and the avatar opening the settings. */
export function UserBar() {
  const { user } = useCurrentSession();
  const widgets = useWidgets();
  const settingsOpen = widgets.open.includes('profileSetttings');

  return (
    <Group gap="xs" wrap="nowrap">
      <NotificationBell />
      {/* Named by the avatar inside: the person and their status, e.g. "Ada Lovelace Online". */}
      <UnstyledButton
        aria-haspopup="dialog"
        aria-expanded={settingsOpen}
        onClick={() => (settingsOpen ? widgets.closeWidget : widgets.openWidget)('profileSetttings')}
        style={{ borderRadius: '50%', display: 'flex' }}
      >
        <UserAvatar
          src={user.avatar}
          name={`${user.first_name} ${user.last_name}`}
          status={user.status}
          size={32}
        />
      </UnstyledButton>
    </Group>
  );
}
