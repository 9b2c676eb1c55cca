import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { ApiError } from '../lib/http';
import { fieldsSchema } from './field-rules';
import type { FormValues, ServerField } from './server-field';

const FORM_MAX_WIDTH = 720;

type ServerFormOptions = {
  /** The fields whose values are checked before submitting (all shown ones, or a part: creation checks General). */
  validate: ServerField[];
  defaultValues: FormValues;
};

/** The react-hook-form of a server-defined form, validated by the fields' own rules. */
export function useServerForm({ validate, defaultValues }: ServerFormOptions) {
  return useForm<FormValues>({ resolver: zodResolver(fieldsSchema(validate)), defaultValues });
}

type ServerFormProps = {
  form: UseFormReturn<FormValues>;
  /** Runs with valid values; a thrown ApiError's field messages land under their fields. */
  onSubmit: (values: FormValues) => Promise<unknown>;
  /** The fields that failed, client- or server-side, e.g. to show the tab they are on. */
  onInvalid?: (names: string[]) => void;
  children: ReactNode;
};

/**
 * The one form wrapper of server-defined forms (profile groups, user creation, task forms): checks the
 * values, submits them, and shows the server's `missing_fields` under each field (first message) or,
 * for an error no field owns, above the form. `formState.isSubmitting` is true while it saves.
 */
export function ServerForm({ form, onSubmit, onInvalid, children }: ServerFormProps) {
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await onSubmit(values);
      } catch (error) {
        const known = Object.keys(form.getValues());
        const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
        const owned = fieldErrors.filter(([name]) => known.includes(name));
        const unowned = fieldErrors.filter(([name]) => !known.includes(name)).map(([, message]) => message);
        for (const [name, message] of owned) form.setError(name, { message });
        if (owned.length) onInvalid?.(owned.map(([name]) => name));
        if (!fieldErrors.length) {
          setFormError(error instanceof ApiError ? error.message : 'Something went wrong. Try again.');
        } else if (unowned.length) setFormError(unowned.join(' '));
      }
    },
    (errors) => onInvalid?.(Object.keys(errors)),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        {/* Inputs stretched over a full-width panel are hard to scan; the form keeps a column's width. */}
        <Stack gap="md" maw={FORM_MAX_WIDTH}>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </FormProvider>
  );
}
