import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../../scripts/seed/index';
import { queryRows } from '../src/db/client';
import { companies, users } from '../src/db/schema/index';
import { canSetCompetencyLevel } from '../src/modules/competencies/policy';
import type { Standing } from '../src/modules/managers/policy';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * On the seeded demo: Emil (employee@) has three competencies set; Maya (manager@) is his colleague;
 * Helen (hr@) is HR of Demo Corp and a plain member of Demo Labs; a Demo Labs person is a stranger.
 */
let t: TestApp;
let hr: HttpClient;
let employee: HttpClient;
let colleague: HttpClient;
let stranger: HttpClient;
let emil: number;
let labs: number;
let labsPerson: number;

type Level = { id: number; name: string; level: number; description: string };
type Entry = { competency: { id: number; name: string }; levels: Level[]; level: Level | null };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, { info: () => {} }, new Date('2026-11-20T09:00:00Z'));
  const [labsRow] = await t.db.select().from(companies).where(eq(companies.name, 'Demo Labs'));
  labs = labsRow!.id;
  const [labsUser] = await t.db
    .select()
    .from(users)
    .where(and(eq(users.companyId, labs), ne(users.email, 'hr@demo.test')))
    .orderBy(users.id)
    .limit(1);
  labsPerson = labsUser!.id;
  hr = await t.login('hr@demo.test');
  employee = await t.login('employee@demo.test');
  colleague = await t.login('manager@demo.test');
  stranger = await t.login(labsUser!.email);
  emil = (await employee.get('/api/auth/session/')).body.user.id;
});
afterAll(() => t?.close());

/** Competency name → the person's level name (or null), from get_levels. */
const levelsByName = (results: Entry[]) =>
  Object.fromEntries(results.map((entry) => [entry.competency.name, entry.level?.name ?? null]));

async function levelsOf(user: number, client = employee) {
  const response = await client.get(`/api/competencies/get_levels/?user_id=${user}`);
  expect(response.status).toBe(200);
  return response.body.results as Entry[];
}

/** The id of a level of one of Emil's company's competencies. */
async function levelId(competency: string, level: string) {
  const entry = (await levelsOf(emil)).find((e) => e.competency.name === competency);
  return entry!.levels.find((l) => l.name === level)!.id;
}

async function anonymous() {
  const client = t.client();
  await client.csrf();
  return client;
}

describe('competency policy', () => {
  const standing = (over: Partial<Standing>): Standing => ({
    person: { id: 1, companyId: 1 },
    isSelf: false,
    isHr: false,
    ...over,
  });
  it('lets the person themself and HR of their company set levels, not colleagues', () => {
    expect(canSetCompetencyLevel(standing({ isSelf: true }))).toBe(true);
    expect(canSetCompetencyLevel(standing({ isHr: true }))).toBe(true);
    expect(canSetCompetencyLevel(standing({}))).toBe(false);
  });
});

describe('GET /api/competencies/', () => {
  it("lists the active company's competencies in name order, each with four levels", async () => {
    const response = await employee.get('/api/competencies/');
    expect(response.status).toBe(200);
    const results = response.body.results as { name: string; levels: Level[] }[];
    expect(results.map((c) => c.name)).toEqual([
      'Communication',
      'Customer focus',
      'Leadership',
      'Project management',
      'SQL',
      'TypeScript',
    ]);
    for (const competency of results) {
      expect(competency.levels.map((l) => [l.level, l.name])).toEqual([
        [1, 'Novice'],
        [2, 'Intermediate'],
        [3, 'Advanced'],
        [4, 'Expert'],
      ]);
      expect(competency.levels.every((l) => l.description.length > 10)).toBe(true);
    }
  });

  it("shows a company's competencies to its members only", async () => {
    const ofLabs = await hr.get(`/api/competencies/?company=${labs}`);
    expect(ofLabs.status).toBe(200);
    expect(ofLabs.body.results).toHaveLength(6);
    expect((await employee.get(`/api/competencies/?company=${labs}`)).status).toBe(404);
    expect((await t.client().get('/api/competencies/')).status).toBe(401);
    const bad = await employee.get('/api/competencies/?company=labs');
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields).toEqual({ company: ['company must be an id'] });
  });
});

describe('GET /api/competencies/get_levels/', () => {
  it("gives each competency of the person's company with the person's level or null", async () => {
    const results = await levelsOf(emil);
    expect(levelsByName(results)).toEqual({
      Communication: 'Intermediate',
      'Customer focus': null,
      Leadership: null,
      'Project management': null,
      SQL: 'Intermediate',
      TypeScript: 'Advanced',
    });
    const typescript = results.find((e) => e.competency.name === 'TypeScript')!;
    expect(typescript.levels).toHaveLength(4);
    expect(typescript.level).toEqual(typescript.levels[2]);
  });

  it('is readable by colleagues and hidden from other companies', async () => {
    expect(levelsByName(await levelsOf(emil, colleague))).toEqual(levelsByName(await levelsOf(emil)));
    expect((await stranger.get(`/api/competencies/get_levels/?user_id=${emil}`)).status).toBe(404);
    expect((await employee.get(`/api/competencies/get_levels/?user_id=${labsPerson}`)).status).toBe(404);
    expect((await t.client().get(`/api/competencies/get_levels/?user_id=${emil}`)).status).toBe(401);
    const missing = await employee.get('/api/competencies/get_levels/');
    expect(missing.status).toBe(422);
    expect(missing.body.missing_fields).toEqual({ user_id: ['user_id is required'] });
  });
});

describe('POST /api/competencies/set_level/', () => {
  const set = (client: HttpClient, body: object) => client.post('/api/competencies/set_level/', body);

  it('lets the person set their own level, replacing the old one, and answers their levels', async () => {
    const response = await set(employee, {
      competency_level_id: await levelId('TypeScript', 'Expert'),
      user_id: emil,
    });
    expect(response.status).toBe(200);
    expect(levelsByName(response.body.results).TypeScript).toBe('Expert');
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from user_competencies uc join competencies c on c.id = uc.competency_id
          where uc.user_id = ${emil} and c.name = 'TypeScript'`,
    );
    expect(row?.n).toBe(1);
  });

  it('lets HR of the person’s company set it, not a colleague', async () => {
    const body = { competency_level_id: await levelId('Leadership', 'Novice'), user_id: emil };
    expect((await set(colleague, body)).status).toBe(403);
    expect(levelsByName(await levelsOf(emil)).Leadership).toBeNull();
    const byHr = await set(hr, body);
    expect(byHr.status).toBe(200);
    expect(levelsByName(byHr.body.results).Leadership).toBe('Novice');
  });

  it('removes a level with remove: true', async () => {
    const response = await set(employee, {
      competency_level_id: await levelId('SQL', 'Novice'),
      user_id: emil,
      remove: true,
    });
    expect(response.status).toBe(200);
    expect(levelsByName(response.body.results).SQL).toBeNull();
  });

  it("refuses a level of another company's competency, naming the field", async () => {
    const labsLevel = (await hr.get(`/api/competencies/?company=${labs}`)).body.results[0].levels[0].id;
    const response = await set(employee, { competency_level_id: labsLevel, user_id: emil });
    expect(response.status).toBe(422);
    expect(response.body.missing_fields).toEqual({
      competency_level_id: ["There is no such level in the person's company"],
    });
    // Helen is only a member of Demo Labs: there she is a colleague like any other.
    expect((await set(hr, { competency_level_id: labsLevel, user_id: labsPerson })).status).toBe(403);
  });

  it('hides people of other companies and names bad input', async () => {
    const level = await levelId('SQL', 'Expert');
    expect((await set(stranger, { competency_level_id: level, user_id: emil })).status).toBe(404);
    expect((await set(await anonymous(), { competency_level_id: level, user_id: emil })).status).toBe(401);
    const missing = await set(employee, { competency_level_id: null, remove: 'yes' });
    expect(missing.status).toBe(422);
    expect(missing.body.missing_fields).toEqual({
      competency_level_id: ['Competency level is required'],
      user_id: ['User is required'],
      remove: ['remove must be true or false'],
    });
  });
});

describe('the seeded competencies', () => {
  it('give a good share of people levels, in one to four competencies', async () => {
    const [share] = await queryRows<{ people: number; with_levels: number; most: number }>(
      t.db,
      sql`select (select count(*)::int from users) as people,
                 count(*)::int as with_levels, max(n)::int as most
            from (select user_id, count(*) as n from user_competencies group by user_id) per_person`,
    );
    expect(share!.with_levels / share!.people).toBeGreaterThan(0.4);
    expect(share!.with_levels / share!.people).toBeLessThan(0.8);
    expect(share!.most).toBeLessThanOrEqual(4);
  });
});
