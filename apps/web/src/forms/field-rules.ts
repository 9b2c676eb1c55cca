import { z } from 'zod';
import {
  type FormValues,
  fieldBounds,
  hasValue,
  isEmpty,
  isFieldShown,
  type ServerField,
} from './server-field';

const TEXT_TYPES = new Set(['string', 'text', 'email', 'phone']);
const NUMBER_TYPES = new Set(['amount', 'slider']);
const LIST_TYPES = new Set(['checkboxes', 'multiselect', 'file']);
const DATE_PAIR_TYPES = new Set(['date_range', 'sick_leave_range', 'vacation_range']);
const Email = z.email();

/** The messages mirror the server's, so a field reads the same whichever side refused it. */
function boundsError(label: string, amount: number, min: number | null, max: number | null, unit = '') {
  if (min !== null && amount < min) return `${label} must be at least ${min}${unit}`;
  if (max !== null && amount > max) return `${label} must be at most ${max}${unit}`;
  return undefined;
}

/**
 * Why a value does not fit its field, or undefined when it does. A required field rejects null,
 * undefined, 0 and empty ('{display name} is required'); any other field may be empty.
 */
export function fieldError(field: ServerField, value: unknown): string | undefined {
  const label = field.display_name;
  if (isEmpty(value)) return field.required ? `${label} is required` : undefined;
  const { min, max } = fieldBounds(field);
  if (TEXT_TYPES.has(field.type) && typeof value === 'string') {
    const lengthError = boundsError(label, value.trim().length, min, max, ' characters');
    if (lengthError) return lengthError;
    if (field.type === 'email' && !Email.safeParse(value.trim()).success) {
      return `${label} must be a valid e-mail address`;
    }
  }
  if (NUMBER_TYPES.has(field.type) && typeof value === 'number') return boundsError(label, value, min, max);
  if (field.type === 'range' && Array.isArray(value)) {
    if (!value.every(Number.isInteger)) return `${label} must be whole numbers`;
    return boundsError(label, value[0], min, max) ?? boundsError(label, value[1], min, max);
  }
  if (DATE_PAIR_TYPES.has(field.type) && Array.isArray(value) && value.some(isEmpty)) {
    return `${label} needs a start and an end date`;
  }
  if (LIST_TYPES.has(field.type) && Array.isArray(value)) {
    if (min !== null && value.length < min) return `${label}: choose at least ${min}`;
    if (max !== null && value.length > max) return `${label}: choose at most ${max}`;
  }
  return undefined;
}

/**
 * The zod schema of a server-defined form: each of `fields` that is shown (conditions met) must fit;
 * values of other fields pass untouched. Give it only the fields to check (user creation: General).
 */
export function fieldsSchema(fields: ServerField[]) {
  return z.record(z.string(), z.unknown()).superRefine((values: FormValues, ctx) => {
    for (const field of fields) {
      if (!hasValue(field) || !isFieldShown(field, values)) continue;
      const message = fieldError(field, values[field.name]);
      if (message) ctx.addIssue({ code: 'custom', path: [field.name], message });
    }
  });
}
