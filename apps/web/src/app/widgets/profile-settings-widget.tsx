import { Box, Button, Divider, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../ui/user-avatar';
import { useCurrentSession } from '../session';
import { WidgetFrame, type WidgetPlacement } from './widget-frame';
import { useWidgets } from './widgets-context';

/** The job position the server names when a user has none; the panel then shows no position. */
const NO_POSITION = 'N/A';

const AvatarZoomModal = lazy(async () => ({
  default: (await import('./avatar-zoom-modal')).AvatarZoomModal,
}));

/** The 'profileSetttings' widget the avatar opens (spec: user bar). */
export function ProfileSettingsWidget({ placement }: { placement: WidgetPlacement }) {
  const { user } = useCurrentSession();
  const { closeWidget, selectUser } = useWidgets();
  const navigate = useNavigate();
  const [zoomed, zoom] = useDisclosure(false);
  const fullName = `${user.first_name} ${user.last_name}`;
  const close = () => closeWidget('profileSetttings');

  return (
    <WidgetFrame title="Profile settings" hideTitle dialog placement={placement} onClose={close}>
      <Stack align="center" gap={4} px="md" pb="md">
        <UnstyledButton onClick={zoom.open} aria-label="Zoom avatar" style={{ borderRadius: '50%' }}>
          <UserAvatar src={user.avatar} name={fullName} size={88} decorative />
        </UnstyledButton>
        <Text fw={600} size="lg" ta="center" mt="xs">
          {fullName}
        </Text>
        {user.job_position_name !== NO_POSITION && (
          <Text size="sm" c="dimmed" ta="center">
            {user.job_position_name}
          </Text>
        )}
      </Stack>
      <Divider />
      <Box px="xs" py="xs">
        <NavLink
          component={Link}
          to={`/people?profile=${user.id}`}
          label="My Profile"
          leftSection={<IconUser size={18} stroke={1.75} aria-hidden />}
          onClick={() => {
            selectUser(user.id);
            close();
          }}
        />
        {/* Spec: 'My settings' goes to / and does nothing else. */}
        <NavLink
          component={Link}
          to="/"
          label="My settings"
          leftSection={<IconSettings size={18} stroke={1.75} aria-hidden />}
        />
      </Box>
      <Divider />
      <Box p="md">
        <Button
          // The /logout route does the work, so logging out has one path whatever starts it.
          onClick={() => navigate('/logout')}
          variant="default"
          fullWidth
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          Log Out
        </Button>
      </Box>
      {/* Mounted with the panel, so the modal's code is there (and it fades in) by the time of a click. */}
      <Suspense fallback={null}>
        <AvatarZoomModal opened={zoomed} onClose={zoom.close} name={fullName} avatar={user.avatar} />
      </Suspense>
    </WidgetFrame>
  );
}
