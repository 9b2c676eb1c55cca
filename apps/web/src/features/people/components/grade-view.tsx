import type { UserListItem, UsersFilterBody } from '@atrium/contracts';
import { Button, Group, Paper, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentSession } from '../../../app/session';
import { SegmentedControl, SkeletonRows } from '../../../ui';
import { dictionaryQueryOptions } from '../api';
import { DirectoryList } from './directory-list';
import { PeopleSection } from './people-section';
import { fullName, PersonName } from './person-parts';

type GradeViewMode = 'lead' | 'group';

/** 'Unlinked' people report to nobody; grade mode hides them until asked. */
const isLinked = (person: UserListItem) => person.manager_name !== null;

type GradeViewProps = {
  filter: UsersFilterBody;
  /** The grades the filters chose, if any: group mode then shows only those. */
  grades: readonly number[];
  hint?: string;
  onOpen: (person: UserListItem) => void;
};

/**
 * The directory's grade mode. Lead mode (the default): the people of the page, each with the people who
 * report to them. Group mode: people grouped by grade. Unlinked people are hidden by default.
 */
export function GradeView({ filter, grades, hint, onOpen }: GradeViewProps) {
  const [view, setView] = useState<GradeViewMode>('lead');
  const [showUnlinked, setShowUnlinked] = useState(false);
  const keep = showUnlinked ? undefined : isLinked;

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <SegmentedControl
          aria-label="Grade view"
          size="xs"
          value={view}
          onChange={setView}
          data={[
            { value: 'lead', label: 'Lead mode' },
            { value: 'group', label: 'Group mode' },
          ]}
        />
        <Button variant="default" size="xs" onClick={() => setShowUnlinked((shown) => !shown)}>
          {showUnlinked ? 'Hide unlinked' : 'Show unlinked'}
        </Button>
        {/* The spec keeps this toggle of the grade page as it is: a placeholder without an effect yet. */}
        <Switch label="Режим 2" size="sm" />
      </Group>
      {view === 'lead' ? (
        <DirectoryList filter={filter} keep={keep} hint={hint}>
          {(people) => (
            <Paper withBorder p="sm">
              <Stack gap={0}>
                {people.map((lead) => (
                  <PeopleSection
                    key={lead.id}
                    leading={<PersonName person={lead} onOpen={onOpen} withPosition />}
                    label="Reports"
                    toggleName={`Reports of ${fullName(lead)}`}
                    filter={{ Manager: [lead.id] }}
                    onOpen={onOpen}
                  />
                ))}
              </Stack>
            </Paper>
          )}
        </DirectoryList>
      ) : (
        <GradeGroups filter={filter} grades={grades} keep={keep} onOpen={onOpen} />
      )}
    </Stack>
  );
}

type GradeGroupsProps = Omit<GradeViewProps, 'hint'> & { keep?: (person: UserListItem) => boolean };

function GradeGroups({ filter, grades, keep, onOpen }: GradeGroupsProps) {
  const { company } = useCurrentSession();
  const { data: items, isPending } = useQuery(dictionaryQueryOptions('grade', company.id));
  if (isPending) return <SkeletonRows count={4} />;
  const shown = (items ?? []).filter((grade) => grades.length === 0 || grades.includes(grade.id));
  return (
    <Paper withBorder p="sm">
      <Stack gap={0}>
        {shown.map((grade) => (
          <PeopleSection
            key={grade.id}
            label={grade.name}
            filter={{ ...filter, grade: [grade.id] }}
            keep={keep}
            onOpen={onOpen}
          />
        ))}
      </Stack>
    </Paper>
  );
}
