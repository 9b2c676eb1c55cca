import type { FormFieldsResponse } from '@atrium/contracts';
import { Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FormValues,
  initialValues,
  ServerFields,
  ServerForm,
  useConfirmedCancel,
  useServerForm,
} from '../../../forms';
import { ConfirmDialog, EmptyState, SkeletonRows } from '../../../ui';
import { formFieldsQueryOptions, useCreateUser } from '../api';
import { profileSaveBody } from '../profile-form';
import { SaveCancel } from './edit-controls';

function UserCreateForm({ config }: { config: FormFieldsResponse }) {
  const [, setParams] = useSearchParams();
  const groups = config.groups.filter((group) => group.name !== 'subordination');
  const fields = config.fields.filter(
    (field) => field.visible && groups.some((group) => group.id === field.group),
  );
  const general = groups.find((group) => group.name === 'general');
  const [defaults] = useState(() => initialValues(fields));
  // Spec §5: only the General group is checked before creating; the server checks the rest.
  const form = useServerForm({
    validate: fields.filter((field) => field.group === general?.id),
    defaultValues: defaults,
  });
  const [tab, setTab] = useState(String(groups[0]?.id));
  const create = useCreateUser();

  const setProfileParam = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('profile');
      else next.set('profile', id);
      return next;
    });
  const { requestCancel, dialog } = useConfirmedCancel(form.formState.isDirty, () => setProfileParam(null));

  const submit = async (values: FormValues) => {
    const created = await create.mutateAsync(profileSaveBody(fields, values));
    setProfileParam(String(created.id));
  };
  // A refused field may sit on another tab: open the tab of the first one.
  const showFirstError = (names: string[]) => {
    const field = fields.find((each) => names.includes(each.name));
    if (field) setTab(String(field.group));
  };

  return (
    <Stack gap="md" px="md" pb="md">
      <Title order={3}>New user</Title>
      <ServerForm form={form} onSubmit={submit} onInvalid={showFirstError}>
        <Tabs value={tab} onChange={(next) => next && setTab(next)}>
          <Tabs.List>
            {groups.map((group) => (
              <Tabs.Tab key={group.id} value={String(group.id)}>
                {group.display_name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {groups.map((group) => (
            <Tabs.Panel key={group.id} value={String(group.id)} pt="md">
              <ServerFields fields={fields.filter((field) => field.group === group.id)} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <SaveCancel saving={form.formState.isSubmitting} onCancel={requestCancel} />
      </ServerForm>
      <ConfirmDialog title="Warning" text="Are you sure you want to cancel user creation?" {...dialog} />
    </Stack>
  );
}

/** The user-creation page of /people?profile=_new_ (HR): a tab per field group, Cancel and Save. */
export function UserCreateBody() {
  const config = useQuery(formFieldsQueryOptions('create'));
  if (config.isPending) return <SkeletonRows count={6} />;
  if (config.isError) return <EmptyState text="The form could not be loaded" />;
  return <UserCreateForm config={config.data} />;
}
