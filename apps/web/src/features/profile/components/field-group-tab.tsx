import type { FieldGroup, Profile } from '@atrium/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  displayValue,
  type FormValues,
  hasValue,
  initialValues,
  type ServerField,
  ServerFields,
  ServerForm,
  useConfirmedCancel,
  useServerForm,
} from '../../../forms';
import { ConfirmDialog } from '../../../ui';
import { useSaveProfileGroup } from '../api';
import { profileSaveBody, shownFields } from '../profile-form';
import { EditButton, SaveCancel } from './edit-controls';

type GroupProps = { profile: Profile; group: FieldGroup; fields: ServerField[] };

/**
 * A value as the profile shows it: for a choice the profile's own name of it where it has one
 * (job_position_name, division_name…), else the configured choice's name.
 */
function profileValue(profile: Profile, field: ServerField): string {
  const values: FormValues = profile;
  if (values[field.name] === null) return '';
  const named = values[`${field.name}_name`];
  return typeof named === 'string' ? named : displayValue(field, values[field.name]);
}

function GroupView({ profile, fields }: { profile: Profile; fields: ServerField[] }) {
  const valued = fields.filter(hasValue);
  return (
    // As many columns as the panel has room for: two at half width, more at full width, one on a phone.
    <SimpleGrid minColWidth={280} spacing="md" verticalSpacing="sm">
      {valued.map((field) => (
        <Stack key={field.name} gap={2}>
          <Text size="xs" c="dimmed">
            {field.display_name}
          </Text>
          <Text size="sm">{profileValue(profile, field) || '—'}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function GroupEditForm({ profile, group, fields, onDone }: GroupProps & { onDone: () => void }) {
  const editable = fields.filter((field) => field.editable !== false);
  const [defaults] = useState(() => initialValues(fields, profile));
  const form = useServerForm({ validate: editable, defaultValues: defaults });
  const save = useSaveProfileGroup(profile);
  const { requestCancel, dialog } = useConfirmedCancel(form.formState.isDirty, onDone);

  const submit = async (values: FormValues) => {
    await save.mutateAsync({ groupId: group.id, body: profileSaveBody(editable, values, defaults) });
    notifications.show({ message: 'Changes saved' });
    onDone();
  };

  return (
    <>
      <ServerForm form={form} onSubmit={submit}>
        <ServerFields fields={fields} />
        <SaveCancel saving={form.formState.isSubmitting} onCancel={requestCancel} />
      </ServerForm>
      <ConfirmDialog title="Warning" text="All unsaved changes will be lost" {...dialog} />
    </>
  );
}

/**
 * A field group of the configuration: its visible fields read-only, and an Edit button where the group
 * is editable in the viewer's mode. Leaving the tab unmounts it, which is how switching tabs cancels.
 */
export function FieldGroupTab({ profile, group, fields }: GroupProps) {
  const [editing, setEditing] = useState(false);
  const shown = shownFields(fields, profile);
  const canEdit = profile.edit_mode !== 'none' && group.editable;

  if (editing) {
    return <GroupEditForm profile={profile} group={group} fields={shown} onDone={() => setEditing(false)} />;
  }
  return (
    <Stack gap="md">
      {canEdit && <EditButton onClick={() => setEditing(true)} />}
      <GroupView profile={profile} fields={shown} />
    </Stack>
  );
}
