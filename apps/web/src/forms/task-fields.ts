import type { TaskFormField } from '@atrium/contracts';
import type { ServerField } from './server-field';

/**
 * A task template's form field (GET /api/tasks/templates/{key}/form/) as the renderer reads it: title →
 * display_name, field_type → type, the bounds of `extra` as the renderer's own bounds.
 */
export function taskFormField(field: TaskFormField): ServerField {
  const { extra } = field;
  return {
    name: field.name,
    display_name: field.title,
    type: field.field_type,
    required: field.required,
    values: field.values,
    values_url: field.values_url,
    if_field: field.if_field,
    if_field_value: field.if_field_value,
    hint: field.hint,
    regex: field.regex,
    mask: field.mask,
    min: extra.min ?? null,
    max: extra.max ?? null,
    min_len: extra.min_len ?? null,
    max_len: extra.max_len ?? null,
    min_date: extra.min_date ?? null,
    max_date: extra.max_date ?? null,
    min_time: extra.min_time ?? null,
    max_time: extra.max_time ?? null,
  };
}

/** A template's form in the order it is filled in: by position (a stable sort keeps the server's order among equals). */
export const taskFormFields = (fields: readonly TaskFormField[]): ServerField[] =>
  [...fields].sort((a, b) => a.position - b.position).map(taskFormField);
