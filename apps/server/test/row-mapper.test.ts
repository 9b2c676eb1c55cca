import * as drizzleOrm from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preparedOnce } from '../src/db/prepared';
import { planRowMapping } from '../src/db/row-mapper';
import { dictionaryItems, tasks, taskTemplates, users } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

/** Drizzle's own row mapping: exported, though left out of its typings. */
const { mapResultRow } = drizzleOrm as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joinsNotNullableMap: Record<string, boolean>): object;
};

const creator = alias(users, 'creator');
const person = alias(users, 'person');
const position = alias(dictionaryItems, 'position');
const parent = alias(tasks, 'parent');

/**
 * A selection with each kind of field Drizzle maps: columns of the base table and of aliased tables,
 * an inner-joined object, a left-joined one of one table (null when its table is missing), one mixing
 * two tables (never null), SQL with and without a decoder, and an aliased SQL.
 */
const selection = {
  id: tasks.id,
  createdAt: tasks.createdAt,
  name: sql<string>`coalesce(${parent.name}, ${tasks.name})`,
  count: sql<number>`count(*)`.mapWith(Number),
  total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
  manager: { id: creator.id, firstName: creator.firstName, createdAt: creator.createdAt },
  parent: { id: parent.id, name: parent.name, completedAt: parent.completedAt },
  person: { id: person.id, lastName: person.lastName, jobPosition: position.name },
  template: { key: taskTemplates.key, icon: taskTemplates.icon },
};

function selectionQuery() {
  const db = drizzle.mock();
  return db
    .select(selection)
    .from(tasks)
    .innerJoin(creator, eq(creator.id, tasks.managerId))
    .leftJoin(parent, eq(parent.id, tasks.parentTaskId))
    .leftJoin(person, eq(person.id, tasks.userId))
    .leftJoin(position, eq(position.id, person.jobPositionId))
    .leftJoin(taskTemplates, eq(taskTemplates.id, tasks.templateId))
    .prepare('row_mapper_test');
}

type Internals = {
  fields: { path: string[]; field: unknown }[];
  joinsNotNullableMap: Record<string, boolean>;
};

/** A raw value as the driver hands it for a column at `path`, or null about a third of the time. */
function rawValue(path: string[], random: () => number): unknown {
  if (random() < 0.35) return null;
  const key = path[path.length - 1] as string;
  if (/At$/.test(key)) return `2026-11-${String(1 + Math.floor(random() * 28)).padStart(2, '0')} 10:00:00+00`;
  if (key === 'id' || key === 'count' || key === 'total') return String(Math.floor(random() * 1000));
  return `text ${Math.floor(random() * 100)}`;
}

/** A small seeded generator, so that a failure shows the same rows again. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the planned row mapping', () => {
  it("maps rows exactly as Drizzle's own mapping does, nulls of left-joined tables included", () => {
    const { fields, joinsNotNullableMap } = selectionQuery() as unknown as Internals;
    const random = seeded(11);
    const rows = Array.from({ length: 400 }, () => fields.map(({ path }) => rawValue(path, random)));
    // The same object shape (keys in the same order), the same values (dates as dates).
    const drizzles = rows.map((row) => mapResultRow(fields, row, joinsNotNullableMap));
    const planned = planRowMapping(fields, joinsNotNullableMap)(rows);
    expect(planned).toStrictEqual(drizzles);
    expect(JSON.stringify(planned)).toBe(JSON.stringify(drizzles));
    // The rows cover what the rule is about: a left-joined object nulled and one kept.
    expect(planned.some((row) => row.parent === null)).toBe(true);
    expect(planned.some((row) => row.parent !== null)).toBe(true);
    expect(planned.some((row) => row.person !== null && (row.person as { id: unknown }).id === null)).toBe(
      true,
    );
  });
});

describe('a statement built once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const company = (await createCompany(t.db, 'Acme')).id;
    await createUser(t.db, { companyId: company, email: 'ann@acme.test', firstName: 'Ann' });
    await createUser(t.db, { companyId: company, email: 'bob@acme.test', firstName: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("maps its rows with the plan, to what Drizzle's mapping gives the same select", async () => {
    const boss = alias(users, 'boss');
    const select = (db: typeof t.db) =>
      db
        .select({
          id: users.id,
          email: users.email,
          joinedAt: users.createdAt,
          boss: { id: boss.id, email: boss.email },
          colleagues:
            sql<number>`(select count(*) from users others where others.company_id = ${users.companyId})`.mapWith(
              Number,
            ),
        })
        .from(users)
        .leftJoin(boss, eq(boss.id, sql.placeholder('boss')))
        .orderBy(users.id);
    const statement = preparedOnce('row_mapper_users', (db, name) => select(db).prepare(name))(t.db);
    const internals = statement as unknown as { customResultMapper: (rows: unknown[][]) => unknown };
    const plan = vi.fn(internals.customResultMapper);
    internals.customResultMapper = plan;

    const ann = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'ann@acme.test')))[0];
    for (const bossId of [ann?.id, -1]) {
      const planned = await statement.execute({ boss: bossId });
      const drizzles = await select(t.db).execute({ boss: bossId } as never);
      expect(planned).toStrictEqual(drizzles);
    }
    expect(plan).toHaveBeenCalledTimes(2);
  });
});
