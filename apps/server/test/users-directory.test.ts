import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, dictionaryItems, levelTypes, managerLinks, users } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let viewer: HttpClient;
let acme: number;
let other: number;
const nodes: Record<string, number> = {};
const people: Record<string, number> = {};

async function node(companyId: number, name: string, parentId: number | null = null) {
  const [level] = await t.db.insert(levelTypes).values({ companyId, name: 'Level', depth: 1 }).returning();
  const [row] = await t.db
    .insert(departments)
    .values({ companyId, name, parentId, levelTypeId: level!.id })
    .returning();
  nodes[name] = row!.id;
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = (await createCompany(t.db, 'Acme')).id;
  other = (await createCompany(t.db, 'Other Co')).id;
  const engineering = await node(acme, 'Engineering');
  const platform = await node(acme, 'Platform', engineering);
  const sales = await node(acme, 'Sales');
  const [position] = await t.db
    .insert(dictionaryItems)
    .values({ dictionary: 'UserJobPosition', companyId: acme, name: 'Site Reliability Engineer' })
    .returning();
  const [managerType] = await t.db
    .insert(dictionaryItems)
    .values({ dictionary: 'UserManagerType', code: 'manager', name: 'Manager' })
    .returning();
  const add = async (
    key: string,
    firstName: string,
    lastName: string,
    extra: Partial<typeof users.$inferInsert> = {},
  ) => {
    const user = await createUser(t.db, {
      companyId: extra.companyId ?? acme,
      firstName,
      lastName,
      email: `${key}@acme.test`,
    });
    if (Object.keys(extra).length) await t.db.update(users).set(extra).where(eq(users.id, user.id));
    people[key] = user.id;
  };
  await add('zoe', 'Zoë', 'Ångström', {
    departmentId: platform,
    divisionId: engineering,
    jobPositionId: position!.id,
  });
  await add('bob', 'Bob', 'Builder', {
    departmentId: engineering,
    divisionId: engineering,
    nickname: 'bobby',
  });
  await add('sam', 'Sam', 'Seller', { departmentId: sales, divisionId: sales, status: 1 });
  await add('ina', 'Ina', 'Inactive', { isActive: false });
  await add('oscar', 'Oscar', 'Outsider', { companyId: other });
  for (let i = 0; i < 17; i++) await add(`p${i}`, `Person${i}`, `Zed${String(i).padStart(2, '0')}`);
  await t.db
    .insert(managerLinks)
    .values({ userId: people.zoe!, managerId: people.bob!, managerTypeId: managerType!.id });
  viewer = await t.login('bob@acme.test');
});
afterAll(() => t?.close());

const filter = (body: object, query = '') => viewer.post(`/api/users/filter/${query}`, body);
const names = (results: { first_name: string }[]) => results.map((r) => r.first_name);

describe('the people directory', () => {
  it('lists the active people of the active company in name order, 15 a page, with a next link', async () => {
    const first = await viewer.get('/api/users/');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(20);
    expect(first.body.results).toHaveLength(15);
    expect(first.body.next).toBe('/api/users/?page=2&page_size=15');
    expect(names(first.body.results).slice(0, 3)).toEqual(['Zoë', 'Bob', 'Sam']);
    const second = await viewer.get('/api/users/?page=2');
    expect(second.body.results).toHaveLength(5);
    expect(second.body.next).toBeNull();
    const all = [...names(first.body.results), ...names(second.body.results)];
    expect(all).not.toContain('Ina');
    expect(all).not.toContain('Oscar');
  });

  it('shows what a row needs: position name, department, division, manager name', async () => {
    const { body } = await filter({ ids: [people.zoe] });
    expect(body.results[0]).toMatchObject({
      first_name: 'Zoë',
      job_position_name: 'Site Reliability Engineer',
      department_name: 'Platform',
      division_name: 'Engineering',
      manager_name: 'Bob Builder',
      status: 2,
    });
    const bob = await filter({ ids: people.bob });
    expect(bob.body.results[0]).toMatchObject({ job_position_name: 'N/A', manager_name: null });
  });

  it.each([
    ['zoe', ['Zoë']],
    ['ANGSTR', ['Zoë']],
    ['zoe ang', ['Zoë']],
    ['site reli', ['Zoë']],
    ['platf', ['Zoë']],
    ['bobby', ['Bob']],
    ['sam@acme', ['Sam']],
    ['engineer', ['Zoë', 'Bob']],
  ])('finds %s by prefix, whatever the case and accents', async (q, expected) => {
    const { body } = await filter({ q });
    expect(names(body.results).sort()).toEqual([...expected].sort());
  });

  it('does not match inside a word, and ignores text of punctuation only', async () => {
    expect((await filter({ q: 'ngstr' })).body.count).toBe(0);
    expect((await filter({ q: '  ' })).body.count).toBe(20);
    expect((await filter({ q: '%' })).body.count).toBe(20);
  });

  it('filters by a department node and everything under it', async () => {
    const { body } = await filter({ company_departments: [nodes.Engineering] });
    expect(names(body.results).sort()).toEqual(['Bob', 'Zoë']);
    expect(names((await filter({ Department: nodes.Sales })).body.results)).toEqual(['Sam']);
    expect(names((await filter({ Division: [nodes.Engineering, null, 0] })).body.results).sort()).toEqual([
      'Bob',
      'Zoë',
    ]);
  });

  it('answers only the count with count=1', async () => {
    const { body } = await filter({ company_departments: nodes.Engineering }, '?count=1');
    expect(body).toEqual({ count: 2, next: null, results: [] });
  });

  it("never shows another company's people, even when asked for that company", async () => {
    expect((await filter({ q: 'oscar' })).body.count).toBe(0);
    expect((await filter({ Company: [other] })).body.count).toBe(0);
    expect((await filter({ ids: [people.oscar] })).body.count).toBe(0);
  });

  it('refuses unknown keys and bad paging, naming them', async () => {
    const unknown = await filter({ shoe: 42 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.missing_fields.shoe).toEqual(['Unknown field']);
    const badPage = await viewer.post('/api/users/filter/?page_size=1000', {});
    expect(badPage.status).toBe(400);
    expect(badPage.body.missing_fields.page_size).toBeTruthy();
  });

  it('is closed without a session', async () => {
    expect((await t.client().get('/api/users/')).status).toBe(401);
    const anonymous = t.client();
    await anonymous.csrf();
    expect((await anonymous.post('/api/users/filter/', {})).status).toBe(401);
  });
});

describe('the department tree', () => {
  it('lists the nodes of the active company top-down with depth and head count', async () => {
    const { status, body } = await viewer.get('/api/company_department_tree/');
    expect(status).toBe(200);
    expect(
      body.results.map((n: { name: string; depth: number; employees_count: number }) => [
        n.name,
        n.depth,
        n.employees_count,
      ]),
    ).toEqual([
      ['Engineering', 1, 1],
      ['Platform', 2, 1],
      ['Sales', 1, 1],
    ]);
  });

  it('answers 404 for a company the user is not in, and 401 without a session', async () => {
    expect((await viewer.get(`/api/company_department_tree/?company_id=${other}`)).status).toBe(404);
    expect((await t.client().get('/api/company_department_tree/')).status).toBe(401);
  });
});

describe('switching company', () => {
  it("makes another of the user's companies the active one, and the directory follows", async () => {
    const hr = await createUser(t.db, { companyId: acme, email: 'hr@acme.test', alsoIn: [other] });
    const client = await t.login(hr.email);
    const switched = await client.post('/api/auth/switch-company/', { company: other });
    expect(switched.status).toBe(200);
    expect(switched.body.company).toMatchObject({ id: other, name: 'Other Co' });
    expect((await client.get('/api/auth/session/')).body.company.id).toBe(other);
    expect(names((await client.get('/api/users/')).body.results)).toEqual(['Oscar']);
  });

  it('refuses a company the user is not a member of, and bad input', async () => {
    const refused = await viewer.post('/api/auth/switch-company/', { company: other });
    expect(refused.status).toBe(403);
    expect((await viewer.get('/api/auth/session/')).body.company.id).toBe(acme);
    const bad = await viewer.post('/api/auth/switch-company/', { company: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields.company).toBeTruthy();
  });
});
