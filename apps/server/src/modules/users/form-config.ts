import {
  type DictionaryName,
  type FormField,
  type FormFieldPatchBody,
  type FormFieldsResponse,
  type FormMode,
  USER_STATUS_LABELS,
} from '@atrium/contracts';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileFieldGroups, profileFields } from '../../db/schema/index';
import { dictionaryItemsFor } from '../dictionaries/service';
import { PROFILE_FIELDS } from './profile-fields';

export type ConfigField = FormField & { groupKey: string };

/** A status is stored as its code (1 Online … 4 Vacation), so its choices are the codes, not dictionary ids. */
const STATUS_CHOICES = Object.entries(USER_STATUS_LABELS).map(([id, name]) => ({ id: Number(id), name }));

/**
 * The profile form of a company in one mode: its own groups where it has defined them, the default
 * groups (company_id null) for the other keys; each field flagged visible and editable for the mode.
 */
export async function loadFormConfig(db: Db, companyId: number, mode: FormMode) {
  const groupRows = await db
    .select()
    .from(profileFieldGroups)
    .where(or(isNull(profileFieldGroups.companyId), eq(profileFieldGroups.companyId, companyId)))
    .orderBy(asc(profileFieldGroups.position), asc(profileFieldGroups.id));
  const byKey = new Map<string, (typeof groupRows)[number]>();
  for (const group of groupRows) {
    if (!byKey.has(group.key) || group.companyId !== null) byKey.set(group.key, group);
  }
  const groups = [...byKey.values()];
  const fieldRows = groups.length
    ? await db
        .select()
        .from(profileFields)
        .where(
          inArray(
            profileFields.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(profileFields.position), asc(profileFields.id))
    : [];
  const groupOf = new Map(groups.map((g) => [g.id, g]));
  const dictionaries = [
    ...new Set(fieldRows.map((f) => f.dictionary).filter((d): d is string => d !== null)),
  ];
  const choices = new Map(
    await Promise.all(
      dictionaries.map(
        async (name) =>
          [
            name,
            (await dictionaryItemsFor(db, name as DictionaryName, companyId, [companyId])).map(
              ({ id, name }) => ({
                id,
                name,
              }),
            ),
          ] as const,
      ),
    ),
  );
  const fields: ConfigField[] = fieldRows.map((row) => {
    const group = groupOf.get(row.groupId);
    return {
      name: row.name,
      display_name: row.displayName,
      type: row.type,
      group: row.groupId,
      groupKey: group?.key ?? '',
      values:
        PROFILE_FIELDS[row.name]?.kind === 'status'
          ? STATUS_CHOICES
          : row.dictionary
            ? (choices.get(row.dictionary) ?? [])
            : (row.values ?? null),
      dictionary: row.dictionary,
      required: row.required,
      editable: Boolean(group?.editable) && row.editableIn.includes(mode),
      visible: row.visibleIn.includes(mode),
      is_fav: row.isFav,
      view_control: row.viewControl,
      min: row.min,
      max: row.max,
      min_len: row.minLen,
      max_len: row.maxLen,
    };
  });
  const shown = groups.filter((g) => fields.some((f) => f.group === g.id && f.visible));
  return {
    groups: shown.map((g) => ({
      id: g.id,
      name: g.key,
      display_name: g.displayName,
      required: g.required,
      editable: g.editable && fields.some((f) => f.group === g.id && f.editable),
    })),
    fields: fields.filter((f) => shown.some((g) => g.id === f.group)),
  };
}

/** The configuration as the API publishes it (without the internal group key). */
export function publishConfig(config: Awaited<ReturnType<typeof loadFormConfig>>): FormFieldsResponse {
  return { groups: config.groups, fields: config.fields.map(({ groupKey: _, ...field }) => field) };
}

/**
 * Changes one field of a company's form. Defaults are shared by every company, so the first change a
 * company makes to a default group copies that group with its fields to the company; the change lands
 * on the copy. Returns false when the field is neither a default nor the company's own.
 */
export async function updateFormField(db: Db, companyId: number, fieldId: number, patch: FormFieldPatchBody) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ field: profileFields, group: profileFieldGroups })
      .from(profileFields)
      .innerJoin(profileFieldGroups, eq(profileFieldGroups.id, profileFields.groupId))
      .where(eq(profileFields.id, fieldId));
    if (!found || (found.group.companyId !== null && found.group.companyId !== companyId)) return false;
    let targetId = found.field.id;
    if (found.group.companyId === null) {
      const [own] = await tx
        .select({ id: profileFieldGroups.id })
        .from(profileFieldGroups)
        .where(and(eq(profileFieldGroups.companyId, companyId), eq(profileFieldGroups.key, found.group.key)));
      const groupId = own?.id ?? (await copyGroup(tx, found.group, companyId));
      const [copy] = await tx
        .select({ id: profileFields.id })
        .from(profileFields)
        .where(and(eq(profileFields.groupId, groupId), eq(profileFields.name, found.field.name)));
      if (!copy) return false;
      targetId = copy.id;
    }
    await tx
      .update(profileFields)
      .set({
        displayName: patch.display_name,
        required: patch.required,
        isFav: patch.is_fav,
        position: patch.position,
        visibleIn: patch.visible_in,
        editableIn: patch.editable_in,
      })
      .where(eq(profileFields.id, targetId));
    return true;
  });
}

async function copyGroup(tx: Db, group: typeof profileFieldGroups.$inferSelect, companyId: number) {
  const { id: _, ...groupValues } = group;
  const [copy] = await tx
    .insert(profileFieldGroups)
    .values({ ...groupValues, companyId })
    .returning({ id: profileFieldGroups.id });
  if (!copy) throw new Error('form group not copied');
  const fields = await tx.select().from(profileFields).where(eq(profileFields.groupId, group.id));
  if (fields.length) {
    await tx
      .insert(profileFields)
      .values(fields.map(({ id: _id, ...field }) => ({ ...field, groupId: copy.id })));
  }
  return copy.id;
}
