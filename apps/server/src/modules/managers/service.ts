import {
  MANAGER_TYPE_CODES,
  type ManagerLink,
  type ManagerType,
  type ManagerTypeCode,
  SINGLE_MANAGER_TYPES,
} from '@atrium/contracts';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { dictionaryItems, managerLinks, users } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { fieldErrors } from '../../lib/errors';

/** Any number chosen once: with a company id, the advisory lock serialising that company's subordination. */
const SUBORDINATION_LOCK = 7_310_844;

const managerType = alias(dictionaryItems, 'manager_type');
const manager = alias(users, 'manager');
const jobPosition = alias(dictionaryItems, 'job_position');
const typeOrder = sql`array_position(array[${sql.join(
  MANAGER_TYPE_CODES.map((code) => sql`${code}`),
  sql`, `,
)}]::text[], ${managerType.code})`;

/** Links with their manager and type, in the order manager, deputy, hrbp, extra (then as added). */
function selectLinks(db: Db, where: SQL | undefined): Promise<ManagerLink[]> {
  return db
    .select({
      id: managerLinks.id,
      user: managerLinks.userId,
      manager: {
        id: manager.id,
        first_name: manager.firstName,
        last_name: manager.lastName,
        avatar: manager.avatar,
        job_position_name: sql<string>`coalesce(${jobPosition.name}, 'N/A')`,
      },
      manager_type: {
        id: managerType.id,
        name: managerType.name,
        code: sql<ManagerTypeCode>`${managerType.code}`,
      },
    })
    .from(managerLinks)
    .innerJoin(manager, eq(manager.id, managerLinks.managerId))
    .innerJoin(
      managerType,
      and(eq(managerType.id, managerLinks.managerTypeId), inArray(managerType.code, MANAGER_TYPE_CODES)),
    )
    .leftJoin(jobPosition, eq(jobPosition.id, manager.jobPositionId))
    .where(where)
    .orderBy(typeOrder, asc(managerLinks.id));
}

export const managerLinksOf = (db: Db, userId: number) => selectLinks(db, eq(managerLinks.userId, userId));

/** The manager types a company's people can have: the active UserManagerType items the rules know. */
export async function managerTypesFor(db: Db, companyId: number): Promise<ManagerType[]> {
  const rows = await db
    .select({ id: dictionaryItems.id, name: dictionaryItems.name, code: dictionaryItems.code })
    .from(dictionaryItems)
    .where(
      and(
        eq(dictionaryItems.dictionary, 'UserManagerType'),
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
        eq(dictionaryItems.active, true),
        inArray(dictionaryItems.code, MANAGER_TYPE_CODES),
      ),
    )
    .orderBy(asc(dictionaryItems.position), asc(dictionaryItems.id));
  return rows.map((row) => ({ ...row, code: row.code as ManagerTypeCode }));
}

/** The person whose manager link this is, or undefined when there is no such link. */
export async function findManagerLink(db: Db, linkId: number) {
  const [link] = await db
    .select({ id: managerLinks.id, userId: managerLinks.userId })
    .from(managerLinks)
    .where(eq(managerLinks.id, linkId));
  return link;
}

/** Who changes someone's subordination, and when: the audit log records it. */
export type SubordinationActor = { actorId: number; at: Date };

/** Removes a manager link, logged as 'manager.remove' with the manager it held under its type's code. */
export async function deleteManagerLink(
  db: Db,
  input: SubordinationActor & { linkId: number; person: { id: number; companyId: number } },
) {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(managerLinks)
      .where(eq(managerLinks.id, input.linkId))
      .returning({ managerId: managerLinks.managerId, typeId: managerLinks.managerTypeId });
    if (!removed) return;
    const [type] = await tx
      .select({ code: dictionaryItems.code })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.id, removed.typeId));
    await writeAudit(tx, {
      action: 'manager.remove',
      companyId: input.person.companyId,
      actorId: input.actorId,
      subjectUserId: input.person.id,
      entityId: input.linkId,
      before: { [type?.code ?? 'extra']: removed.managerId },
      at: input.at,
    });
  });
}

/** Whether `upperId` is `lowerId` or stands above them in the chain of direct managers. */
async function isAtOrAbove(db: Db, upperId: number, lowerId: number): Promise<boolean> {
  // Walks up from the lower person; `union` stops on a cycle already in the data.
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with recursive chain(id) as (
          select ${lowerId}::int
          union
          select ml.manager_id
            from ${managerLinks} ml
            join ${dictionaryItems} t on t.id = ml.manager_type_id and t.code = 'manager'
            join chain c on ml.user_id = c.id
        )
        select exists (select 1 from chain where id = ${upperId}::int) as found`,
  );
  return row?.found === true;
}

export type NewManagerLink = SubordinationActor & {
  person: { id: number; companyId: number };
  managerId: number;
  managerTypeId: number;
};

/**
 * Makes `managerId` a manager of the person, after the rules: the manager is another active person of
 * the same company; manager, deputy and hrbp are one per person (a new one replaces the old); extra
 * managers may be several but not the same one twice; direct managers never form a cycle.
 */
export async function addManagerLink(
  db: Db,
  { person, managerId, managerTypeId, actorId, at }: NewManagerLink,
) {
  const type = (await managerTypesFor(db, person.companyId)).find((t) => t.id === managerTypeId);
  if (!type) throw fieldErrors({ manager_type: 'There is no such manager type' });
  if (managerId === person.id) throw fieldErrors({ manager: 'A person cannot be their own manager' });
  const [candidate] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, managerId), eq(users.companyId, person.companyId), eq(users.isActive, true)));
  if (!candidate) throw fieldErrors({ manager: 'The manager must be an active member of the same company' });

  return db.transaction(async (tx) => {
    // Checks and writes of one company's links run one at a time, so two requests cannot together
    // make a cycle or two direct managers.
    await tx.execute(sql`select pg_advisory_xact_lock(${SUBORDINATION_LOCK}::int, ${person.companyId}::int)`);
    if (type.code === 'manager' && (await isAtOrAbove(tx, person.id, managerId))) {
      throw fieldErrors({ manager: 'This would make a cycle of managers' });
    }
    const sameType = and(eq(managerLinks.userId, person.id), eq(managerLinks.managerTypeId, type.id));
    let replaced: { managerId: number }[] = [];
    if (SINGLE_MANAGER_TYPES.includes(type.code)) {
      replaced = await tx
        .delete(managerLinks)
        .where(sameType)
        .returning({ managerId: managerLinks.managerId });
    } else {
      const [twice] = await tx
        .select({ id: managerLinks.id })
        .from(managerLinks)
        .where(and(sameType, eq(managerLinks.managerId, managerId)));
      if (twice) throw fieldErrors({ manager: 'This person is already an extra manager' });
    }
    const [created] = await tx
      .insert(managerLinks)
      .values({ userId: person.id, managerId, managerTypeId: type.id })
      .returning({ id: managerLinks.id });
    const [link] = created ? await selectLinks(tx, eq(managerLinks.id, created.id)) : [];
    if (!link) throw new Error('manager link not created');
    // Logged under the type's code ('deputy': the person who is now their deputy, and who was before).
    const previous = replaced[0];
    await writeAudit(tx, {
      action: 'manager.add',
      companyId: person.companyId,
      actorId,
      subjectUserId: person.id,
      entityId: link.id,
      before: previous ? { [type.code]: previous.managerId } : null,
      after: { [type.code]: managerId },
      at,
    });
    return link;
  });
}
