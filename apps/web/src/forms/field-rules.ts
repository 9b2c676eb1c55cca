import { z } from 'zod';
import { resolveDateBound, shownDay, timeBound } from './date-bounds';
import { fitsMask } from './input-mask';
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
const DATE_TYPES = new Set(['date', 'datetime', ...DATE_PAIR_TYPES]);
const TIME_TYPES = new Set(['time', 'datetime']);
const Email = z.email();

/** The messages mirror the server's, so a field reads the same whichever side refused it. */
function boundsError(label: string, amount: number, min: number | null, max: number | null, unit = '') {
  if (min !== null && amount < min) return `${label} must be at least ${min}${unit}`;
  if (max !== null && amount > max) return `${label} must be at most ${max}${unit}`;
  return undefined;
}

/**
 * Whether the whole of `text` matches the field's pattern, read with the u flag: as the server reads it
 * (apps/server/src/modules/tasks/form-validation.ts) and as an HTML pattern attribute would. A pattern
 * that does not compile checks nothing, on both sides.
 */
function matchesRegex(pattern: string, text: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(text);
  } catch {
    return true;
  }
}

/**
 * The format rules of text: a complete mask first, then the pattern. The words are the server's, so a
 * field reads the same whichever side refused it.
 */
function formatError(field: ServerField, label: string, text: string) {
  if (field.mask && !fitsMask(field.mask, text)) return `${label} must match ${field.mask}`;
  if (field.regex && !matchesRegex(field.regex, text)) return `${label} has an invalid format`;
  return undefined;
}

/** A day (yyyy-mm-dd, of a date or the start of a date-time) against min_date and max_date. */
function dayError(field: ServerField, label: string, day: string, today: Date) {
  const min = resolveDateBound(field.min_date, today);
  const max = resolveDateBound(field.max_date, today);
  // ISO days compare as text.
  if (min && day.slice(0, 10) < min) return `${label} must be on or after ${shownDay(min)}`;
  if (max && day.slice(0, 10) > max) return `${label} must be on or before ${shownDay(max)}`;
  return undefined;
}

/** A time (HH:mm, or the time of a 'yyyy-mm-dd HH:mm:ss' date-time) against min_time and max_time. */
function timeError(field: ServerField, label: string, value: string) {
  const time = value.length > 8 ? value.slice(11, 16) : value.slice(0, 5);
  const min = timeBound(field.min_time);
  const max = timeBound(field.max_time);
  if (min && time < min) return `${label} must be at or after ${min}`;
  if (max && time > max) return `${label} must be at or before ${max}`;
  return undefined;
}

/**
 * Why a value does not fit its field, or undefined when it does. A required field rejects null,
 * undefined, 0 and empty ('{display name} is required'); any other field may be empty.
 */
export function fieldError(field: ServerField, value: unknown, today = new Date()): string | undefined {
  const label = field.display_name;
  if (isEmpty(value)) return field.required ? `${label} is required` : undefined;
  const { min, max } = fieldBounds(field);
  if (TEXT_TYPES.has(field.type) && typeof value === 'string') {
    const lengthError = boundsError(label, value.trim().length, min, max, ' characters');
    if (lengthError) return lengthError;
    if (field.type === 'email' && !Email.safeParse(value.trim()).success) {
      return `${label} must be a valid e-mail address`;
    }
    const badFormat = formatError(field, label, value.trim());
    if (badFormat) return badFormat;
  }
  if (NUMBER_TYPES.has(field.type) && typeof value === 'number') return boundsError(label, value, min, max);
  if (field.type === 'range' && Array.isArray(value)) {
    if (!value.every(Number.isInteger)) return `${label} must be whole numbers`;
    return boundsError(label, value[0], min, max) ?? boundsError(label, value[1], min, max);
  }
  if (DATE_PAIR_TYPES.has(field.type) && Array.isArray(value) && value.some(isEmpty)) {
    return `${label} needs a start and an end date`;
  }
  if (DATE_TYPES.has(field.type)) {
    const days = (Array.isArray(value) ? value : [value]).filter((day) => typeof day === 'string');
    for (const day of days) {
      const outside = dayError(field, label, day, today);
      if (outside) return outside;
    }
  }
  if (TIME_TYPES.has(field.type) && typeof value === 'string') {
    const outside = timeError(field, label, value);
    if (outside) return outside;
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
