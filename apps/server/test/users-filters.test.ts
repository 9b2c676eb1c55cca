import { eq } from 'drizzle-orm';
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
 * Three people who differ in every filterable field: each filter key, given Ann's value, must keep Ann
 * and drop the others.
 */
let t: TestApp;
let viewer: HttpClient;
let companyId: number;
const ann: Record<string, number> = {};
const id: Record<string, number> = {};

const DICTIONARY_KEYS = {
  location: ['UserLocation', 'locationId'],
  gender: ['Gender', 'genderId'],
  grade: ['grade', 'gradeId'],
  legalEntity: ['legal_entity', 'legalEntityId'],
  employmentType: ['job_format', 'employmentTypeId'],
  jobPosition: ['UserJobPosition', 'jobPositionId'],
  jobPositionOfficial: ['job_position', 'jobPositionOfficialId'],
  shoeSize: ['foot_size', 'shoeSizeId'],
  clothingSize: ['clothing_size', 'clothingSizeId'],
  nutrition: ['nutrition', 'nutritionId'],
  statusVisible: ['UserStatusVisible', 'statusVisibleId'],
  specialEvent: ['UserSpecialEvent', 'specialEventId'],
} as const;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db, 'Filters Inc')).id;
  const [level1] = await t.db
    .insert(levelTypes)
    .values({ companyId, name: 'Division', depth: 1 })
    .returning();
  const [level3] = await t.db.insert(levelTypes).values({ companyId, name: 'Team', depth: 3 }).returning();
  const node = async (name: string, levelTypeId: number, parentId: number | null = null) => {
    const [row] = await t.db
      .insert(departments)
      .values({ companyId, name, levelTypeId, parentId })
      .returning();
    return row!.id;
  };
  id.divA = await node('Division A', level1!.id);
  id.divB = await node('Division B', level1!.id);
  id.teamA = await node('Team A', level3!.id, id.divA);
  id.teamB = await node('Team B', level3!.id, id.divB);
  const [managerType] = await t.db
    .insert(dictionaryItems)
    .values({ dictionary: 'UserManagerType', code: 'manager', name: 'Manager' })
    .returning();
  const [deputyType] = await t.db
    .insert(dictionaryItems)
    .values({ dictionary: 'UserManagerType', code: 'deputy', name: 'Deputy' })
    .returning();
  id.managerType = managerType!.id;
  id.deputyType = deputyType!.id;

  const person = async (key: string, values: Partial<typeof users.$inferInsert>) => {
    const user = await createUser(t.db, { companyId, email: `${key}@filters.test`, firstName: key });
    await t.db.update(users).set(values).where(eq(users.id, user.id));
    id[key] = user.id;
  };
  const dictionaryValues: Record<string, Partial<typeof users.$inferInsert>> = { ann: {}, ben: {} };
  for (const [key, [dictionary, column]] of Object.entries(DICTIONARY_KEYS)) {
    for (const who of ['ann', 'ben']) {
      const [item] = await t.db
        .insert(dictionaryItems)
        .values({ dictionary, companyId, name: `${key} ${who}` })
        .returning();
      (dictionaryValues[who] as Record<string, number>)[column] = item!.id;
      if (who === 'ann') ann[key] = item!.id;
    }
  }
  await person('ann', {
    ...dictionaryValues.ann,
    status: 3,
    dms: true,
    birthdate: '1990-03-15',
    divisionId: id.divA,
    departmentId: id.teamA,
  });
  await person('ben', {
    ...dictionaryValues.ben,
    status: 1,
    dms: false,
    birthdate: '1985-07-03',
    divisionId: id.divB,
    departmentId: id.teamB,
  });
  await person('boss', { status: 1, birthdate: '1970-12-01' });
  await t.db.insert(managerLinks).values([
    { userId: id.ann!, managerId: id.boss!, managerTypeId: id.managerType },
    { userId: id.ben!, managerId: id.boss!, managerTypeId: id.deputyType },
  ]);
  await t.db.insert(absences).values([
    {
      companyId,
      userId: id.ann!,
      kind: 'vacation',
      status: 'approved',
      fromDate: '2026-12-01',
      toDate: '2026-12-10',
    },
    {
      companyId,
      userId: id.ben!,
      kind: 'vacation',
      status: 'pending',
      fromDate: '2026-12-01',
      toDate: '2026-12-10',
    },
    {
      companyId,
      userId: id.ben!,
      kind: 'sick_leave',
      status: 'approved',
      fromDate: '2026-11-28',
      toDate: '2026-12-02',
    },
  ]);
  viewer = await t.login('boss@filters.test');
});
afterAll(() => t?.close());

async function found(body: object): Promise<string[]> {
  const response = await viewer.post('/api/users/filter/', body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results.map((r: { first_name: string }) => r.first_name).sort();
}

describe('every directory filter narrows the list', () => {
  it('keeps everyone with no filter', async () => {
    expect(await found({})).toEqual(['ann', 'ben', 'boss']);
  });

  it.each(Object.keys(DICTIONARY_KEYS))('%s, as one id and as a list', async (key) => {
    expect(await found({ [key]: ann[key] })).toEqual(['ann']);
    expect(await found({ [key]: [ann[key], 999_999] })).toEqual(['ann']);
  });

  it('status, birthMonth (whatever the year) and dms', async () => {
    expect(await found({ status: 3 })).toEqual(['ann']);
    expect(await found({ status: [1] })).toEqual(['ben', 'boss']);
    expect(await found({ birthMonth: 3 })).toEqual(['ann']);
    expect(await found({ birthMonth: [7, 12] })).toEqual(['ben', 'boss']);
    expect(await found({ dms: true })).toEqual(['ann']);
  });

  it('division, department, groups, their capitalised twins and company_departments', async () => {
    expect(await found({ division: id.divA })).toEqual(['ann']);
    expect(await found({ Division: [id.divB] })).toEqual(['ben']);
    expect(await found({ department: id.teamA })).toEqual(['ann']);
    expect(await found({ Department: id.teamB })).toEqual(['ben']);
    expect(await found({ groups: [id.teamA] })).toEqual(['ann']);
    expect(await found({ company_departments: id.divA })).toEqual(['ann']);
  });

  it('company and Company, only among companies the viewer belongs to', async () => {
    expect(await found({ company: companyId })).toEqual(['ann', 'ben', 'boss']);
    expect(await found({ Company: [companyId] })).toEqual(['ann', 'ben', 'boss']);
    const stranger = await createCompany(t.db, 'Elsewhere');
    await createUser(t.db, { companyId: stranger.id, firstName: 'eve' });
    expect(await found({ Company: stranger.id })).toEqual([]);
  });

  it('Manager, managers_for and ManagerType', async () => {
    expect(await found({ Manager: id.boss })).toEqual(['ann', 'ben']);
    expect(await found({ Manager: id.boss, ManagerType: id.managerType })).toEqual(['ann']);
    expect(await found({ managers_for: [id.ann] })).toEqual(['boss']);
    expect(await found({ managers_for: id.ben, ManagerType: id.managerType })).toEqual([]);
  });

  it('vacation and sick-leave periods: approved absences overlapping the dates', async () => {
    expect(await found({ vacation_from_date: '2026-12-01', vacation_to_date: '2026-12-31' })).toEqual([
      'ann',
    ]);
    expect(await found({ vacation_from_date: '2026-12-11', vacation_to_date: '2026-12-31' })).toEqual([]);
    expect(await found({ sick_leave_from_date: '2026-11-01', sick_leave_to_date: '2026-11-30' })).toEqual([
      'ben',
    ]);
    expect(await found({ vacation_to_date: '2026-11-30' })).toEqual([]);
    expect(
      await found({
        vacation_from_date: '2026-12-01',
        vacation_to_date: '2026-12-31',
        sick_leave_from_date: '2026-12-01',
      }),
    ).toEqual(['ann', 'ben']);
  });

  it('q and ids', async () => {
    expect(await found({ q: 'BEN' })).toEqual(['ben']);
    expect(await found({ ids: [id.ann, id.boss] })).toEqual(['ann', 'boss']);
  });

  it('special_order puts the given people first, in that order', async () => {
    const response = await viewer.post('/api/users/filter/', { special_order: [id.boss, id.ben] });
    expect(response.body.results.map((r: { first_name: string }) => r.first_name)).toEqual([
      'boss',
      'ben',
      'ann',
    ]);
  });

  it('combines keys: all must hold', async () => {
    expect(await found({ status: [1, 3], dms: true, division: [id.divA, id.divB] })).toEqual(['ann']);
  });
});

describe('what the filter drops and what it refuses', () => {
  it('drops falsy values: null, 0, empty strings, false and empty lists', async () => {
    expect(
      await found({ status: null, grade: 0, q: '', dms: false, location: [], gender: [null, 0, ''] }),
    ).toEqual(['ann', 'ben', 'boss']);
    expect(await found({ vacation_from_date: '', sick_leave_to_date: null })).toEqual(['ann', 'ben', 'boss']);
  });

  it.each([
    [{ colour: 'red' }, 'colour', /Unknown field/],
    [{ status: 'online' }, 'status', /id/],
    [{ grade: { id: 1 } }, 'grade', /.+/],
    [{ birthMonth: 13 }, 'birthMonth', /1 to 12/],
    [{ status: 5 }, 'status', /1 to 4/],
    [{ dms: 'yes' }, 'dms', /.+/],
    [{ vacation_from_date: '01.12.2026' }, 'vacation_from_date', /yyyy-mm-dd/],
    [{ ids: [1, 2.5] }, 'ids', /id/],
    [{ q: 'x'.repeat(201) }, 'q', /too long/],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const response = await viewer.post('/api/users/filter/', body);
    expect(response.status).toBe(400);
    expect(response.body.missing_fields[field]?.[0]).toMatch(message);
  });

  it('never puts private fields in a list row', async () => {
    await t.db
      .update(users)
      .set({ privateEmail: 'ann@home.test', mobilePhone: '+100' })
      .where(eq(users.id, id.ann!));
    const response = await viewer.post('/api/users/filter/', { ids: id.ann });
    const row = response.body.results[0];
    for (const field of [
      'private_email',
      'mobile_phone',
      'birthdate',
      'passport_expiry',
      'visa_expiry',
      'residence_permit_expiry',
    ]) {
      expect(row).not.toHaveProperty(field);
    }
    expect(response.text).not.toContain('ann@home.test');
  });
});
