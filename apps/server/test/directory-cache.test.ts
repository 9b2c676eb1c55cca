import type { UserListItem } from '@atrium/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  absences,
  departments,
  dictionaryItems,
  levelTypes,
  managerLinks,
  users,
} from '../src/db/schema/index';
import { testEngine } from './database';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { cutListener } from './listener';
import { createTestApp, type TestApp } from './test-app';

/**
 * Decision 0021: each process keeps the directory's answers under the people version, which triggers
 * move on every write that can change one. The writes here go straight to the database on the app's own
 * connections, not through its routes, as a script in the process would make them: the app must answer
 * with each at once, the version it keeps in memory (decision 0030) having heard each write before the
 * write answered. Acme (division North): Ann, Ben and Cid; Other Ltd: Olga.
 */
let t: TestApp;
let statements: string[] = [];
let acme: number;
const id: Record<string, number> = {};
let ann: HttpClient;
let olga: HttpClient;

type Page = { count: number; results: UserListItem[] };
const filter = async (client: HttpClient, body: Record<string, unknown> = {}, query = '') => {
  const response = await client.post(`/api/users/filter/${query}`, body);
  expect(response.status).toBe(200);
  return response.body as Page;
};
const names = (page: Page) => page.results.map((person) => person.first_name);
const person = (page: Page, userId: number) => page.results.find((each) => each.id === userId);

beforeAll(async () => {
  t = await createTestApp({ logger: { logQuery: (query) => statements.push(query) } });
  acme = (await createCompany(t.db, 'Acme')).id;
  const other = (await createCompany(t.db, 'Other Ltd')).id;
  const [level] = await t.db
    .insert(levelTypes)
    .values({ companyId: acme, name: 'Division', depth: 1 })
    .returning();
  const [north] = await t.db
    .insert(departments)
    .values({ companyId: acme, name: 'North', levelTypeId: level!.id })
    .returning();
  id.North = north!.id;
  for (const firstName of ['Ann', 'Ben', 'Cid']) {
    const user = await createUser(t.db, {
      companyId: acme,
      firstName,
      email: `${firstName.toLowerCase()}@acme.test`,
    });
    await t.db.update(users).set({ divisionId: id.North }).where(eq(users.id, user.id));
    id[firstName] = user.id;
  }
  id.Olga = (await createUser(t.db, { companyId: other, firstName: 'Olga', email: 'olga@other.test' })).id;
  ann = await t.login('ann@acme.test');
  olga = await t.login('olga@other.test');
});

afterAll(() => t.close());

describe('directory answers kept by the process', () => {
  it('answers a repeated filter without a statement, the people version being heard (decision 0030)', async () => {
    const first = await filter(ann, { Division: [id.North] });
    statements = [];
    const again = await filter(ann, { Division: [id.North] });
    const sent = statements;
    expect(again).toEqual(first);
    expect(names(again)).toEqual(['Ann', 'Ben', 'Cid']);
    expect(sent.filter((s) => s.includes('"users"') || s.includes('people_version'))).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(1); // perhaps the session
  });

  it('hears each write of its own before the write has answered', async () => {
    for (let i = 0; i < 20; i++) {
      await t.db
        .update(users)
        .set({ nickname: `n${i}` })
        .where(eq(users.id, id.Ann!));
      // Nothing else runs between the write's answer and this look at the version kept in memory.
      const heard = await t.app.peopleVersion.current();
      const [row] = await queryRows<{ version: string }>(t.db, sql`select version::text from people_version`);
      expect(heard).toBe(row?.version);
    }
  });

  it('moves the version for a statement that changes people, and not for one that changes nobody', async () => {
    const stored = async () => {
      const [row] = await queryRows<{ version: string }>(t.db, sql`select version::text from people_version`);
      return BigInt(row?.version ?? '0');
    };
    const before = await stored();
    const tables = ['users', 'departments', 'dictionary_items', 'manager_links', 'absences', 'holidays'];
    for (const name of tables.map((table) => sql.identifier(table))) {
      await t.db.execute(sql`update ${name} set id = id where false`);
      await t.db.execute(sql`delete from ${name} where false`);
      await t.db.execute(sql`insert into ${name} select * from ${name} where false`);
    }
    expect(await stored()).toBe(before);
    await t.db.update(users).set({ nickname: 'moved' }).where(eq(users.id, id.Ann!));
    expect(await stored()).toBe(before + 1n);
    expect(await t.app.peopleVersion.current()).toBe(String(before + 1n));
  });

  it('keeps each company to its own people under the same filter', async () => {
    expect(names(await filter(ann))).toEqual(['Ann', 'Ben', 'Cid']);
    expect(names(await filter(olga))).toEqual(['Olga']);
  });

  it("shows a person's new name, and a deactivated person no more, at once", async () => {
    await filter(ann, { q: 'cid' });
    await t.db.update(users).set({ firstName: 'Cyd' }).where(eq(users.id, id.Cid!));
    expect(names(await filter(ann, { q: 'cyd' }))).toEqual(['Cyd']);
    expect(names(await filter(ann, { Division: [id.North] }))).toEqual(['Ann', 'Ben', 'Cyd']);

    await t.db.execute(sql`update users set is_active = false where id = ${id.Cid}`);
    expect(await filter(ann, { Division: [id.North] }, '?count=1')).toMatchObject({ count: 2 });
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, id.Cid!));
    expect(await filter(ann, { Division: [id.North] }, '?count=1')).toMatchObject({ count: 3 });
  });

  it("shows a renamed division and job position on each person's line at once", async () => {
    const [position] = await t.db
      .insert(dictionaryItems)
      .values({ dictionary: 'JobPosition', companyId: acme, name: 'Welder' })
      .returning();
    await t.db.update(users).set({ jobPositionId: position!.id }).where(eq(users.id, id.Ben!));
    expect(person(await filter(ann, { Division: [id.North] }), id.Ben!)?.job_position_name).toBe('Welder');

    await t.db
      .update(dictionaryItems)
      .set({ name: 'Lead welder' })
      .where(eq(dictionaryItems.id, position!.id));
    await t.db.update(departments).set({ name: 'Northern' }).where(eq(departments.id, id.North!));
    const ben = person(await filter(ann, { Division: [id.North] }), id.Ben!);
    expect(ben?.job_position_name).toBe('Lead welder');
    expect(ben?.division_name).toBe('Northern');
  });

  it("shows a new manager in the Manager filter and on the person's line at once", async () => {
    const [type] = await t.db
      .insert(dictionaryItems)
      .values({ dictionary: 'UserManagerType', code: 'manager', name: 'Manager' })
      .returning();
    expect(await filter(ann, { Manager: [id.Ann] })).toMatchObject({ count: 0 });
    expect(person(await filter(ann, { Division: [id.North] }), id.Ben!)?.manager_name).toBeNull();

    await t.db.insert(managerLinks).values({ userId: id.Ben!, managerId: id.Ann!, managerTypeId: type!.id });
    expect(names(await filter(ann, { Manager: [id.Ann] }))).toEqual(['Ben']);
    expect(person(await filter(ann, { Division: [id.North] }), id.Ben!)?.manager_name).toMatch(/^Ann /);
  });

  it('finds a person away on vacation once the absence is written', async () => {
    const away = { vacation_from_date: '2026-12-01', vacation_to_date: '2026-12-31' };
    expect(await filter(ann, away)).toMatchObject({ count: 0 });
    await t.db.insert(absences).values({
      companyId: acme,
      userId: id.Ann!,
      kind: 'vacation',
      fromDate: '2026-12-07',
      toDate: '2026-12-11',
      status: 'approved',
    });
    expect(names(await filter(ann, away))).toEqual(['Ann']);
  });
});

describe.skipIf(testEngine() !== 'postgres')('directory answers after writes of other processes', () => {
  /** A write on a connection of its own, as another API process, a script or psql makes it. */
  const otherProcess = async (text: string, values: unknown[]) => {
    const client = new pg.Client((t.db as unknown as { $client: pg.Pool }).$client.options);
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  const rename = (userId: number, firstName: string) =>
    otherProcess('update users set first_name = $1 where id = $2', [firstName, userId]);

  it("lists a person renamed elsewhere as soon as the database's notice has come", async () => {
    expect(names(await filter(ann, { q: 'ben' }))).toEqual(['Ben']);
    await rename(id.Ben!, 'Bert');
    await expect
      .poll(async () => names(await filter(ann, { q: 'bert' })), { timeout: 5_000 })
      .toEqual(['Bert']);
  });

  it("checks with the database while the bus's connection is down, and after it is back", async () => {
    expect(names(await filter(ann, { q: 'bert' }))).toEqual(['Bert']);
    let gaps = 0;
    const stop = t.events.subscribe({ event: () => {}, gap: () => gaps++ });
    await cutListener(t.db);
    await expect.poll(() => t.events.connected()).toBe(false);
    // Its notice may reach no one in this process: the answer is checked against the database.
    await rename(id.Ben!, 'Benno');
    expect(names(await filter(ann, { q: 'benno' }))).toEqual(['Benno']);
    await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
    stop();
    await rename(id.Ben!, 'Ben');
    await expect
      .poll(async () => names(await filter(ann, { q: 'ben' })), { timeout: 5_000 })
      .toEqual(['Ben']);
  });
});
