/** A choice of a select, radios or checkboxes field. */
export type Choice = { id: number | string; name: string };

/**
 * A field of a server-defined form, as the renderer reads it. A profile form field (GET
 * /api/users/form-fields/) is one as it comes; a task form field maps onto it (title → display_name,
 * field_type → type, extra.min… → min…), keeping if_field, if_field_value and values_url.
 */
export type ServerField = {
  name: string;
  display_name: string;
  type: string;
  required: boolean;
  /** False: not shown in this mode. Missing means visible. */
  visible?: boolean;
  /** False: shown but not changeable in this mode. Missing means editable. */
  editable?: boolean;
  values?: Choice[] | null;
  min?: number | null;
  max?: number | null;
  min_len?: number | null;
  max_len?: number | null;
  /** Where an autocomplete searches its choices (`{url}/?q=` → `{results: [{id, name}]}`). */
  values_url?: string | null;
  /** Shown only while the field `if_field` holds `if_field_value` (spec: conditional form fields). */
  if_field?: string | null;
  if_field_value?: unknown;
  hint?: string | null;
  /** The text must match this pattern (searched, as the server checks it): task form fields. */
  regex?: string | null;
  /** Input mask of a text field (see input-mask.ts): task form fields. */
  mask?: string | null;
  /** Bounds of date fields: yyyy-mm-dd or 'today', 'today+N' (see date-bounds.ts). */
  min_date?: string | null;
  max_date?: string | null;
  /** Bounds of time fields: HH:mm. */
  min_time?: string | null;
  max_time?: string | null;
};

export type FormValues = Record<string, unknown>;

/**
 * The spec's field types, spelled as the server names them. Types of the spec that the profile config
 * does not use yet are spelled here first: the task forms' server must use the same names.
 */
export const FIELD_TYPES = [
  'string',
  'text',
  'email',
  'phone',
  'amount',
  'slider',
  'range',
  'toggle',
  'file',
  'date',
  'datetime',
  'date_range',
  'sick_leave_range',
  'vacation_range',
  'time',
  'radios',
  'checkboxes',
  'select',
  'multiselect',
  'autocomplete',
  'user_id_picker',
  'text_block',
  'heading',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Static text: shown in the form, holds no value. */
export const hasValue = (field: ServerField) => field.type !== 'text_block' && field.type !== 'heading';

const LIST_TYPES = new Set(['checkboxes', 'multiselect', 'file']);
const PAIR_TYPES = new Set(['range', 'date_range', 'sick_leave_range', 'vacation_range']);

/** Empty as the spec's forms mean it: null, undefined, 0, blank text, and lists of nothing but those. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === 0 || Number.isNaN(value)) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}

/** What a field holds before anything is chosen: lists for lists, a pair of ends for ranges. */
function emptyValue(field: ServerField): unknown {
  if (LIST_TYPES.has(field.type)) return [];
  if (PAIR_TYPES.has(field.type)) return [null, null];
  if (field.type === 'toggle') return false;
  return null;
}

/** Form values of `fields` taken from `source` (a profile, a task's parameters), empty where it has none. */
export function initialValues(fields: ServerField[], source: FormValues = {}): FormValues {
  return Object.fromEntries(
    fields.filter(hasValue).map((field) => [field.name, source[field.name] ?? emptyValue(field)]),
  );
}

/** Whether a form shows a field: visible in its mode, and when conditional, its condition met. */
export function isFieldShown(field: ServerField, values: FormValues): boolean {
  if (field.visible === false) return false;
  if (!field.if_field) return true;
  const current = values[field.if_field];
  // Choices travel as numbers or strings depending on their source, so they compare as text.
  const expected = String(field.if_field_value);
  return Array.isArray(current)
    ? current.some((each) => String(each) === expected)
    : String(current) === expected;
}

/** The lower and upper bound of a field: of its value for numbers, of its length for text. */
export const fieldBounds = (field: ServerField) => ({
  min: field.min ?? field.min_len ?? null,
  max: field.max ?? field.max_len ?? null,
});
