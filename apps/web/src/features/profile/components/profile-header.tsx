import { type Profile, USER_STATUS_LABELS } from '@atrium/contracts';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconCalendarPlus, IconLink, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { copyLink, statusColor, UserAvatar } from '../../../ui';
import { gmtLabel, localTime } from '../local-time';
import { AvatarPicker, useAvatarUpload } from './avatar-upload';

/** Spec §9: About is cut after 100 characters, with 'Show more'. */
const ABOUT_LIMIT = 100;
const NO_POSITION = 'N/A';
const AVATAR_SIZE = 72;

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), everyMs, { autoInvoke: true });
  return now;
}

function LocalTime({ gmt, place }: { gmt: number | null; place: string }) {
  const now = useNow(30_000);
  if (gmt === null && !place) return null;
  return (
    <Text size="sm" c="dimmed">
      {gmt !== null && (
        <Text span inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
          {localTime(gmt, now)} {gmtLabel(gmt)}
        </Text>
      )}
      {gmt !== null && place && ' · '}
      {place}
    </Text>
  );
}

function About({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > ABOUT_LIMIT;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {long && !expanded ? `${text.slice(0, ABOUT_LIMIT)}…` : text}
      {long && (
        <>
          {' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((now) => !now)}>
            {expanded ? 'Hide' : 'Show more'}
          </Anchor>
        </>
      )}
    </Text>
  );
}

type ProfileHeaderProps = {
  profile: Profile;
  /** The tabs that need the room (Subordination, Tasks, Documents, Competencies) hide the basic content. */
  showBasics: boolean;
  /** The viewer's own profile, whose picture they may change whatever their edit mode. */
  own: boolean;
  onAvatarChange: () => void;
};

/** Who the person is: picture, name, status, where they work, their local time and About. */
export function ProfileHeader({ profile, showBasics, own, onAvatarChange }: ProfileHeaderProps) {
  const photo = useAvatarUpload(profile.id, own, onAvatarChange);
  const fullName = `${profile.first_name} ${profile.last_name}`;
  const work = [
    profile.job_position_name === NO_POSITION ? null : profile.job_position_name,
    profile.division_name,
    profile.department_name,
  ].filter(Boolean);
  const place = [profile.location_name, profile.country_name].filter(Boolean).join(', ');

  return (
    <Stack gap="sm" px="md" pb="xs">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {own || profile.edit_mode === 'hr' ? (
          <AvatarPicker
            profile={profile}
            size={AVATAR_SIZE}
            uploading={photo.uploading}
            onPick={photo.pick}
          />
        ) : (
          <UserAvatar
            name={fullName}
            src={profile.avatar}
            status={profile.status}
            size={AVATAR_SIZE}
            decorative
          />
        )}
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Title order={3}>{fullName}</Title>
            <Badge color={statusColor(profile.status)} variant="light">
              {USER_STATUS_LABELS[profile.status]}
            </Badge>
          </Group>
          {showBasics && (
            <>
              {work.length > 0 && <Text size="sm">{work.join(' · ')}</Text>}
              <LocalTime gmt={profile.gmt} place={place} />
            </>
          )}
        </Stack>
      </Group>
      {photo.error && (
        <Text size="sm" c="red" role="alert">
          {photo.error}
        </Text>
      )}
      {showBasics && profile.about_me && <About text={profile.about_me} />}
      <Group gap="xs">
        {/* Messaging and meeting invitations are not part of the portal yet (spec: disabled). */}
        <Button size="xs" variant="default" disabled leftSection={<IconMessage size={16} aria-hidden />}>
          Message
        </Button>
        <Button size="xs" variant="default" disabled leftSection={<IconCalendarPlus size={16} aria-hidden />}>
          Invite & meeting
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={() => copyLink(`${window.location.origin}/people?profile=${profile.id}`)}
        >
          Link to profile
        </Button>
      </Group>
    </Stack>
  );
}
