import { z } from 'zod';
import type { TemplateField } from '../../db/schema/index';

export type ValidationContext = {
  /** The day of filling in (yyyy-mm-dd), for 'today'-relative date bounds. */
  today: string;
  /** The caller's uploads not yet attached to a request: the only file ids a form may carry. */
  ownFileIds: Set<number>;
  /** Users of the request's company: the only ids a user_id_picker may hold. */
  companyUserIds?: Set<number>;
};

export type ValidationResult = {
  /** The shown fields' values, normalised (trimmed text, canonical choice ids); hidden fields dropped. */
  values: Record<string, unknown>;
  /** Messages by field name; empty when the input fits the form. */
  errors: Record<string, string[]>;
};

const TEXT_TYPES = new Set(['string', 'text', 'email', 'phone']);
const NUMBER_TYPES = new Set(['amount', 'slider']);
const CHOICE_TYPES = new Set(['radios', 'select', 'autocomplete']);
const MULTI_CHOICE_TYPES = new Set(['checkboxes', 'multiselect']);
const DATE_PAIR_TYPES = new Set(['date_range', 'sick_leave_range', 'vacation_range']);
const STATIC_TYPES = new Set(['text_block', 'heading']);
const Email = z.email();

/** Empty as the spec's forms mean it (and the web's isEmpty): null, undefined, 0, blank text, lists of those. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === 0 || Number.isNaN(value)) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}

/** Whether `value` holds `expected` as the web compares them: as text, or among a list's items. */
export function holds(value: unknown, expected: unknown): boolean {
  const wanted = String(expected);
  return Array.isArray(value) ? value.some((each) => String(each) === wanted) : String(value) === wanted;
}

/** 'yyyy-mm-dd' of a real calendar day (31.02 is not one), else null. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/** 'HH:mm' or 'HH:mm:ss' of a real time of day, as 'HH:mm:ss', else null. */
function parseTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value);
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : null;
}

/** 'yyyy-mm-dd HH:mm[:ss]' (or with a T) as 'yyyy-mm-dd HH:mm:ss', else null. */
function parseDateTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(value);
  const day = match && parseDay(match[1]);
  const time = match && parseTime(match[2]);
  return day && time ? `${day} ${time}` : null;
}

/**
 * A date bound of a field as a day: 'yyyy-mm-dd' as it is, 'today', 'today+N' or 'today-N' from `today`;
 * null for none (or one the template spells wrongly, which then bounds nothing).
 */
export function resolveDay(bound: string | null | undefined, today: string): string | null {
  if (!bound) return null;
  const relative = /^today(?:([+-])(\d+))?$/.exec(bound.trim());
  if (!relative) return parseDay(bound.trim());
  const days = relative[2] ? Number(relative[2]) * (relative[1] === '-' ? -1 : 1) : 0;
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'yyyy-mm-dd' as people read it: 'dd.mm.yyyy'. */
export const formatDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** Whether `value` fits an input mask: 9 a digit, a a letter, * either, any other character itself. */
export function fitsMask(value: string, mask: string): boolean {
  if (value.length !== mask.length) return false;
  return [...mask].every((slot, i) => {
    const char = value[i] ?? '';
    if (slot === '9') return /\d/.test(char);
    if (slot === 'a') return /\p{L}/u.test(char);
    if (slot === '*') return /[\p{L}\d]/u.test(char);
    return char === slot;
  });
}

/** Whether the whole of `value` matches a template's pattern; a pattern that does not compile checks nothing. */
function fitsRegex(value: string, pattern: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true;
  }
}

function boundsError(label: string, amount: number, min: number | null, max: number | null, unit = '') {
  if (min !== null && amount < min) return `${label} must be at least ${min}${unit}`;
  if (max !== null && amount > max) return `${label} must be at most ${max}${unit}`;
  return undefined;
}

function dayError(label: string, day: string, field: TemplateField, today: string) {
  const min = resolveDay(field.extra.min_date, today);
  const max = resolveDay(field.extra.max_date, today);
  if (min && day < min) return `${label} must be on or after ${formatDay(min)}`;
  if (max && day > max) return `${label} must be on or before ${formatDay(max)}`;
  return undefined;
}

function timeError(label: string, time: string, field: TemplateField) {
  const min = parseTime(field.extra.min_time);
  const max = parseTime(field.extra.max_time);
  if (min && time < min) return `${label} must be at or after ${min.slice(0, 5)}`;
  if (max && time > max) return `${label} must be at or before ${max.slice(0, 5)}`;
  return undefined;
}

type Checked = { value: unknown } | { error: string };

/** The id among the field's offered values that `value` names (compared as text), or undefined. */
function offered(field: TemplateField, value: unknown): string | number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (!field.values) return value;
  return field.values.find((choice) => String(choice.id) === String(value))?.id;
}

/**
 * One non-empty value against its field's type and rules: the normalised value, or why it does not fit.
 * The messages read as the web's (apps/web/src/forms/field-rules.ts), whichever side refuses first.
 */
function checkValue(field: TemplateField, value: unknown, ctx: ValidationContext): Checked {
  const label = field.title;
  const { min = null, max = null, min_len = null, max_len = null } = field.extra;
  const lower = min ?? min_len;
  const upper = max ?? max_len;
  const type = field.field_type;

  if (TEXT_TYPES.has(type)) {
    if (typeof value !== 'string') return { error: `${label} must be text` };
    const text = value.trim();
    const lengthError = boundsError(label, text.length, lower, upper, ' characters');
    if (lengthError) return { error: lengthError };
    if (type === 'email' && !Email.safeParse(text).success) {
      return { error: `${label} must be a valid e-mail address` };
    }
    if (field.mask && !fitsMask(text, field.mask)) return { error: `${label} must match ${field.mask}` };
    if (field.regex && !fitsRegex(text, field.regex)) {
      return { error: `${label} has an invalid format` };
    }
    return { value: text };
  }
  if (NUMBER_TYPES.has(type)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return { error: `${label} must be a number` };
    const error = boundsError(label, value, min, max);
    return error ? { error } : { value };
  }
  if (type === 'range') {
    if (!Array.isArray(value) || value.length !== 2) return { error: `${label} needs a start and an end` };
    const [from, to] = value as unknown[];
    if (!Number.isInteger(from) || !Number.isInteger(to)) return { error: `${label} must be whole numbers` };
    const error = boundsError(label, from as number, min, max) ?? boundsError(label, to as number, min, max);
    if (error) return { error };
    if ((from as number) > (to as number)) return { error: `${label} must not start after its end` };
    return { value: [from, to] };
  }
  if (type === 'toggle') {
    return typeof value === 'boolean' ? { value } : { error: `${label} must be yes or no` };
  }
  if (type === 'date') {
    const day = parseDay(value);
    if (!day) return { error: `${label} must be a valid date` };
    const error = dayError(label, day, field, ctx.today);
    return error ? { error } : { value: day };
  }
  if (type === 'datetime') {
    const at = parseDateTime(value);
    if (!at) return { error: `${label} must be a valid date and time` };
    const error = dayError(label, at.slice(0, 10), field, ctx.today) ?? timeError(label, at.slice(11), field);
    return error ? { error } : { value: at };
  }
  if (type === 'time') {
    const time = parseTime(value);
    if (!time) return { error: `${label} must be a valid time` };
    const error = timeError(label, time, field);
    return error ? { error } : { value: time.slice(0, 5) };
  }
  if (DATE_PAIR_TYPES.has(type)) {
    if (!Array.isArray(value) || value.length !== 2 || value.some(isEmpty)) {
      return { error: `${label} needs a start and an end date` };
    }
    const [from, to] = value.map(parseDay);
    if (!from || !to) return { error: `${label} must be valid dates` };
    const error = dayError(label, from, field, ctx.today) ?? dayError(label, to, field, ctx.today);
    if (error) return { error };
    if (from > to) return { error: `${label} must not start after its end` };
    return { value: [from, to] };
  }
  if (CHOICE_TYPES.has(type)) {
    const id = offered(field, value);
    return id === undefined ? { error: `${label}: choose one of the offered values` } : { value: id };
  }
  if (MULTI_CHOICE_TYPES.has(type) || type === 'file') {
    if (!Array.isArray(value)) return { error: `${label} must be a list` };
    const items = value.filter((each) => !isEmpty(each));
    if (new Set(items.map(String)).size !== items.length) return { error: `${label} lists an item twice` };
    if (lower !== null && items.length < lower) return { error: `${label}: choose at least ${lower}` };
    if (upper !== null && items.length > upper) return { error: `${label}: choose at most ${upper}` };
    if (type === 'file') {
      const foreign = items.filter((id) => !(Number.isInteger(id) && ctx.ownFileIds.has(id as number)));
      if (foreign.length) return { error: `${label}: upload the files again (${foreign.join(', ')})` };
      return { value: items };
    }
    const ids = items.map((each) => offered(field, each));
    if (ids.some((id) => id === undefined)) return { error: `${label}: choose among the offered values` };
    return { value: ids };
  }
  if (type === 'user_id_picker') {
    const known = Number.isInteger(value) && (ctx.companyUserIds?.has(value as number) ?? false);
    return known ? { value } : { error: `${label} must be a colleague of your company` };
  }
  // A type the server does not know: a template mistake, so refuse rather than store what nobody checked.
  return { error: `${label} has a type this server cannot check (${type})` };
}

/**
 * Checks a form's input as the server must, whatever the browser checked: each shown field (a
 * conditional one only while its controlling field holds its value) is required when marked so, and
 * fits its type's rules. Values of hidden and static fields are dropped; keys the form does not have are
 * refused by name.
 */
export function validateInputs(
  form: TemplateField[],
  input: Record<string, unknown>,
  ctx: ValidationContext,
): ValidationResult {
  const byName = new Map(form.map((field) => [field.name, field]));
  const values: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};

  for (const key of Object.keys(input)) {
    if (!byName.has(key)) errors[key] = [`${key} is not a field of this form`];
  }

  // A field shows while its controller shows and holds the value; a loop of conditions shows nothing.
  const shownCache = new Map<string, boolean>();
  const isShown = (field: TemplateField, seen: Set<string> = new Set()): boolean => {
    const cached = shownCache.get(field.name);
    if (cached !== undefined) return cached;
    let shown = true;
    if (field.if_field) {
      const controller = byName.get(field.if_field);
      shown =
        controller !== undefined &&
        !seen.has(field.name) &&
        isShown(controller, new Set([...seen, field.name])) &&
        holds(input[controller.name], field.if_field_value);
    }
    shownCache.set(field.name, shown);
    return shown;
  };

  for (const field of [...form].sort((a, b) => a.position - b.position)) {
    if (STATIC_TYPES.has(field.field_type) || !isShown(field)) continue;
    const value = input[field.name];
    if (isEmpty(value)) {
      if (field.required) errors[field.name] = [`${field.title} is required`];
      // An empty toggle is off; other empty values are kept as nothing rather than as '', 0 or [].
      else values[field.name] = field.field_type === 'toggle' ? false : null;
      continue;
    }
    const checked = checkValue(field, value, ctx);
    if ('error' in checked) errors[field.name] = [checked.error];
    else values[field.name] = checked.value;
  }
  return { values, errors };
}

/** The uploaded file ids a form's input names in its shown file fields, to check that they are the caller's. */
export function fileIdsOf(form: TemplateField[], input: Record<string, unknown>): number[] {
  return form
    .filter((field) => field.field_type === 'file')
    .flatMap((field) => (Array.isArray(input[field.name]) ? (input[field.name] as unknown[]) : []))
    .filter((id): id is number => Number.isInteger(id) && (id as number) > 0);
}

/** The user ids a form's input names in its user pickers, to check that they are of the company. */
export function userIdsOf(form: TemplateField[], input: Record<string, unknown>): number[] {
  return form
    .filter((field) => field.field_type === 'user_id_picker')
    .map((field) => input[field.name])
    .filter((id): id is number => Number.isInteger(id) && (id as number) > 0);
}
