import type { ManagerLink, ManagerType, Profile } from '@atrium/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Box, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { PersonLabel, personOption, UserIdPicker, useConfirmedCancel } from '../../../forms';
import { ApiError } from '../../../lib/http';
import { ConfirmDialog, DropdownSelect, EmptyState, SkeletonRows } from '../../../ui';
import {
  addManagerLink,
  managerLinksQueryOptions,
  managerTypesQueryOptions,
  removeManagerLink,
} from '../api';
import {
  blankExtraRow,
  needsNewExtraRow,
  SINGLE_MANAGERS,
  SubordinationSchema,
  type SubordinationValues,
  subordinationChanges,
  subordinationValuesOf,
} from '../subordination-changes';
import { EditButton, SaveCancel } from './edit-controls';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

function PersonLine({ link }: { link: ManagerLink }) {
  return <PersonLabel person={personOption(link.manager)} avatarSize={32} />;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

const nobody = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

function SubordinationView({ links }: { links: ManagerLink[] }) {
  const extras = links.filter((link) => link.manager_type.code === 'extra');
  return (
    <Stack gap="md">
      {SINGLE_MANAGERS.map(({ code, label }) => {
        const link = links.find((each) => each.manager_type.code === code);
        return (
          <Row key={code} label={label}>
            {link ? <PersonLine link={link} /> : nobody}
          </Row>
        );
      })}
      <Row label="Extra managers">
        {extras.length ? extras.map((link) => <PersonLine key={link.id} link={link} />) : nobody}
      </Row>
    </Stack>
  );
}

type FormProps = { profile: Profile; links: ManagerLink[]; types: ManagerType[]; onDone: () => void };

function SubordinationForm({ profile, links, types, onDone }: FormProps) {
  const queryClient = useQueryClient();
  const form = useForm<SubordinationValues>({
    resolver: zodResolver(SubordinationSchema),
    defaultValues: subordinationValuesOf(links),
  });
  const extras = useFieldArray({ control: form.control, name: 'extras' });
  const rows = useWatch({ control: form.control, name: 'extras' });
  const [failure, setFailure] = useState<string | null>(null);
  const { requestCancel, dialog } = useConfirmedCancel(form.formState.isDirty, onDone);
  const known = (id: number | null) => {
    const link = links.find((each) => each.manager.id === id);
    return link ? personOption(link.manager) : null;
  };
  const extraTypes = types
    .filter((type) => type.code === 'extra')
    .map((type) => ({ value: type.id, label: type.name }));

  useEffect(() => {
    if (needsNewExtraRow(rows)) extras.append(blankExtraRow(), { shouldFocus: false });
  }, [rows, extras.append]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { removals, additions } = subordinationChanges(profile.id, links, types, values);
    const removed = await Promise.allSettled(removals.map(removeManagerLink));
    const added = await Promise.allSettled(additions.map(({ body }) => addManagerLink(body)));
    await queryClient.invalidateQueries({ queryKey: managerLinksQueryOptions(profile.id).queryKey });
    const failed = [...removed, ...added].find((result) => result.status === 'rejected');
    if (!failed) return onDone();

    added.forEach((result, index) => {
      const addition = additions[index];
      if (!addition) return;
      if (result.status === 'fulfilled') {
        // Saved: a second Save must not add this row again.
        if ('row' in addition) form.setValue(`extras.${addition.row}.linkId`, result.value.id);
        return;
      }
      const fieldErrors = result.reason instanceof ApiError ? Object.entries(result.reason.fieldErrors) : [];
      for (const [key, message] of fieldErrors) {
        if ('field' in addition) form.setError(addition.field, { message });
        else
          form.setError(`extras.${addition.row}.${key === 'manager_type' ? 'manager_type' : 'manager'}`, {
            message,
          });
      }
      if (!fieldErrors.length) setFailure(messageOf(result.reason));
    });
    const removal = removed.find((result) => result.status === 'rejected');
    if (removal) setFailure(messageOf(removal.reason));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {SINGLE_MANAGERS.map(({ code, label }) => (
          <Controller
            key={code}
            name={code}
            control={form.control}
            render={({ field, fieldState }) => (
              <UserIdPicker
                label={label}
                value={field.value}
                selected={known(field.value)}
                error={fieldState.error?.message}
                onChange={(id) => field.onChange(id)}
              />
            )}
          />
        ))}
        <Text size="sm" fw={500}>
          Extra managers
        </Text>
        {extras.fields.map((row, index) => (
          <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
            <Box w={180}>
              <Controller
                name={`extras.${index}.manager_type`}
                control={form.control}
                render={({ field, fieldState }) => (
                  <DropdownSelect
                    label="Manager type"
                    options={extraTypes}
                    value={field.value}
                    error={fieldState.error?.message}
                    onChange={field.onChange}
                  />
                )}
              />
            </Box>
            <Box flex={1}>
              <Controller
                name={`extras.${index}.manager`}
                control={form.control}
                render={({ field, fieldState }) => (
                  <UserIdPicker
                    label="Extra manager"
                    value={field.value}
                    selected={known(field.value)}
                    error={fieldState.error?.message}
                    onChange={(id) => field.onChange(id)}
                  />
                )}
              />
            </Box>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              aria-label="Remove extra manager"
              onClick={() => extras.remove(index)}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <SaveCancel saving={form.formState.isSubmitting} onCancel={requestCancel} />
      </Stack>
      <ConfirmDialog title="Warning" text="All unsaved changes will be lost" {...dialog} />
    </form>
  );
}

/** Manager, deputy, HR business partner and extra managers; HR may change them. */
export function SubordinationTab({ profile }: { profile: Profile }) {
  const links = useQuery(managerLinksQueryOptions(profile.id));
  const canEdit = profile.edit_mode === 'hr';
  const types = useQuery({ ...managerTypesQueryOptions(profile.id), enabled: canEdit });
  const [editing, setEditing] = useState(false);

  if (links.isPending) return <SkeletonRows count={4} />;
  if (links.isError) return <EmptyState text="Empty section" />;
  if (editing && types.data) {
    return (
      <SubordinationForm
        profile={profile}
        links={links.data}
        types={types.data}
        onDone={() => setEditing(false)}
      />
    );
  }
  return (
    <Stack gap="md">
      {canEdit && types.data && <EditButton onClick={() => setEditing(true)} />}
      <SubordinationView links={links.data} />
    </Stack>
  );
}
