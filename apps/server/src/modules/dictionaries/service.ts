import type { DictionaryItem, DictionaryName } from '@atrium/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, departments, dictionaryItems, levelTypes } from '../../db/schema/index';
import { byName } from '../../lib/natural-order';

/** Items whose name has a word starting with the typed text (case- and accent-insensitive). */
function nameMatches(name: AnyPgColumn, q: string | undefined) {
  if (!q?.trim()) return undefined;
  return sql`(' ' || atrium_search_normalize(${name})) like '% ' || atrium_search_normalize(${q}) || '%'`;
}

/** The depth of each structure dictionary's nodes: Division the top level, Department the next. */
const STRUCTURE_DEPTH = { Division: 1, Department: 2 } as const;

/**
 * The items of one dictionary as a company sees them. `memberCompanies` are the companies the viewer
 * belongs to: the Company dictionary lists them, and nothing of another company is ever returned.
 */
export async function dictionaryItemsFor(
  db: Db,
  name: DictionaryName,
  companyId: number,
  memberCompanies: number[],
  q?: string,
): Promise<DictionaryItem[]> {
  if (name === 'Company') {
    return db
      .select({
        id: companies.id,
        name: companies.name,
        img: companies.logoSmall,
        active: sql<boolean>`true`,
      })
      .from(companies)
      .where(and(inArray(companies.id, memberCompanies), nameMatches(companies.name, q)))
      .then((items) => items.sort(byName));
  }
  if (name === 'Division' || name === 'Department') {
    return db
      .select({
        id: departments.id,
        name: departments.name,
        img: sql<null>`null`,
        active: sql<boolean>`true`,
      })
      .from(departments)
      .innerJoin(levelTypes, eq(levelTypes.id, departments.levelTypeId))
      .where(
        and(
          eq(departments.companyId, companyId),
          eq(levelTypes.depth, STRUCTURE_DEPTH[name]),
          nameMatches(departments.name, q),
        ),
      )
      .then((items) => items.sort(byName));
  }
  return db
    .select({
      id: dictionaryItems.id,
      name: dictionaryItems.name,
      img: dictionaryItems.img,
      active: dictionaryItems.active,
    })
    .from(dictionaryItems)
    .where(
      and(
        eq(dictionaryItems.dictionary, name),
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
        nameMatches(dictionaryItems.name, q),
      ),
    )
    .orderBy(asc(dictionaryItems.position), asc(dictionaryItems.id));
}
