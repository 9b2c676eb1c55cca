import { KNOWN_TEMPLATE_KEYS, type TaskFormField, type TaskTemplate } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type TemplateField, taskTemplates } from '../../db/schema/index';
import { resolveDay } from './form-validation';

export type TemplateRow = typeof taskTemplates.$inferSelect;

export const templateSummary = (row: TemplateRow): TaskTemplate => ({
  key: row.key,
  name: row.name,
  icon: row.icon,
  type_key: row.typeKey,
  factory: row.factory,
});

/** The active templates of a company: the spec's known keys first (in the spec's order), then factory ones by name. */
export async function listTemplates(db: Db, companyId: number): Promise<TaskTemplate[]> {
  const rows = await db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.companyId, companyId), eq(taskTemplates.active, true)));
  const rank = (row: TemplateRow) => {
    const known = KNOWN_TEMPLATE_KEYS.indexOf(row.key as (typeof KNOWN_TEMPLATE_KEYS)[number]);
    return known === -1 ? KNOWN_TEMPLATE_KEYS.length : known;
  };
  return rows
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en') || a.key.localeCompare(b.key))
    .map(templateSummary);
}

/** A company's active template by key, or null (unknown, inactive, or another company's). */
export async function findTemplate(db: Db | Tx, companyId: number, key: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(taskTemplates)
    .where(
      and(eq(taskTemplates.companyId, companyId), eq(taskTemplates.key, key), eq(taskTemplates.active, true)),
    );
  return row ?? null;
}

/**
 * A template's form as the new-request modal reads it, fields by position. 'today'-relative date bounds
 * ('today', 'today+2') are resolved here to the day of `today` (the injected clock's UTC date): the
 * server, which also validates the submission against that same day, stays the one interpreter of them,
 * and a date picker can take the bound as it is.
 */
export function formFields(form: TemplateField[], today: string): TaskFormField[] {
  return [...form]
    .sort((a, b) => a.position - b.position)
    .map((field) => ({
      title: field.title,
      name: field.name,
      field_type: field.field_type,
      required: field.required,
      regex: field.regex,
      mask: field.mask,
      hint: field.hint,
      extra: {
        ...field.extra,
        ...(field.extra.min_date ? { min_date: resolveDay(field.extra.min_date, today) } : {}),
        ...(field.extra.max_date ? { max_date: resolveDay(field.extra.max_date, today) } : {}),
      },
      if_field: field.if_field,
      if_field_value: field.if_field_value ?? null,
      values_url: field.values_url,
      values: field.values,
      position: field.position,
      icon: field.icon,
    }));
}

/** The UTC day of an instant, as form bounds and validation count days. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
