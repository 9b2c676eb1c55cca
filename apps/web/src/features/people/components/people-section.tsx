import type { UserListItem, UsersFilterBody } from '@atrium/contracts';
import { Badge, Box, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import { SkeletonRows } from '../../../ui';
import { directoryQueryOptions } from '../api';
import { PersonName } from './person-parts';

type PeopleSectionProps = {
  /** The visible text of the toggle. */
  label: string;
  /** The toggle's accessible name, when the label alone would be ambiguous ('Reports' of whom). */
  toggleName?: string;
  count?: number;
  /** Shown before the toggle (a lead's own name in lead mode). */
  leading?: ReactNode;
  /** The people of the section, loaded the first time it opens. */
  filter: UsersFilterBody;
  keep?: (person: UserListItem) => boolean;
  onOpen: (person: UserListItem) => void;
  /** Sections nested in this one (the nodes under a department), shown above its people. */
  children?: ReactNode;
};

/** A collapsible group of people (a department, a grade, a lead's reports) that loads them when opened. */
export function PeopleSection({
  label,
  toggleName,
  count,
  leading,
  filter,
  keep,
  onOpen,
  children,
}: PeopleSectionProps) {
  const [opened, { toggle }] = useDisclosure(false);
  const contentId = useId();
  return (
    <Box>
      <Group gap="sm" wrap="nowrap" py={4}>
        {leading}
        <UnstyledButton
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={opened ? contentId : undefined}
          aria-label={toggleName}
          px={4}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap={6} wrap="nowrap">
            <IconChevronRight
              size={16}
              aria-hidden
              style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 150ms ease' }}
            />
            <Text size="sm" fw={500}>
              {label}
            </Text>
            {count !== undefined && (
              <Badge variant="light" color="gray" size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {count.toLocaleString('en-US')}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      </Group>
      {opened && (
        <Stack
          id={contentId}
          gap={4}
          pl="lg"
          ml={7}
          style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}
        >
          {children}
          <SectionPeople filter={filter} keep={keep} onOpen={onOpen} nested={children !== undefined} />
        </Stack>
      )}
    </Box>
  );
}

type SectionPeopleProps = Pick<PeopleSectionProps, 'filter' | 'keep' | 'onOpen'> & { nested: boolean };

/** The people of an open section, 15 at a time with a 'Show more' button (no scrolling inside sections). */
function SectionPeople({ filter, keep, onOpen, nested }: SectionPeopleProps) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery(
    directoryQueryOptions(filter),
  );
  useEffect(() => {
    // Spec §8: a failed people list is only logged.
    if (error) console.warn('The people of a section could not be loaded', error);
  }, [error]);
  if (isPending) return <SkeletonRows count={2} />;
  const loaded = data?.pages.flatMap((page) => page.results) ?? [];
  const people = keep ? loaded.filter(keep) : loaded;
  return (
    <>
      {people.map((person) => (
        <Box key={person.id} py={4}>
          <PersonName person={person} onOpen={onOpen} withPosition />
        </Box>
      ))}
      {people.length === 0 && !hasNextPage && !nested && (
        <Text size="sm" c="dimmed" py={4}>
          Nobody here
        </Text>
      )}
      {hasNextPage && (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          loading={isFetchingNextPage}
          onClick={() => fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </>
  );
}
