import {
  AUDIT_PAGE_SIZE,
  type AuditChange,
  type AuditLogEntry,
  type AuditValue,
  USER_STATUS_LABELS,
} from '@atrium/contracts';
import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  departments,
  dictionaryItems,
  profileFieldGroups,
  profileFields,
  users,
} from '../../db/schema/index';
import { PROFILE_FIELDS } from '../users/profile-fields';

/** How a logged value is read: an id of a dictionary item, a structure node or a person, a status code, or as is. */
type Kind = 'dictionary' | 'node' | 'user' | 'status' | 'plain';

/** The fields of the entities other than a profile, in the order they are shown, with their labels. */
const FIXED_FIELDS: Record<string, [key: string, label: string, kind: Kind][]> = {
  manager: [
    ['manager', 'Manager', 'user'],
    ['deputy', 'Deputy', 'user'],
    ['hrbp', 'HR business partner', 'user'],
    ['extra', 'Extra manager', 'user'],
  ],
  task: [
    ['request', 'Request', 'plain'],
    ['step', 'Step', 'plain'],
    ['comment', 'Comment', 'plain'],
  ],
  document: [
    ['title', 'Title', 'plain'],
    ['category', 'Category', 'dictionary'],
    ['type', 'Type', 'dictionary'],
    ['file_name', 'File name', 'plain'],
    ['content_type', 'File type', 'plain'],
    ['size', 'Size (bytes)', 'plain'],
  ],
};

const PROFILE_ORDER = Object.keys(PROFILE_FIELDS);

/** 'hire_date' → 'Hire date': the label of a field no configuration names. */
const humanised = (key: string) => {
  const words = key.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function kindOf(entity: string, key: string): Kind {
  if (entity === 'user') {
    const kind = PROFILE_FIELDS[key]?.kind;
    return kind === 'dictionary' || kind === 'node' || kind === 'status' ? kind : 'plain';
  }
  return FIXED_FIELDS[entity]?.find(([name]) => name === key)?.[2] ?? 'plain';
}

/** Where a field stands among its entity's fields; unknown ones come last. */
function positionOf(entity: string, key: string): number {
  const index =
    entity === 'user'
      ? PROFILE_ORDER.indexOf(key)
      : (FIXED_FIELDS[entity]?.findIndex(([name]) => name === key) ?? -1);
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

type Values = Record<string, unknown>;
type Row = {
  id: number;
  at: Date;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  actorId: number | null;
  actorFirst: string | null;
  actorLast: string | null;
};

const asValues = (value: unknown): Values =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};

/** The labels of the profile form of a company: its own groups' fields over the default ones. */
async function profileLabels(db: Db, companyId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({
      name: profileFields.name,
      label: profileFields.displayName,
      companyId: profileFieldGroups.companyId,
    })
    .from(profileFields)
    .innerJoin(profileFieldGroups, eq(profileFieldGroups.id, profileFields.groupId))
    .where(or(isNull(profileFieldGroups.companyId), eq(profileFieldGroups.companyId, companyId)))
    .orderBy(asc(profileFields.id));
  const labels = new Map<string, string>();
  for (const row of rows) if (row.companyId === null) labels.set(row.name, row.label);
  for (const row of rows) if (row.companyId !== null) labels.set(row.name, row.label);
  return labels;
}

/** The names of the ids the page's values refer to, read in one query per kind. */
async function namesOf(db: Db, ids: Record<'dictionary' | 'node' | 'user', Set<number>>) {
  const [items, nodes, people] = await Promise.all([
    ids.dictionary.size
      ? db
          .select({ id: dictionaryItems.id, name: dictionaryItems.name })
          .from(dictionaryItems)
          .where(inArray(dictionaryItems.id, [...ids.dictionary]))
      : [],
    ids.node.size
      ? db
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(inArray(departments.id, [...ids.node]))
      : [],
    ids.user.size
      ? db
          .select({ id: users.id, first: users.firstName, last: users.lastName })
          .from(users)
          .where(inArray(users.id, [...ids.user]))
      : [],
  ]);
  return {
    dictionary: new Map(items.map((row) => [row.id, row.name])),
    node: new Map(nodes.map((row) => [row.id, row.name])),
    user: new Map(people.map((row) => [row.id, `${row.first} ${row.last}`.trim()])),
  };
}

type Names = Awaited<ReturnType<typeof namesOf>>;

/** A logged value as a person reads it: an id by its name (#id when it has gone), anything else as it is. */
function shown(kind: Kind, value: unknown, names: Names): AuditValue {
  if (value === null || value === undefined) return null;
  if (kind === 'status' && typeof value === 'number') {
    return USER_STATUS_LABELS[value as keyof typeof USER_STATUS_LABELS] ?? String(value);
  }
  if ((kind === 'dictionary' || kind === 'node' || kind === 'user') && typeof value === 'number') {
    return names[kind].get(value) ?? `#${value}`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * A page of the audit log of a person as their company's HR reads it: the entries about them that the
 * company's records produced, newest first, each change with its field's label and readable values.
 */
export async function auditPage(
  db: Db,
  person: { id: number; companyId: number },
  page: number,
): Promise<{ count: number; results: AuditLogEntry[] }> {
  const actor = alias(users, 'actor');
  const where = and(eq(auditLog.subjectUserId, person.id), eq(auditLog.companyId, person.companyId));
  const [total, rows] = await Promise.all([
    db.select({ count: count() }).from(auditLog).where(where),
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        actorId: actor.id,
        actorFirst: actor.firstName,
        actorLast: actor.lastName,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
  ]);

  const ids = { dictionary: new Set<number>(), node: new Set<number>(), user: new Set<number>() };
  for (const row of rows as Row[]) {
    for (const values of [asValues(row.before), asValues(row.after)]) {
      for (const [key, value] of Object.entries(values)) {
        const kind = kindOf(row.entity, key);
        if ((kind === 'dictionary' || kind === 'node' || kind === 'user') && typeof value === 'number') {
          ids[kind].add(value);
        }
      }
    }
  }
  const [names, labels] = await Promise.all([
    namesOf(db, ids),
    rows.some((row) => row.entity === 'user')
      ? profileLabels(db, person.companyId)
      : new Map<string, string>(),
  ]);
  const labelOf = (entity: string, key: string) =>
    (entity === 'user' ? labels.get(key) : FIXED_FIELDS[entity]?.find(([name]) => name === key)?.[1]) ??
    humanised(key);

  const results = (rows as Row[]).map((row): AuditLogEntry => {
    const before = asValues(row.before);
    const after = asValues(row.after);
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].sort(
      (a, b) => positionOf(row.entity, a) - positionOf(row.entity, b) || a.localeCompare(b),
    );
    const changes = keys.map((key): AuditChange => {
      const kind = kindOf(row.entity, key);
      return {
        field: labelOf(row.entity, key),
        before: shown(kind, before[key], names),
        after: shown(kind, after[key], names),
      };
    });
    return {
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      actor:
        row.actorId === null
          ? null
          : { id: row.actorId, full_name: `${row.actorFirst ?? ''} ${row.actorLast ?? ''}`.trim() },
      changes,
    };
  });
  return { count: total[0]?.count ?? 0, results };
}
