import { USER_STATUS_LABELS, type UserListItem } from '@atrium/contracts';
import { Anchor, Badge, Box, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrentSession } from '../../../app/session';
import { UserAvatar } from '../../../ui';
import { dictionaryQueryOptions } from '../api';

/** The job position name the server sends when a person has none; it is not shown. */
export const NO_POSITION = 'N/A';

export const fullName = (person: Pick<UserListItem, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`;

/** Spec: time zones read 'GMT+{gmt}'; a zone west of Greenwich reads GMT-5 rather than GMT+-5. */
export function formatGmt(gmt: number | null): string | null {
  if (gmt === null) return null;
  return gmt < 0 ? `GMT${gmt}` : `GMT+${gmt}`;
}

type PersonNameProps = {
  person: UserListItem;
  onOpen: (person: UserListItem) => void;
  /** A second line: the job position instead of the status label. */
  withPosition?: boolean;
};

/** Avatar with its status dot, the name that opens the profile, and the status (or position) under it. */
export function PersonName({ person, onOpen, withPosition = false }: PersonNameProps) {
  const name = fullName(person);
  const position = person.job_position_name === NO_POSITION ? null : person.job_position_name;
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <UserAvatar name={name} src={person.avatar} status={person.status} size={36} decorative />
      <Box miw={0}>
        <Anchor
          component="button"
          type="button"
          onClick={() => onOpen(person)}
          fz="sm"
          fw={500}
          c="var(--mantine-color-text)"
          ta="left"
          display="block"
          maw="100%"
          truncate
        >
          {name}
        </Anchor>
        {withPosition ? (
          position && (
            <Text size="xs" c="dimmed" truncate>
              {position}
            </Text>
          )
        ) : (
          // The avatar already reads the status out; this is the same label for the eye.
          <Text size="xs" c="dimmed" aria-hidden>
            {USER_STATUS_LABELS[person.status]}
          </Text>
        )}
      </Box>
    </Group>
  );
}

/**
 * A person's special event (birthday, anniversary…): its picture as the image `event-{id}` once events
 * have pictures, until then a badge with the event's name that keeps `event-{id}` as class and test id.
 */
export function SpecialEvent({ id }: { id: number }) {
  const { company } = useCurrentSession();
  const { data: events } = useQuery(dictionaryQueryOptions('UserSpecialEvent', company.id));
  const event = events?.find((item) => item.id === id);
  const tag = `event-${id}`;
  if (!event) return null;
  if (event.img) {
    return <img src={event.img} alt={tag} title={event.name} className={tag} width={20} height={20} />;
  }
  return (
    <Badge variant="light" size="sm" radius="sm" tt="none" className={tag} data-testid={tag}>
      {event.name}
    </Badge>
  );
}
