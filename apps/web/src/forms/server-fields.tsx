import '@mantine/dates/styles.css';
import {
  Checkbox,
  FileInput,
  Group,
  Input,
  NumberInput,
  Radio,
  RangeSlider,
  Slider,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatePickerInput, DateTimePicker, TimeInput } from '@mantine/dates';
import { Controller, type ControllerRenderProps, useFormContext, useWatch } from 'react-hook-form';
import { DropdownSelect } from '../ui';
import { resolveDateBound, timeBound } from './date-bounds';
import { applyMask, maskPlaceholder } from './input-mask';
import { fetchChoices, SearchSelect, UserIdPicker } from './search-select';
import {
  type Choice,
  type FieldType,
  type FormValues,
  fieldBounds,
  isFieldShown,
  type ServerField,
} from './server-field';

/** 'd.m.yyyy' as typed into a date field → 'yyyy-mm-dd', or null for no such day (31.02.2025). */
export function parseTypedDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  // Date rolls 31.02 over into March; a real day survives the round trip unchanged.
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** Spec §9: the files a form takes (the server checks the bytes, this only narrows the picker). */
const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,.gif,application/pdf,image/jpeg,image/png,image/gif';

/** A choice's id back from the string a Mantine radio or checkbox carries. */
const choiceId = (choices: Choice[], text: string) =>
  choices.find((choice) => String(choice.id) === text)?.id ?? text;

type ControlProps = {
  field: ServerField;
  input: ControllerRenderProps<FormValues, string>;
  error: string | undefined;
};

/** The control of one field type, bound to its form value. */
function FieldControl({ field, input, error }: ControlProps) {
  const { value, onChange } = input;
  const label = field.display_name;
  const required = field.required;
  const disabled = field.editable === false;
  const choices = field.values ?? [];
  const { min, max } = fieldBounds(field);
  const common = { label, description: field.hint, withAsterisk: required, disabled, error };
  const select = {
    label,
    required,
    disabled,
    error,
    options: choices.map(({ id, name }) => ({ value: id, label: name })),
  };
  const text = (value as string | null) ?? '';
  const pair = value as [unknown, unknown];
  // The calendars grey out days outside the bounds; the rules still check typed ones.
  const today = new Date();
  const dayBounds = {
    minDate: resolveDateBound(field.min_date, today) ?? undefined,
    maxDate: resolveDateBound(field.max_date, today) ?? undefined,
  };

  // Typed, so that a misspelt case fails the type check; an unknown type still reaches the default.
  switch (field.type as FieldType) {
    case 'text':
      return (
        <Textarea
          {...common}
          ref={input.ref}
          // Not autosize: it needs document.fonts, which jsdom lacks; the user can drag it taller.
          rows={4}
          resize="vertical"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={input.onBlur}
        />
      );
    case 'amount':
      return (
        <NumberInput
          {...common}
          ref={input.ref}
          min={min ?? undefined}
          max={max ?? undefined}
          // Out of bounds shows the message instead of silently changing the number on blur.
          clampBehavior="none"
          value={(value as number | null) ?? ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          onBlur={input.onBlur}
        />
      );
    case 'slider':
      return (
        <Input.Wrapper {...common} labelElement="div">
          <Slider
            min={min ?? 0}
            max={max ?? 100}
            thumbLabel={label}
            disabled={disabled}
            value={(value as number | null) ?? min ?? 0}
            onChange={onChange}
          />
        </Input.Wrapper>
      );
    case 'range':
      return (
        <Input.Wrapper {...common} labelElement="div">
          <RangeSlider
            min={min ?? 0}
            max={max ?? 100}
            step={1}
            thumbFromLabel={`${label} from`}
            thumbToLabel={`${label} to`}
            disabled={disabled}
            value={[(pair[0] as number | null) ?? min ?? 0, (pair[1] as number | null) ?? max ?? 100]}
            onChange={onChange}
          />
        </Input.Wrapper>
      );
    case 'toggle':
      return (
        <Switch
          ref={input.ref}
          label={label}
          description={field.hint}
          disabled={disabled}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'file':
      return (
        <FileInput
          {...common}
          multiple
          clearable
          accept={ACCEPTED_FILES}
          placeholder="Choose files"
          value={value as File[]}
          onChange={onChange}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          ref={input.ref}
          valueFormat="DD.MM.YYYY"
          dateParser={parseTypedDate}
          placeholder="dd.mm.yyyy"
          {...dayBounds}
          clearable={!required}
          value={(value as string | null) ?? null}
          onChange={onChange}
        />
      );
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          valueFormat="DD.MM.YYYY HH:mm"
          placeholder="dd.mm.yyyy hh:mm"
          {...dayBounds}
          clearable={!required}
          value={(value as string | null) ?? null}
          onChange={onChange}
        />
      );
    case 'date_range':
    case 'sick_leave_range':
    case 'vacation_range':
      return (
        <DatePickerInput
          {...common}
          type="range"
          valueFormat="DD.MM.YYYY"
          placeholder="dd.mm.yyyy – dd.mm.yyyy"
          {...dayBounds}
          clearable={!required}
          value={pair as [string | null, string | null]}
          onChange={onChange}
        />
      );
    case 'time':
      return (
        <TimeInput
          {...common}
          ref={input.ref}
          minTime={timeBound(field.min_time) ?? undefined}
          maxTime={timeBound(field.max_time) ?? undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
          onBlur={input.onBlur}
        />
      );
    case 'radios':
      return (
        <Radio.Group
          {...common}
          value={value === null ? null : String(value)}
          onChange={(next) => onChange(choiceId(choices, next))}
        >
          <Group gap="md" mt={4}>
            {choices.map((choice) => (
              <Radio key={choice.id} value={String(choice.id)} label={choice.name} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkboxes':
      return (
        <Checkbox.Group
          {...common}
          value={(value as Choice['id'][]).map(String)}
          onChange={(next) => onChange(next.map((each) => choiceId(choices, each)))}
        >
          <Group gap="md" mt={4}>
            {choices.map((choice) => (
              <Checkbox key={choice.id} value={String(choice.id)} label={choice.name} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'select':
    case 'multiselect':
      return field.type === 'multiselect' ? (
        <DropdownSelect
          {...select}
          multiple
          searchable={choices.length > 7}
          value={value as Choice['id'][]}
          onChange={onChange}
        />
      ) : (
        // The x of a field that may be empty is the spec's "empty choice".
        <DropdownSelect
          {...select}
          searchable={choices.length > 7}
          clearable={!required}
          value={value as Choice['id'] | null}
          onChange={onChange}
        />
      );
    case 'autocomplete': {
      const url = field.values_url;
      if (!url) {
        // Choices given in the configuration: searched where they are.
        return (
          <DropdownSelect
            {...select}
            searchable
            clearable={!required}
            value={value as Choice['id'] | null}
            onChange={onChange}
          />
        );
      }
      const chosen = choices.find((choice) => choice.id === value);
      return (
        <SearchSelect
          label={label}
          description={field.hint}
          required={required}
          disabled={disabled}
          error={error}
          search={(q) => fetchChoices(url, q)}
          cacheKey={['forms', 'choices', url]}
          selected={chosen ? { value: chosen.id, label: chosen.name } : null}
          value={value as Choice['id'] | null}
          onChange={onChange}
        />
      );
    }
    case 'user_id_picker':
      return (
        <UserIdPicker
          label={label}
          description={field.hint}
          required={required}
          disabled={disabled}
          error={error}
          value={value as number | null}
          onChange={onChange}
        />
      );
    default: {
      // string, email, phone, and a type this app does not know yet: its value is still editable as text.
      const mask = field.mask;
      return (
        <TextInput
          {...common}
          ref={input.ref}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'}
          placeholder={mask ? maskPlaceholder(mask) : undefined}
          value={text}
          // A masked field takes only what fits its slots, with the literals typed for the user.
          onChange={(event) =>
            onChange(mask ? applyMask(mask, event.currentTarget.value) : event.currentTarget.value)
          }
          onBlur={input.onBlur}
        />
      );
    }
  }
}

/** One field of a server-defined form: its control, or static text for a heading or text block. */
function ServerFieldView({ field }: { field: ServerField }) {
  const { control } = useFormContext<FormValues>();
  if (field.type === 'heading') return <Title order={4}>{field.display_name}</Title>;
  if (field.type === 'text_block') return <Text size="sm">{field.display_name}</Text>;
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => (
        <FieldControl field={field} input={input} error={fieldState.error?.message} />
      )}
    />
  );
}

/**
 * The fields of a server-defined form, in order, inside a ServerForm. A conditional field shows only
 * while its controlling field holds the chosen value.
 */
export function ServerFields({ fields }: { fields: ServerField[] }) {
  const controllers = [...new Set(fields.flatMap((field) => (field.if_field ? [field.if_field] : [])))];
  const watched = useWatch<FormValues>({ name: controllers });
  const values = Object.fromEntries(controllers.map((name, index) => [name, watched[index]]));
  return (
    <Stack gap="md">
      {fields
        .filter((field) => isFieldShown(field, values))
        .map((field) => (
          <ServerFieldView key={field.name} field={field} />
        ))}
    </Stack>
  );
}
