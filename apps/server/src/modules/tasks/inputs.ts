import type { TaskFile, TaskInput } from '@atrium/contracts';
import type { TemplateField } from '../../db/schema/index';
import { formatDay, holds, isEmpty } from './form-validation';

export type StoredFile = { id: number; name: string; size: number };

/** Where a request's attached file is downloaded from (only by those who may read the request). */
export const taskFileUrl = (id: number) => `/api/tasks/files/${id}/`;

const STATIC_TYPES = new Set(['text_block', 'heading']);

const choiceName = (field: TemplateField, id: unknown) =>
  field.values?.find((choice) => String(choice.id) === String(id))?.name ?? String(id);

const day = (value: unknown) => (typeof value === 'string' && value.length >= 10 ? formatDay(value) : '');

/** A stored value as people read it: dates dd.mm.yyyy, choices by name, Yes/No, lists joined; '' for none. */
function describeValue(field: TemplateField, value: unknown): string {
  if (field.field_type === 'toggle') return value === true ? 'Yes' : 'No';
  if (isEmpty(value)) return '';
  switch (field.field_type) {
    case 'select':
    case 'radios':
    case 'autocomplete':
      return choiceName(field, value);
    case 'checkboxes':
    case 'multiselect':
      return Array.isArray(value) ? value.map((id) => choiceName(field, id)).join(', ') : '';
    case 'date':
      return day(value);
    case 'datetime':
      return typeof value === 'string' ? `${day(value)} ${value.slice(11, 16)}`.trim() : '';
    case 'date_range':
    case 'sick_leave_range':
    case 'vacation_range':
      return Array.isArray(value) ? value.map(day).join(' – ') : '';
    case 'range':
      return Array.isArray(value) ? value.join(' – ') : '';
    case 'file':
      return '';
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

/**
 * A request's input parameters for its detail: each field the form showed when it was filled in (a
 * conditional field only when its condition held), in form order, with its title and its value written
 * for people; file fields list their attached files with download links. Parameters the form does not
 * know (a template changed since) are left out: their meaning is not known.
 */
export function describeInputs(
  form: TemplateField[],
  inputParams: Record<string, unknown>,
  files: StoredFile[],
): TaskInput[] {
  const byName = new Map(form.map((field) => [field.name, field]));
  const shown = (field: TemplateField, depth = 0): boolean => {
    if (!field.if_field) return true;
    const controller = byName.get(field.if_field);
    return (
      controller !== undefined &&
      depth < form.length &&
      shown(controller, depth + 1) &&
      holds(inputParams[controller.name], field.if_field_value)
    );
  };
  const fileById = new Map(files.map((file) => [file.id, file]));
  return [...form]
    .sort((a, b) => a.position - b.position)
    .filter((field) => !STATIC_TYPES.has(field.field_type) && shown(field))
    .map((field) => {
      const value = inputParams[field.name];
      const attached: TaskFile[] =
        field.field_type === 'file' && Array.isArray(value)
          ? value.flatMap((id) => {
              const file = fileById.get(id as number);
              return file
                ? [{ id: file.id, name: file.name, size: file.size, url: taskFileUrl(file.id) }]
                : [];
            })
          : [];
      const text =
        field.field_type === 'file'
          ? attached.map((file) => file.name).join(', ')
          : describeValue(field, value);
      return { name: field.name, title: field.title, text, files: attached };
    });
}
