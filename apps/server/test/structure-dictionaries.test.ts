import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../../scripts/seed/index';
import type { HttpClient } from './http-client';
import { addDepartments } from './structure-fixtures';
import { createTestApp, type TestApp } from './test-app';

/** On the seeded demo: Demo Corp with its real tree, Demo Labs beside it. */
let t: TestApp;
let hr: HttpClient;
let employee: HttpClient;
let session: {
  user: { id: number; department: number; division: number; companies: { id: number; name: string }[] };
  company: { id: number };
};
let labs: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, { info: () => {} }, new Date('2026-11-20T09:00:00Z'));
  hr = await t.login('hr@demo.test');
  employee = await t.login('employee@demo.test');
  session = (await employee.get('/api/auth/session/')).body;
  labs = (await hr.get('/api/auth/session/')).body.user.companies.find(
    (c: { name: string }) => c.name === 'Demo Labs',
  ).id;
});
afterAll(() => t?.close());

const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('dictionaries', () => {
  it('serves every dictionary of the spec with id, name, img and active', async () => {
    for (const name of [
      'Company',
      'UserCountry',
      'DOBMonth',
      'UserStatus',
      'Gender',
      'grade',
      'legal_entity',
      'job_format',
      'job_position',
      'foot_size',
      'clothing_size',
      'nutrition',
      'Division',
      'UserStatusVisible',
      'Department',
      'UserJobPosition',
      'UserSpecialEvent',
      'UserManagerType',
      'UserLocation',
      'StorageCategory',
      'StorageType',
    ]) {
      const response = await employee.get(`/api/dictionaries/${name}/`);
      expect(response.status, name).toBe(200);
      expect(response.body.results.length, name).toBeGreaterThan(0);
      expect(Object.keys(response.body.results[0]).sort(), name).toEqual(['active', 'id', 'img', 'name']);
    }
  });

  it('keeps the natural order and searches by word prefix, accent-insensitively', async () => {
    expect(names((await employee.get('/api/dictionaries/DOBMonth/')).body.results).slice(0, 3)).toEqual([
      'January',
      'February',
      'March',
    ]);
    expect(names((await employee.get('/api/dictionaries/UserStatus/')).body.results)).toEqual([
      'Online',
      'Offline',
      'Illness',
      'Vacation',
    ]);
    expect(names((await employee.get('/api/dictionaries/DOBMonth/?q=ju')).body.results)).toEqual([
      'June',
      'July',
    ]);
  });

  it("lists only the user's companies, and a company's own items only to its members", async () => {
    expect(names((await employee.get('/api/dictionaries/Company/')).body.results)).toEqual(['Demo Corp']);
    expect(names((await hr.get('/api/dictionaries/Company/')).body.results).sort()).toEqual([
      'Demo Corp',
      'Demo Labs',
    ]);
    expect((await employee.get(`/api/dictionaries/grade/?company=${labs}`)).status).toBe(404);
    expect((await hr.get(`/api/dictionaries/grade/?company=${labs}`)).status).toBe(200);
  });

  it('answers per company with a dicts map, leaving out companies the user is not in', async () => {
    const response = await employee.get(`/api/dictionaries/?companies=${session.company.id},${labs}`);
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(1);
    expect(Object.keys(response.body.results[0].dicts).sort()).toEqual(
      [
        'Department',
        'Division',
        'StorageCategory',
        'StorageType',
        'UserCountry',
        'UserSpecialEvent',
        'UserStatus',
      ].sort(),
    );
  });

  it('refuses an unknown dictionary, bad parameters, and strangers', async () => {
    expect((await employee.get('/api/dictionaries/Passwords/')).status).toBe(404);
    const bad = await employee.get('/api/dictionaries/?companies=1;drop');
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields.companies).toBeTruthy();
    expect((await t.client().get('/api/dictionaries/UserStatus/')).status).toBe(401);
    expect((await t.client().get('/api/dictionaries/')).status).toBe(401);
  });
});

describe('company structure', () => {
  it('has the levels division, department and team, and a tree where each child sits under its parent', async () => {
    const types = (await employee.get('/api/company_level_types/')).body.results;
    expect(names(types)).toEqual(['Division', 'Department', 'Team']);
    const tree = (await employee.get('/api/company_department_tree/')).body.results;
    const seen = new Set<number>();
    for (const node of tree) {
      if (node.parent_id) expect(seen.has(node.parent_id)).toBe(true);
      seen.add(node.id);
    }
    const teams = (await employee.get(`/api/company_levels/?level_type=${types[2].id}`)).body.results;
    expect(teams.length).toBeGreaterThan(0);
    expect(teams.every((n: { depth: number }) => n.depth === 3)).toBe(true);
  });

  it("gives a node's children and the people placed in it", async () => {
    const response = await employee.get(`/api/company_department_tree/${session.user.department}`);
    expect(response.status).toBe(200);
    expect(response.body.node.id).toBe(session.user.department);
    expect(response.body.employees.map((e: { id: number }) => e.id)).toContain(session.user.id);
  });

  it('gives the structure level by level, and under one top node with level0', async () => {
    const whole = (await employee.get('/api/company_structure/')).body.levels;
    expect(whole.map((l: { level_type: { name: string } }) => l.level_type.name)).toEqual([
      'Division',
      'Department',
      'Team',
    ]);
    const under = (await employee.get(`/api/company_structure/?level0=${session.user.division}`)).body.levels;
    const count = (levels: { nodes: unknown[] }[]) => levels.reduce((n, l) => n + l.nodes.length, 0);
    expect(count(under)).toBeLessThan(count(whole));
    expect(under[0].nodes.map((n: { id: number }) => n.id)).toEqual([session.user.division]);
  });

  it("gives a user's chain from the top down to their department", async () => {
    const chain = (await employee.get(`/api/company_structure/user_tree/?user=${session.user.id}`)).body
      .results;
    expect(chain[0].id).toBe(session.user.division);
    expect(chain.at(-1).id).toBe(session.user.department);
  });

  it('lists siblings and the Department dictionary in natural order, "Unit 2" before "Unit 10"', async () => {
    await addDepartments(t.db, 12, 'Unit');
    const expected = Array.from({ length: 12 }, (_, i) => `Unit ${i + 1}`);
    const units = (list: { name: string }[]) => names(list).filter((name) => /^Unit \d+$/.test(name));
    expect(units((await employee.get('/api/company_department_tree/')).body.results)).toEqual(expected);
    expect(units((await employee.get('/api/dictionaries/Department/')).body.results)).toEqual(expected);
    await addDepartments(t.db, 1, 'unit');
    const lowerCase = names((await employee.get('/api/dictionaries/Department/')).body.results);
    expect(lowerCase.indexOf('unit 1')).toBe(lowerCase.indexOf('Unit 1') + 1);
  });

  it('answers with the tree as it is after a write: a new node, a person moved into it', async () => {
    const before = (await employee.get('/api/company_department_tree/')).body.results;
    await addDepartments(t.db, 1, 'Newly opened');
    const after = (await employee.get('/api/company_department_tree/')).body.results;
    const opened = after.find((node: { name: string }) => node.name === 'Newly opened 1');
    expect(after).toHaveLength(before.length + 1);
    expect(opened.employees_count).toBe(0);
    await t.db.execute(sql`update users set department_id = ${opened.id} where id = ${session.user.id}`);
    const moved = (await employee.get(`/api/company_department_tree/${opened.id}`)).body;
    expect(moved.node.employees_count).toBe(1);
    expect(moved.employees.map((e: { id: number }) => e.id)).toEqual([session.user.id]);
    const chain = (await employee.get(`/api/company_structure/user_tree/?user=${session.user.id}`)).body
      .results;
    expect(chain.at(-1).id).toBe(opened.id);
  });

  it("keeps another company's structure out of reach", async () => {
    const labsTree = await hr.get(`/api/company_department_tree/?company_id=${labs}`);
    expect(labsTree.status).toBe(200);
    const labsNode = labsTree.body.results[0].id;
    expect((await employee.get(`/api/company_department_tree/?company_id=${labs}`)).status).toBe(404);
    expect((await employee.get(`/api/company_department_tree/${labsNode}`)).status).toBe(404);
    expect((await employee.get(`/api/company_level_types/?company=${labs}`)).status).toBe(404);
    expect((await employee.get(`/api/company_structure/?company=${labs}`)).status).toBe(404);
    expect((await employee.get(`/api/company_structure/?level0=${labsNode}`)).status).toBe(404);
    const labsPerson = (await hr.post('/api/users/filter/', { Company: labs })).body.results[0].id;
    expect((await employee.get(`/api/company_structure/user_tree/?user=${labsPerson}`)).status).toBe(404);
  });

  it('is closed without a session and names bad parameters', async () => {
    for (const path of [
      '/api/company_structure/',
      '/api/company_level_types/',
      '/api/company_levels/?level_type=1',
      '/api/company_department_tree/1',
    ]) {
      expect((await t.client().get(path)).status, path).toBe(401);
    }
    const bad = await employee.get('/api/company_levels/');
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields.level_type).toBeTruthy();
  });
});
