import type { users } from '../../db/schema/index';
import { type FieldSpec, PROFILE_FIELDS } from './profile-fields';

type UserRow = typeof users.$inferSelect;
type UserValues = Partial<typeof users.$inferInsert>;
type Values = Record<string, unknown>;

const normalised = (value: unknown) => {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
};

/**
 * A form field's value in a set of column values (a stored row or the values of a save); undefined
 * when those values do not hold the field, as a save leaves the fields it was not sent alone.
 */
function fieldValue(spec: FieldSpec, values: UserValues): unknown {
  if (spec.kind === 'social') {
    if (values.social === undefined) return undefined;
    return normalised(values.social?.[spec.network]);
  }
  return spec.column in values ? normalised(values[spec.column]) : undefined;
}

/**
 * What a profile save changes, by form field name (the names the form and the audit log's labels use),
 * only the fields whose values differ; null when the save changes nothing.
 */
export function profileChanges(
  current: UserRow,
  values: UserValues,
): { before: Values; after: Values } | null {
  const before: Values = {};
  const after: Values = {};
  for (const [name, spec] of Object.entries(PROFILE_FIELDS)) {
    const next = fieldValue(spec, values);
    if (next === undefined) continue;
    const previous = fieldValue(spec, current) ?? null;
    if (Object.is(previous, next)) continue;
    before[name] = previous;
    after[name] = next;
  }
  return Object.keys(after).length ? { before, after } : null;
}

/** The fields a new profile is created with, by form field name; empty ones left out. */
export function createdValues(values: UserValues): Values {
  const after: Values = {};
  for (const [name, spec] of Object.entries(PROFILE_FIELDS)) {
    const value = fieldValue(spec, values);
    if (value !== undefined && value !== null) after[name] = value;
  }
  return after;
}
