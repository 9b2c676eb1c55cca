import type { Profile, UserCompetency } from '@atrium/contracts';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useConfirmedCancel } from '../../../forms';
import { ApiError } from '../../../lib/http';
import { ConfirmDialog, DropdownSelect, EmptyState, SkeletonRows } from '../../../ui';
import { setCompetencyLevel, userCompetenciesQueryOptions } from '../api';
import { competencyChanges, levelChoicesOf } from '../competency-changes';
import { EditButton, SaveCancel } from './edit-controls';

const levelLabel = (level: { level: number; name: string }) => `${level.level}. ${level.name}`;

function CompetenciesForm({
  profile,
  competencies,
  onDone,
}: {
  profile: Profile;
  competencies: UserCompetency[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<{ levels: (number | null)[] }>({
    defaultValues: { levels: levelChoicesOf(competencies) },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { requestCancel, dialog } = useConfirmedCancel(form.formState.isDirty, onDone);

  const submit = form.handleSubmit(async ({ levels }) => {
    setFailure(null);
    try {
      // One at a time: each answer is the whole list, and the last one is the saved state.
      for (const change of competencyChanges(profile.id, competencies, levels)) {
        const saved = await setCompetencyLevel(change);
        queryClient.setQueryData(userCompetenciesQueryOptions(profile.id).queryKey, saved.results);
      }
      onDone();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Try again.');
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {competencies.map(({ competency, levels: scale }, index) => (
          <Controller
            key={competency.id}
            name={`levels.${index}`}
            control={form.control}
            render={({ field }) => (
              <DropdownSelect
                label={competency.name}
                options={scale.map((level) => ({ value: level.id, label: levelLabel(level) }))}
                clearable
                placeholder="No level"
                value={field.value ?? null}
                onChange={field.onChange}
              />
            )}
          />
        ))}
        <SaveCancel saving={form.formState.isSubmitting} onCancel={requestCancel} />
      </Stack>
      <ConfirmDialog title="Warning" text="All unsaved changes will be lost" {...dialog} />
    </form>
  );
}

/** The person's level in each competency of their company; the owner and HR may change them. */
export function CompetenciesTab({ profile }: { profile: Profile }) {
  const { data: competencies, isPending, isError } = useQuery(userCompetenciesQueryOptions(profile.id));
  const [editing, setEditing] = useState(false);

  if (isPending) return <SkeletonRows count={4} />;
  if (isError || competencies.length === 0) return <EmptyState text="Empty section" />;
  if (editing) {
    return (
      <CompetenciesForm profile={profile} competencies={competencies} onDone={() => setEditing(false)} />
    );
  }
  return (
    <Stack gap="md">
      {profile.edit_mode !== 'none' && <EditButton onClick={() => setEditing(true)} />}
      {competencies.map(({ competency, level }) => (
        <Group key={competency.id} justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={500}>
            {competency.name}
          </Text>
          <Stack gap={0} align="flex-end">
            <Text size="sm">{level ? levelLabel(level) : '—'}</Text>
            {level?.description && (
              <Text size="xs" c="dimmed" ta="right">
                {level.description}
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
