import { GROUP_HR, GROUP_USER, type ManagerTypeCode } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryItems, users } from '../src/db/schema/index';
import { canManageSubordination, type Standing } from '../src/modules/managers/policy';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme: HR, a colleague and a few people to link; HR of Globex who is also a member of Acme; a stranger
 * at Globex only. The four manager types as the seed writes them.
 */
let t: TestApp;
let hr: HttpClient;
let colleague: HttpClient;
let outsideHr: HttpClient;
let stranger: HttpClient;
type Person =
  | 'hr'
  | 'colleague'
  | 'ann'
  | 'ben'
  | 'cid'
  | 'dan'
  | 'eve'
  | 'fay'
  | 'gus'
  | 'gone'
  | 'outsideHr'
  | 'stranger'
  | 'globexPeer';
const id = {} as Record<Person, number>;
const typeId = {} as Record<ManagerTypeCode, number>;
const TYPES: [ManagerTypeCode, string][] = [
  ['manager', 'Manager'],
  ['deputy', 'Deputy'],
  ['hrbp', 'HR business partner'],
  ['extra', 'Extra manager'],
];

beforeAll(async () => {
  t = await createTestApp();
  const acme = (await createCompany(t.db, 'Acme')).id;
  const globex = (await createCompany(t.db, 'Globex')).id;
  for (const [position, [code, name]] of TYPES.entries()) {
    const [item] = await t.db
      .insert(dictionaryItems)
      .values({ dictionary: 'UserManagerType', code, name, position })
      .returning();
    typeId[code] = item!.id;
  }
  const person = async (key: Person, options: Partial<Parameters<typeof createUser>[1]> = {}) => {
    const user = await createUser(t.db, {
      companyId: acme,
      email: `${key.toLowerCase()}@acme.test`,
      ...options,
    });
    id[key] = user.id;
  };
  await person('hr', { groups: [GROUP_HR, GROUP_USER] });
  await person('colleague');
  for (const key of ['ann', 'ben', 'cid', 'dan', 'eve', 'fay', 'gus'] as const) await person(key);
  await person('gone', { isActive: false });
  await person('outsideHr', { companyId: globex, groups: [GROUP_HR, GROUP_USER], alsoIn: [acme] });
  await person('stranger', { companyId: globex, email: 'stranger@globex.test' });
  await person('globexPeer', { companyId: globex });
  hr = await t.login('hr@acme.test');
  colleague = await t.login('colleague@acme.test');
  outsideHr = await t.login('outsidehr@acme.test');
  stranger = await t.login('stranger@globex.test');
});
afterAll(() => t?.close());

/** A browser with a CSRF token but no session. */
async function anonymous() {
  const client = t.client();
  await client.csrf();
  return client;
}

const link = (user: number, manager: number, managerType: number) =>
  hr.post('/api/managers/', { user, manager, manager_type: managerType });
const managersOf = async (user: number, client = hr) => {
  const response = await client.get(`/api/managers/?user_id=${user}`);
  expect(response.status).toBe(200);
  return response.body.results as { id: number; manager: { id: number }; manager_type: { code: string } }[];
};
const pairs = (links: Awaited<ReturnType<typeof managersOf>>) =>
  links.map((l) => [l.manager_type.code, l.manager.id]);

describe('subordination policy', () => {
  const standing = (over: Partial<Standing>): Standing => ({
    person: { id: 1, companyId: 1 },
    isSelf: false,
    isHr: false,
    ...over,
  });
  it('lets only HR of the person’s company change who manages them', () => {
    expect(canManageSubordination(standing({ isHr: true }))).toBe(true);
    expect(canManageSubordination(standing({ isSelf: true }))).toBe(false);
    expect(canManageSubordination(standing({}))).toBe(false);
  });
});

describe('GET /api/managers/manager_types/', () => {
  it('lists the UserManagerType items in their order, to colleagues', async () => {
    const response = await colleague.get(`/api/managers/manager_types/?user_id=${id.ann}`);
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      { id: typeId.manager, name: 'Manager', code: 'manager' },
      { id: typeId.deputy, name: 'Deputy', code: 'deputy' },
      { id: typeId.hrbp, name: 'HR business partner', code: 'hrbp' },
      { id: typeId.extra, name: 'Extra manager', code: 'extra' },
    ]);
  });

  it('hides people of other companies and names a bad user_id', async () => {
    expect((await stranger.get(`/api/managers/manager_types/?user_id=${id.ann}`)).status).toBe(404);
    const missing = await hr.get('/api/managers/manager_types/');
    expect(missing.status).toBe(422);
    expect(missing.body.missing_fields).toEqual({ user_id: ['user_id is required'] });
    expect((await t.client().get(`/api/managers/manager_types/?user_id=${id.ann}`)).status).toBe(401);
  });
});

describe('GET /api/managers/', () => {
  it("lists a person's managers: manager, deputy, hrbp, extra, with their job position", async () => {
    expect(await managersOf(id.eve)).toEqual([]);
    await t.db.update(users).set({ avatar: '/avatars/gus.png' }).where(eq(users.id, id.gus));
    for (const [manager, code] of [
      [id.fay, 'extra'],
      [id.hr, 'hrbp'],
      [id.gus, 'extra'],
      [id.dan, 'deputy'],
      [id.fay, 'manager'],
    ] as const) {
      expect((await link(id.eve, manager, typeId[code])).status).toBe(201);
    }
    const links = await managersOf(id.eve, colleague);
    expect(pairs(links)).toEqual([
      ['manager', id.fay],
      ['deputy', id.dan],
      ['hrbp', id.hr],
      ['extra', id.fay],
      ['extra', id.gus],
    ]);
    expect(links[4]).toEqual({
      id: expect.any(Number),
      user: id.eve,
      manager: {
        id: id.gus,
        first_name: expect.any(String),
        last_name: expect.any(String),
        avatar: '/avatars/gus.png',
        job_position_name: 'N/A',
      },
      manager_type: { id: typeId.extra, name: 'Extra manager', code: 'extra' },
    });
  });

  it('is for colleagues only', async () => {
    expect((await outsideHr.get(`/api/managers/?user_id=${id.eve}`)).status).toBe(200);
    expect((await stranger.get(`/api/managers/?user_id=${id.eve}`)).status).toBe(404);
    expect((await hr.get(`/api/managers/?user_id=${id.globexPeer}`)).status).toBe(404);
    expect((await hr.get('/api/managers/?user_id=999999')).status).toBe(404);
    expect((await t.client().get(`/api/managers/?user_id=${id.eve}`)).status).toBe(401);
    const bad = await hr.get('/api/managers/?user_id=ann');
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields).toEqual({ user_id: ['user_id must be an id'] });
  });
});

describe('POST /api/managers/', () => {
  it('creates a link and answers it with 201', async () => {
    const response = await link(id.ann, id.ben, typeId.deputy);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      user: id.ann,
      manager: { id: id.ben },
      manager_type: { code: 'deputy' },
    });
    expect(pairs(await managersOf(id.ann))).toEqual([['deputy', id.ben]]);
  });

  it('is for HR of the person’s own company only', async () => {
    const body = { user: id.cid, manager: id.ben, manager_type: typeId.extra };
    expect((await colleague.post('/api/managers/', body)).status).toBe(403);
    expect((await outsideHr.post('/api/managers/', body)).status).toBe(403);
    expect((await stranger.post('/api/managers/', body)).status).toBe(404);
    expect((await hr.post('/api/managers/', { ...body, user: id.globexPeer })).status).toBe(404);
    expect((await (await anonymous()).post('/api/managers/', body)).status).toBe(401);
    expect((await hr.post('/api/managers/', body, { 'x-csrftoken': 'forged' })).status).toBe(403);
    expect(await managersOf(id.cid)).toEqual([]);
  });

  it('requires the manager and the manager type, naming them', async () => {
    const response = await hr.post('/api/managers/', { user: id.cid, manager: null, manager_type: '' });
    expect(response.status).toBe(422);
    expect(response.body.missing_fields).toEqual({
      manager: ['Manager is required'],
      manager_type: ['Manager type is required'],
    });
    const unknown = await hr.post('/api/managers/', { user: id.cid, manager: id.ben, extra: 1 });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.missing_fields).sort()).toEqual(['extra', 'manager_type']);
  });

  it('takes the manager from the same company, active, and never the person themself', async () => {
    const refused = async (manager: number, managerType = typeId.manager) => {
      const response = await link(id.cid, manager, managerType);
      expect(response.status).toBe(422);
      return response.body.missing_fields;
    };
    expect(await refused(id.cid)).toEqual({ manager: ['A person cannot be their own manager'] });
    const sameCompany = { manager: ['The manager must be an active member of the same company'] };
    expect(await refused(id.globexPeer)).toEqual(sameCompany);
    expect(await refused(id.outsideHr)).toEqual(sameCompany);
    expect(await refused(id.gone)).toEqual(sameCompany);
    expect(await refused(999999)).toEqual(sameCompany);
    expect(await refused(id.ben, 999999)).toEqual({ manager_type: ['There is no such manager type'] });
    expect(await managersOf(id.cid)).toEqual([]);
  });

  it('keeps one manager, deputy and hrbp per person: a new one replaces the old', async () => {
    for (const code of ['manager', 'deputy', 'hrbp'] as const) {
      expect((await link(id.dan, id.ben, typeId[code])).status).toBe(201);
      expect((await link(id.dan, id.cid, typeId[code])).status).toBe(201);
    }
    expect(pairs(await managersOf(id.dan))).toEqual([
      ['manager', id.cid],
      ['deputy', id.cid],
      ['hrbp', id.cid],
    ]);
  });

  it('allows several extra managers, but not the same one twice', async () => {
    expect((await link(id.fay, id.ben, typeId.extra)).status).toBe(201);
    expect((await link(id.fay, id.cid, typeId.extra)).status).toBe(201);
    const twice = await link(id.fay, id.ben, typeId.extra);
    expect(twice.status).toBe(422);
    expect(twice.body.missing_fields).toEqual({ manager: ['This person is already an extra manager'] });
    expect(pairs(await managersOf(id.fay))).toEqual([
      ['extra', id.ben],
      ['extra', id.cid],
    ]);
  });

  it('refuses a cycle of direct managers, and only of direct managers', async () => {
    // gus → hr → colleague: gus is managed by hr, hr by colleague.
    expect((await link(id.gus, id.hr, typeId.manager)).status).toBe(201);
    expect((await link(id.hr, id.colleague, typeId.manager)).status).toBe(201);
    for (const [user, manager] of [
      [id.colleague, id.gus],
      [id.colleague, id.hr],
      [id.hr, id.gus],
    ] as const) {
      const cycle = await link(user, manager, typeId.manager);
      expect(cycle.status).toBe(422);
      expect(cycle.body.missing_fields).toEqual({ manager: ['This would make a cycle of managers'] });
    }
    expect((await link(id.colleague, id.gus, typeId.deputy)).status).toBe(201);
    // Replacing hr's manager by someone below neither is no cycle.
    expect((await link(id.hr, id.ben, typeId.manager)).status).toBe(201);
  });
});

describe('DELETE /api/managers/{id}/', () => {
  it('removes a link for HR of the person’s company only', async () => {
    const created = (await link(id.ben, id.ann, typeId.extra)).body;
    expect((await colleague.delete(`/api/managers/${created.id}/`)).status).toBe(403);
    expect((await outsideHr.delete(`/api/managers/${created.id}/`)).status).toBe(403);
    expect((await stranger.delete(`/api/managers/${created.id}/`)).status).toBe(404);
    expect((await (await anonymous()).delete(`/api/managers/${created.id}/`)).status).toBe(401);
    expect(await managersOf(id.ben)).toHaveLength(1);
    const removed = await hr.delete(`/api/managers/${created.id}/`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(await managersOf(id.ben)).toEqual([]);
    expect((await hr.delete(`/api/managers/${created.id}/`)).status).toBe(404);
    const bad = await hr.delete('/api/managers/x/');
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields.id).toEqual(['id must be an id']);
  });
});
