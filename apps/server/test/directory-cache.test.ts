import type { UserListItem } from '@atrium/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  absences,
  departments,
  dictionaryItems,
  levelTypes,
  managerLinks,
  users,
} from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * Decision 0021: each process keeps the directory's answers under the people version, which triggers
 * move on every write that can change one. The writes here go straight to the database, as another
 * process, a script or psql would make them: the app hears of none of them, and must still answer with
 * each at once. Acme (division North): Ann, Ben and Cid; Other Ltd: Olga.
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
  it('answers a repeated filter from one statement, without reading people again', async () => {
    const first = await filter(ann, { Division: [id.North] });
    statements = [];
    const again = await filter(ann, { Division: [id.North] });
    const sent = statements;
    expect(again).toEqual(first);
    expect(names(again)).toEqual(['Ann', 'Ben', 'Cid']);
    expect(sent.filter((s) => s.includes('"users"'))).toEqual([]);
    expect(sent.filter((s) => s.includes('people_version'))).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(2); // the version, and perhaps the session
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
