import type { Profile } from '@atrium/contracts';
import { type FormValues, hasValue, isEmpty, type ServerField } from '../../forms';

/**
 * Subordination fields are kept by /api/managers/ and edited on their own tab; user_vars are vacation
 * balances. The spec never sends hrbp; none of these belongs in a profile save.
 */
const NOT_SAVED_WITH_PROFILE = new Set(['manager', 'deputy', 'hrbp', 'manager_type', 'user_vars']);

/** The fields of a group that a profile shows: visible ones it has (private fields are absent for some). */
export const shownFields = (fields: ServerField[], profile: Profile) =>
  fields.filter((field) => field.visible !== false && (!hasValue(field) || field.name in profile));

/**
 * The body of a profile save or a user creation (spec §5): a field goes when it is visible and holds a
 * value or is required. One more case: a field the user emptied goes as null, since leaving it out would
 * keep the old value and nothing could ever be cleared.
 */
export function profileSaveBody(fields: ServerField[], values: FormValues, initial: FormValues = {}) {
  const body: FormValues = {};
  for (const field of fields) {
    if (field.visible === false || !hasValue(field) || NOT_SAVED_WITH_PROFILE.has(field.name)) continue;
    const value = values[field.name];
    if (!isEmpty(value) || field.required) body[field.name] = value ?? null;
    else if (!isEmpty(initial[field.name])) body[field.name] = null;
  }
  return body;
}
