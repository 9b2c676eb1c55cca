import type { AbsenceRequestBody, TaskFormResponse } from '@atrium/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  type FormValues,
  fieldsSchema,
  hasValue,
  initialValues,
  isEmpty,
  isFieldShown,
  type ServerField,
  ServerFields,
  ServerForm,
  taskFormFields,
} from '../../../forms';
import { daysLabel } from '../../../lib/day-count';
import {
  type AbsenceForm,
  availableDaysQueryOptions,
  dayCountQueryOptions,
  useCreateAbsence,
} from '../absence-api';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && ISO_DAY.test(value);

const pad = (number: number) => String(number).padStart(2, '0');

/** Tomorrow in the user's own calendar, yyyy-mm-dd (spec §4 "Vacation request" step 1). */
function tomorrow(now = new Date()) {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** `iso` moved by `days` calendar days; in UTC, so a daylight-saving change moves nothing. */
function addDays(iso: string, days: number) {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const FROM = 'from_date';
const TO = 'to_date';
const COUNT = 'count_days';

/** Spec §2: the vacation form's calculated field. */
const COUNT_FIELD: ServerField = {
  name: COUNT,
  display_name: 'Number of days',
  type: 'amount',
  required: true,
  min: 1,
};

/**
 * A date of the period as the template's form names and explains it, always a required date: the
 * request cannot be filed without it, whatever the template's configuration says.
 */
function periodField(fields: ServerField[], name: string, fallback: string): ServerField {
  const given = fields.find((field) => field.name === name);
  return { ...given, name, display_name: given?.display_name ?? fallback, type: 'date', required: true };
}

export type AbsenceRequestFormProps = {
  /** The template and its form (GET /api/tasks/templates/{key}/form/): dates' labels, further fields. */
  form: TaskFormResponse;
  absence: AbsenceForm;
  onCancel(): void;
  /** The request was filed: its task id. */
  onCreated(id: number): void;
  onDirtyChange(dirty: boolean): void;
};

/**
 * The form of a known absence template (spec §2 "Vacation approval request form", §4 "Vacation
 * request", §5): the period, typed or picked as dd.mm.yyyy, starting tomorrow; once both dates are
 * valid the server counts its days (a vacation skips holidays) and gives the balance at its start. A
 * vacation's day count is editable, capped by the balance, and moves the end date (start + days − 1);
 * the form shows the balance left. The template's other fields (a reason, a trip's destination and
 * purpose) follow, with the template's own rules.
 */
export function AbsenceRequestForm({
  form: { fields: taskFields },
  absence,
  onCancel,
  onCreated,
  onDirtyChange,
}: AbsenceRequestFormProps) {
  const templateFields = useMemo(() => taskFormFields(taskFields), [taskFields]);
  const extras = useMemo(
    () => templateFields.filter((field) => ![FROM, TO, COUNT].includes(field.name)),
    [templateFields],
  );
  const editableCount = absence.balance === 'vacation';

  /** The fields as they stand for `values`: the end may not come before the start. */
  const fieldsFor = (values: FormValues) => {
    const from = periodField(templateFields, FROM, 'Start date');
    // No request starts in the past: the server refuses one of any kind.
    from.min_date ??= 'today';
    const to = periodField(templateFields, TO, 'End date');
    to.min_date = isDay(values[FROM]) ? values[FROM] : from.min_date;
    return [from, to, ...(editableCount ? [COUNT_FIELD] : []), ...extras];
  };

  const [defaults] = useState<FormValues>(() => ({
    ...initialValues(extras),
    [FROM]: tomorrow(),
    [TO]: null,
    ...(editableCount ? { [COUNT]: null } : {}),
  }));
  const form = useForm<FormValues>({
    defaultValues: defaults,
    // Checked by the shared field rules, with the bounds the values themselves set.
    resolver: (values, context, options) =>
      zodResolver(fieldsSchema(fieldsFor(values)))(values, context, options),
  });
  const [from, to, count] = useWatch({ control: form.control, name: [FROM, TO, COUNT] });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // Spec §4 step 2, §5: counted only once both dates are valid days, the end not before the start.
  const period = isDay(from) && isDay(to) && to >= from ? { from, to } : null;
  const counted = useQuery({
    ...dayCountQueryOptions(absence.kind, period?.from ?? '', period?.to ?? ''),
    enabled: period !== null,
  });
  const available = useQuery({
    ...availableDaysQueryOptions(absence.kind, period?.from ?? ''),
    enabled: period !== null && absence.balance !== 'none',
  });
  const countedDays = period ? counted.data?.count_days : undefined;
  const availableDays = period ? available.data?.count_days : undefined;
  /** The most days the count may be set to: whole days of the balance, at least one. */
  const cap = availableDays === undefined ? undefined : Math.max(1, Math.floor(availableDays));
  const overBalance =
    editableCount && availableDays !== undefined && typeof count === 'number' && count > availableDays;

  // The count is the server's for the chosen period (holidays left out), so the form shows what is
  // deducted. Only a new count is written: a refusal the server gave under it stays until then.
  const { setValue } = form;
  const submitted = form.formState.isSubmitted;
  const showCount = useEffectEvent((days: number) => setValue(COUNT, days, { shouldValidate: submitted }));
  useEffect(() => {
    if (editableCount && countedDays !== undefined) showCount(countedDays);
  }, [editableCount, countedDays]);

  /** Spec §4 step 3: a chosen count, capped by the balance, sets the end date to start + days − 1. */
  const chooseCount = (next: number | string) => {
    if (typeof next !== 'number' || !Number.isFinite(next)) {
      setValue(COUNT, null, { shouldDirty: true, shouldValidate: submitted });
      return;
    }
    const days = Math.min(Math.max(1, Math.floor(next)), cap ?? Number.POSITIVE_INFINITY);
    setValue(COUNT, days, { shouldDirty: true, shouldValidate: submitted });
    if (isDay(from)) setValue(TO, addDays(from, days - 1), { shouldDirty: true, shouldValidate: submitted });
  };

  const create = useCreateAbsence(absence);
  const submit = async (values: FormValues) => {
    // The balance check shows under the count as soon as the days are known; it also stops the submit.
    if (overBalance) return;
    const inputParams = Object.fromEntries(
      extras
        .filter((field) => hasValue(field) && isFieldShown(field, values) && !isEmpty(values[field.name]))
        .map((field) => [field.name, values[field.name]]),
    );
    const body: AbsenceRequestBody = {
      from_date: values[FROM] as string,
      to_date: values[TO] as string,
      ...(Object.keys(inputParams).length > 0 ? { inputParams } : {}),
    };
    const created = await create.mutateAsync(body);
    notifications.show({ message: 'Request sent', color: 'green', autoClose: 3000 });
    form.reset(values);
    onCreated(created.id);
  };

  const shown = fieldsFor({ [FROM]: from });
  const busy = form.formState.isSubmitting;
  return (
    <ServerForm form={form} onSubmit={submit}>
      <ServerFields fields={shown.filter((field) => field.name === FROM || field.name === TO)} />
      {editableCount && (
        <Controller
          name={COUNT}
          control={form.control}
          render={({ field: input, fieldState }) => (
            <NumberInput
              ref={input.ref}
              label={COUNT_FIELD.display_name}
              withAsterisk
              min={1}
              max={cap}
              allowDecimal={false}
              allowNegative={false}
              // Capped here rather than by Mantine, so the end date follows the capped count.
              clampBehavior="none"
              value={(input.value as number | null) ?? ''}
              onChange={chooseCount}
              onBlur={input.onBlur}
              error={
                fieldState.error?.message ??
                (overBalance && cap !== undefined
                  ? `${COUNT_FIELD.display_name} must be at most ${cap}`
                  : undefined)
              }
            />
          )}
        />
      )}
      <DaysSummary
        absence={absence}
        selected={editableCount ? (typeof count === 'number' ? count : 0) : countedDays}
        available={availableDays}
      />
      {extras.length > 0 && <ServerFields fields={extras} />}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={busy}>
          Send request
        </Button>
      </Group>
    </ServerForm>
  );
}

type DaysSummaryProps = { absence: AbsenceForm; selected: number | undefined; available: number | undefined };

/**
 * The days of the chosen period (spec §2): a vacation shows its balance minus the selected days; a sick
 * leave the selected and the available days; a leave or a trip its selected days.
 */
function DaysSummary({ absence, selected, available }: DaysSummaryProps) {
  const lines: string[] = [];
  if (absence.balance === 'vacation') {
    if (available !== undefined) lines.push(`Available: ${daysLabel(available - (selected ?? 0))}`);
  } else {
    if (selected !== undefined) lines.push(`Selected: ${daysLabel(selected)}`);
    if (absence.balance === 'per-person' && available !== undefined) {
      lines.push(`Available: ${daysLabel(available)}`);
    }
  }
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} aria-live="polite">
      {lines.map((line) => (
        <Text key={line} size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}
