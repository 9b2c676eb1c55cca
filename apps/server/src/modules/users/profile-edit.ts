import type { FormMode } from '@atrium/contracts';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { departments, dictionaryItems, levelTypes, users } from '../../db/schema/index';
import { fieldErrors } from '../../lib/errors';
import type { ConfigField } from './form-config';
import { type FieldSpec, PROFILE_FIELDS, SPECIAL_FIELDS } from './profile-fields';

type UserValues = Partial<typeof users.$inferInsert>;

/** Empty as the spec's forms mean it: null, undefined, 0 and empty text. */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === 0 || (typeof value === 'string' && value.trim() === '');

const Email = z.email();
const Phone = /^\+?[0-9][0-9 ()-]{3,30}$/;
/** Depth of the structure node each node field takes. */
const NODE_DEPTH = { divisionId: 1, departmentId: undefined } as const;

/** Checks one value's type and bounds; returns the value to store, or an error message. */
async function checkValue(
  db: Db,
  companyId: number,
  field: ConfigField,
  spec: FieldSpec,
  value: unknown,
): Promise<{ ok: unknown } | { error: string }> {
  const label = field.display_name;
  // 0 is a real value for numbers (GMT+0); for every other kind it means "nothing chosen".
  const empty =
    spec.kind === 'number' ? value === null || value === undefined || value === '' : isEmpty(value);
  if (empty) return { ok: spec.kind === 'bool' ? false : null };
  switch (spec.kind) {
    case 'text':
    case 'email':
    case 'phone':
    case 'social': {
      if (typeof value !== 'string') return { error: `${label} must be text` };
      const text = value.trim();
      if (field.min_len !== null && text.length < field.min_len) {
        return { error: `${label} must be at least ${field.min_len} characters` };
      }
      if (field.max_len !== null && text.length > field.max_len) {
        return { error: `${label} must be at most ${field.max_len} characters` };
      }
      if (spec.kind === 'email' && !Email.safeParse(text).success)
        return { error: `${label} must be a valid e-mail address` };
      if (spec.kind === 'phone' && !Phone.test(text))
        return { error: `${label} must be a phone number such as +1 555 0100` };
      return { ok: spec.kind === 'email' ? text.toLowerCase() : text };
    }
    case 'date': {
      const parsed = z.iso.date().safeParse(value);
      if (!parsed.success) return { error: `${label} must be a date as yyyy-mm-dd` };
      return { ok: parsed.data };
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { error: `${label} must be a number` };
      if (field.min !== null && value < field.min) return { error: `${label} must be at least ${field.min}` };
      if (field.max !== null && value > field.max) return { error: `${label} must be at most ${field.max}` };
      return { ok: value };
    }
    case 'bool':
      return typeof value === 'boolean' ? { ok: value } : { error: `${label} must be true or false` };
    case 'status':
      return [1, 2, 3, 4].includes(value as number)
        ? { ok: value }
        : { error: `${label} must be 1, 2, 3 or 4` };
    case 'dictionary': {
      if (!Number.isInteger(value)) return { error: `${label} must be one of its choices` };
      const [item] = await db
        .select({ id: dictionaryItems.id })
        .from(dictionaryItems)
        .where(
          and(
            eq(dictionaryItems.id, value as number),
            eq(dictionaryItems.dictionary, spec.dictionary),
            or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
          ),
        );
      return item ? { ok: item.id } : { error: `${label} must be one of its choices` };
    }
    case 'node': {
      if (!Number.isInteger(value)) return { error: `${label} must be a node of the company structure` };
      const depth = NODE_DEPTH[spec.column];
      const [node] = await db
        .select({ id: departments.id })
        .from(departments)
        .innerJoin(levelTypes, eq(levelTypes.id, departments.levelTypeId))
        .where(
          and(
            eq(departments.id, value as number),
            eq(departments.companyId, companyId),
            depth === undefined ? undefined : eq(levelTypes.depth, depth),
          ),
        );
      return node ? { ok: node.id } : { error: `${label} must be a node of the company structure` };
    }
  }
}

export type EditInput = {
  companyId: number;
  mode: FormMode;
  fields: ConfigField[];
  /** The group being saved; without it, every editable field of every group may come. */
  groupId?: number;
  body: Record<string, unknown>;
  /** The stored profile being edited (absent when creating); required fields may be satisfied by it. */
  existing?: typeof users.$inferSelect;
  /** Groups whose required fields must be filled (creation checks only General). */
  requiredGroups?: string[];
  /** The user being edited, so that keeping one's own e-mail is not a duplicate. */
  userId?: number;
};

/**
 * Turns a form body into column values. Writes only fields the configuration marks editable in this
 * mode (in the saved group); other known fields are ignored, unknown ones refused. Collects every field
 * error, first message per field, as `{missing_fields}`.
 */
export async function formValues(db: Db, input: EditInput): Promise<UserValues> {
  const { body, fields, groupId, existing, companyId } = input;
  const errors: Record<string, string> = {};
  const values: UserValues = {};
  const social: Record<string, string> = { ...(existing?.social ?? {}) };
  let socialChanged = false;

  for (const key of Object.keys(body)) {
    // Own keys only: "constructor" or "toString" is no field of the form.
    if (!Object.hasOwn(PROFILE_FIELDS, key) && !SPECIAL_FIELDS.has(key)) errors[key] = 'Unknown field';
  }
  const writable = fields.filter(
    (f) => f.editable && PROFILE_FIELDS[f.name] && (groupId === undefined || f.group === groupId),
  );
  for (const field of writable) {
    if (!(field.name in body)) continue;
    const spec = PROFILE_FIELDS[field.name] as FieldSpec;
    const checked = await checkValue(db, companyId, field, spec, body[field.name]);
    if ('error' in checked) {
      errors[field.name] = checked.error;
      continue;
    }
    if (spec.kind === 'social') {
      if (checked.ok === null) delete social[spec.network];
      else social[spec.network] = checked.ok as string;
      socialChanged = true;
    } else {
      (values as Record<string, unknown>)[spec.column] = checked.ok;
    }
  }
  if (socialChanged) values.social = social;

  // Required: after this save, a required field of the checked groups must hold a value.
  const requiredGroups = input.requiredGroups;
  for (const field of fields) {
    const checkedGroup = requiredGroups
      ? requiredGroups.includes(field.groupKey)
      : groupId === undefined || field.group === groupId;
    if (!field.required || !field.visible || !checkedGroup || errors[field.name]) continue;
    const spec = PROFILE_FIELDS[field.name];
    if (!spec) continue;
    const stored =
      spec.kind === 'social'
        ? (values.social ?? existing?.social)?.[spec.network]
        : spec.column in values
          ? (values as Record<string, unknown>)[spec.column]
          : existing?.[spec.column as keyof typeof existing];
    if (isEmpty(stored)) errors[field.name] = `${field.display_name} is required`;
  }

  const email = values.email;
  if (typeof email === 'string' && !errors.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(sql`lower(${users.email}) = ${email}`, input.userId ? ne(users.id, input.userId) : undefined),
      );
    if (taken) errors.email = 'A user with this e-mail already exists';
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return values;
}
