import { PatchTaskBody, TASK_DESCRIPTION_MAX, TASK_NAME_MAX, type TaskDetail } from '@atrium/contracts';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessageFor } from '../../../lib/http';
import { usePatchTask } from '../api';

type TaskEditFormProps = { task: TaskDetail; onDone: () => void };

/** The name and description of a request, edited in place by its creator (PATCH /api/tasks/{id}/). */
export function TaskEditForm({ task, onDone }: TaskEditFormProps) {
  const patch = usePatchTask(task.id);
  const [name, setName] = useState(task.name);
  const [description, setDescription] = useState(task.description);
  const parsed = PatchTaskBody.safeParse({ name, description });
  const nameError = parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === 'name')?.message;
  const fieldError = (field: keyof PatchTaskBody) =>
    patch.error instanceof ApiError ? patch.error.fieldErrors[field] : undefined;
  const generalError =
    patch.isError && !fieldError('name') && !fieldError('description')
      ? errorMessageFor(patch.error, '')
      : undefined;

  return (
    <Stack
      component="form"
      gap="sm"
      aria-label="Edit task"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.success) patch.mutate(parsed.data, { onSuccess: onDone });
      }}
      onKeyDown={(event) => {
        // Escape leaves the edit, not the whole modal.
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={TASK_NAME_MAX}
        error={nameError ?? fieldError('name')}
        data-autofocus
        autoFocus
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={TASK_DESCRIPTION_MAX}
        rows={4}
        error={fieldError('description')}
      />
      {generalError && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {generalError}
        </Alert>
      )}
      <Group gap="xs">
        <Button type="submit" loading={patch.isPending} disabled={!parsed.success}>
          Save
        </Button>
        <Button variant="default" onClick={onDone} disabled={patch.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
