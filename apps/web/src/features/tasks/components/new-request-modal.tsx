import type { TaskFormResponse } from '@atrium/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import {
  type FormValues,
  hasValue,
  initialValues,
  isFieldShown,
  type ServerField,
  ServerFields,
  ServerForm,
  taskFormFields,
  useConfirmedCancel,
  useServerForm,
} from '../../../forms';
import { ApiError } from '../../../lib/http';
import { Bone, ConfirmDialog, EmptyState, TemplateIcon, VisuallyHidden } from '../../../ui';
import { absenceFormOf } from '../absence-api';
import { requestFormQueryOptions, uploadRequestFile, useCreateRequest } from '../request-api';
import { AbsenceRequestForm } from './absence-request-form';

/** Spec §9: the factory submit close delay. */
export const FACTORY_CLOSE_DELAY_MS = 200;

export type NewRequestModalProps = {
  /** The template of the request being filed (the page's `form` parameter); null keeps the modal closed. */
  templateKey: string | null;
  /** Cancel, Escape or Close: the page drops `form` (and `from`). Unsaved input is confirmed first. */
  onClose(): void;
  /** The request was filed: the page drops `form` (which closes the modal) and sets `taskId` to `id`. */
  onCreated(id: number): void;
};

/** Where each uploaded file went: a second submit after a refusal does not upload the same file again. */
type UploadedIds = Map<File, number>;

/**
 * The request's input parameters in server format (spec §3 "Factory task submit payload"): the values
 * of the fields shown, each file field's files uploaded one after another and given as their ids. An
 * upload the server refuses stops it, with the server's message under that file field.
 */
async function requestParams(fields: ServerField[], values: FormValues, uploaded: UploadedIds) {
  const params: FormValues = {};
  for (const field of fields) {
    if (!hasValue(field) || !isFieldShown(field, values)) continue;
    const value = values[field.name];
    if (field.type !== 'file') {
      params[field.name] = value;
      continue;
    }
    const ids: number[] = [];
    for (const file of (value as File[] | null) ?? []) {
      let id = uploaded.get(file);
      if (id === undefined) {
        try {
          // In order, one at a time: the ids keep the order the files were chosen in.
          ({ id } = await uploadRequestFile(file));
        } catch (error) {
          const message = error instanceof ApiError ? error.message : 'The file could not be uploaded.';
          throw new ApiError(error instanceof ApiError ? error.status : 0, message, {
            [field.name]: message,
          });
        }
        uploaded.set(file, id);
      }
      ids.push(id);
    }
    params[field.name] = ids;
  }
  return params;
}

type RequestFormProps = {
  form: TaskFormResponse;
  onCancel(): void;
  onCreated(id: number): void;
  onDirtyChange(dirty: boolean): void;
};

/** A factory template's form: the server's fields, checked here, then files uploaded, then filed. */
function FactoryRequestForm({
  form: { template, fields: taskFields },
  onCancel,
  onCreated,
  onDirtyChange,
}: RequestFormProps) {
  const fields = useMemo(() => taskFormFields(taskFields), [taskFields]);
  const [defaults] = useState(() => initialValues(fields));
  const form = useServerForm({ validate: fields, defaultValues: defaults });
  const create = useCreateRequest();
  const uploaded = useRef<UploadedIds>(new Map());
  const [createdId, setCreatedId] = useState<number | null>(null);
  const dirty = form.formState.isDirty;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const finish = useEffectEvent((id: number) => {
    form.reset(defaults);
    uploaded.current.clear();
    onCreated(id);
  });
  // Spec §4 "Factory task flow": 200 ms after the server took it, the form clears and the page moves on.
  useEffect(() => {
    if (createdId === null) return;
    const timer = setTimeout(() => finish(createdId), FACTORY_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [createdId]);

  const submit = async (values: FormValues) => {
    const inputParams = await requestParams(fields, values, uploaded.current);
    const created = await create.mutateAsync({ template: template.key, inputParams });
    notifications.show({ message: 'Request sent', color: 'green', autoClose: 3000 });
    setCreatedId(created.id);
  };

  const busy = form.formState.isSubmitting || createdId !== null;
  return (
    <ServerForm form={form} onSubmit={submit}>
      <ServerFields fields={fields} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={createdId !== null}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={busy}>
          Send request
        </Button>
      </Group>
    </ServerForm>
  );
}

/** Stands in for the form while it loads: label and input shapes. */
function FormSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true">
      <VisuallyHidden>Loading…</VisuallyHidden>
      {[0, 1, 2].map((row) => (
        <Stack key={row} gap={6} aria-hidden>
          <Bone height={10} width="30%" />
          <Bone height={36} />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The new-request modal of /tasks?form={key} (spec §2, §4 "Factory task flow"): the template's name
 * and its server-defined form, with masks, hints, required marks and conditional fields. Submitting
 * checks the fields, uploads the files, files the request; 200 ms later `onCreated` gets its id.
 * Templates the spec knows by key (absences, trips) get their own forms (AbsenceRequestForm).
 */
export function NewRequestModal({ templateKey, onClose, onCreated }: NewRequestModalProps) {
  const query = useQuery({ ...requestFormQueryOptions(templateKey ?? ''), enabled: templateKey !== null });
  const [dirty, setDirty] = useState(false);
  const { requestCancel, dialog } = useConfirmedCancel(dirty, () => {
    setDirty(false);
    onClose();
  });
  const created = (id: number) => {
    setDirty(false);
    onCreated(id);
  };
  const template = query.data?.template;

  let body: ReactNode;
  if (templateKey === null) body = null;
  else if (query.isPending) body = <FormSkeleton />;
  else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <EmptyState
        text={missing ? 'This request template is not available' : 'The form could not be loaded'}
        hint={missing ? 'It may have been switched off. Choose another template.' : 'Try again later.'}
      />
    );
  } else if (!query.data.template.factory) {
    const absence = absenceFormOf(query.data.template.key);
    body = absence ? (
      <AbsenceRequestForm
        key={templateKey}
        form={query.data}
        absence={absence}
        onCancel={requestCancel}
        onCreated={created}
        onDirtyChange={setDirty}
      />
    ) : (
      // A non-factory template the app has no form for: nothing could be filed from here.
      <Stack gap="md">
        <Text size="sm">This request is filed from its own form, which is not available here.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <FactoryRequestForm
        // A new template is a new form: nothing typed for another one carries over.
        key={templateKey}
        form={query.data}
        onCancel={requestCancel}
        onCreated={created}
        onDirtyChange={setDirty}
      />
    );
  }

  return (
    <>
      <Modal
        opened={templateKey !== null}
        onClose={requestCancel}
        size="lg"
        title={
          <Group gap="xs" wrap="nowrap">
            {template && <TemplateIcon template={template} />}
            <span>{template?.name ?? 'New request'}</span>
          </Group>
        }
        styles={{ title: { fontWeight: 600 } }}
      >
        {body}
      </Modal>
      <ConfirmDialog title="Warning" text="All unsaved changes will be lost" {...dialog} />
    </>
  );
}
