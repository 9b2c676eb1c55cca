import { GROUP_HR, GROUP_USER, type ManagerTypeCode } from '@atrium/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictionaryItems, tasks } from '../src/db/schema/index';
import { writeAudit } from '../src/lib/audit';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createManagerTypes, createTemplate, fileRequest } from './task-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme: Emil (employee), Maya (his manager to be), Carl (a colleague), Hanna (HR). Globex: Sam (a
 * stranger) and Gina, HR of Globex who is also a member of Acme (a colleague there, not its HR).
 */
let t: TestApp;
let acme: number;
let globex: number;
type Person = 'emil' | 'maya' | 'carl' | 'hanna' | 'sam' | 'gina';
const id = {} as Record<Person, number>;
const as = {} as Record<Person, HttpClient>;
let types: Record<ManagerTypeCode, number>;
let gender: { male: number; female: number };
let approval: number;

type Change = { field: string; before: unknown; after: unknown };
type Entry = {
  id: number;
  at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  actor: { id: number; full_name: string } | null;
  changes: Change[];
};

beforeAll(async () => {
  t = await createTestApp();
  acme = (await createCompany(t.db, 'Acme')).id;
  globex = (await createCompany(t.db, 'Globex')).id;
  types = await createManagerTypes(t.db);
  const people: [Person, string, string, number, number[], number[]][] = [
    ['emil', 'Emil', 'Novak', acme, [GROUP_USER], []],
    ['maya', 'Maya', 'Chen', acme, [GROUP_USER], []],
    ['carl', 'Carl', 'Wood', acme, [GROUP_USER], []],
    ['hanna', 'Hanna', 'Berg', acme, [GROUP_HR, GROUP_USER], []],
    ['sam', 'Sam', 'Gray', globex, [GROUP_USER], []],
    ['gina', 'Gina', 'Fox', globex, [GROUP_HR, GROUP_USER], [acme]],
  ];
  for (const [key, firstName, lastName, companyId, groups, alsoIn] of people) {
    id[key] = (
      await createUser(t.db, { companyId, email: `${key}@example.test`, firstName, lastName, groups, alsoIn })
    ).id;
  }
  const [male, female] = await t.db
    .insert(dictionaryItems)
    .values([
      { dictionary: 'Gender', name: 'Male', position: 0 },
      { dictionary: 'Gender', name: 'Female', position: 1 },
    ])
    .returning({ id: dictionaryItems.id });
  gender = { male: male!.id, female: female!.id };
  approval = (
    await createTemplate(t.db, {
      companyId: acme,
      name: 'Equipment request',
      steps: [{ name: 'Approval by Maya', role: 'user', userId: id.maya }],
    })
  ).id;
  for (const key of Object.keys(id) as Person[]) as[key] = await t.login(`${key}@example.test`);
});
afterAll(() => t?.close());

/** The first page of a person's log as Hanna (HR of Acme) reads it. */
async function logOf(person: number, page = 1) {
  const response = await as.hanna.get(`/api/audit/?user_id=${person}&page=${page}`);
  expect(response.status).toBe(200);
  return response.body as { count: number; next: string | null; results: Entry[] };
}
const latest = async (person: number) => (await logOf(person)).results[0] as Entry;
const countOf = async (person: number) => (await logOf(person)).count;

describe('profile edits', () => {
  it('logs who changed which fields of a profile, with each value before and after, and nothing unchanged', async () => {
    t.clock.set('2026-11-20T10:00:00Z');
    const saved = await as.hanna.patch(`/api/users/${id.emil}/`, {
      first_name: 'Emil',
      nickname: 'emo',
      hire_date: '2021-02-01',
      gender: gender.male,
    });
    expect(saved.status).toBe(200);

    const entry = await latest(id.emil);
    expect(entry).toMatchObject({
      action: 'user.update',
      entity: 'user',
      entity_id: String(id.emil),
      at: '2026-11-20T10:00:00.000Z',
      actor: { id: id.hanna, full_name: 'Hanna Berg' },
    });
    // Labels as the profile form names the fields; a dictionary choice by its name; first_name was sent
    // but did not change, so it is not there.
    expect(entry.changes).toEqual([
      { field: 'Nickname', before: null, after: 'emo' },
      { field: 'Hire date', before: null, after: '2021-02-01' },
      { field: 'Gender', before: null, after: 'Male' },
    ]);
    // Stored by form field name, the raw value (an id) kept.
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(row).toMatchObject({
      companyId: acme,
      actorId: id.hanna,
      subjectUserId: id.emil,
      before: { nickname: null, hire_date: null, gender: null },
      after: { nickname: 'emo', hire_date: '2021-02-01', gender: gender.male },
    });
  });

  it('logs only the changed field of a later edit, from its old value to the new one', async () => {
    const before = await countOf(id.emil);
    t.clock.set('2026-11-20T11:00:00Z');
    expect(
      (await as.hanna.patch(`/api/users/${id.emil}/`, { nickname: 'emo', gender: gender.female })).status,
    ).toBe(200);
    const entry = await latest(id.emil);
    expect(entry.changes).toEqual([{ field: 'Gender', before: 'Male', after: 'Female' }]);
    expect(await countOf(id.emil)).toBe(before + 1);
  });

  it("logs the owner's own edits, social fields by their network's label", async () => {
    t.clock.set('2026-11-20T12:00:00Z');
    const saved = await as.emil.post('/api/users/me_update/', {
      about_me: 'I fix things.',
      social_telegram: '@emil',
    });
    expect(saved.status).toBe(200);
    const entry = await latest(id.emil);
    expect(entry.actor).toEqual({ id: id.emil, full_name: 'Emil Novak' });
    expect(entry.changes).toEqual([
      { field: 'About me', before: null, after: 'I fix things.' },
      { field: 'Telegram', before: null, after: '@emil' },
    ]);
  });

  it('writes nothing for a save that changes nothing or is refused', async () => {
    const before = await countOf(id.emil);
    expect((await as.hanna.patch(`/api/users/${id.emil}/`, { nickname: 'emo' })).status).toBe(200);
    const refused = await as.hanna.patch(`/api/users/${id.emil}/`, { nickname: 'new', hire_date: 'soon' });
    expect(refused.status).toBe(422);
    expect((await as.carl.patch(`/api/users/${id.emil}/`, { nickname: 'carl was here' })).status).toBe(403);
    expect(await countOf(id.emil)).toBe(before);
  });
});

describe('user creation', () => {
  it('logs the new profile with the fields it was created with, by HR', async () => {
    t.clock.set('2026-11-20T13:00:00Z');
    const created = await as.hanna.post('/api/users/', {
      first_name: 'Nora',
      last_name: 'Quinn',
      email: 'Nora.Quinn@example.test',
      hire_date: '2026-12-01',
    });
    expect(created.status).toBe(201);
    const log = await logOf(created.body.id);
    expect(log.count).toBe(1);
    expect(log.results[0]).toMatchObject({
      action: 'user.create',
      entity: 'user',
      entity_id: String(created.body.id),
      actor: { id: id.hanna, full_name: 'Hanna Berg' },
    });
    expect(log.results[0]?.changes).toEqual([
      { field: 'First name', before: null, after: 'Nora' },
      { field: 'Last name', before: null, after: 'Quinn' },
      { field: 'E-mail', before: null, after: 'nora.quinn@example.test' },
      { field: 'Hire date', before: null, after: '2026-12-01' },
    ]);
  });
});

describe('role changes: who manages whom', () => {
  it('logs a manager set, replaced and removed, each person by name', async () => {
    t.clock.set('2026-11-20T14:00:00Z');
    const set = await as.hanna.post('/api/managers/', {
      user: id.emil,
      manager: id.maya,
      manager_type: types.manager,
    });
    expect(set.status).toBe(201);
    expect(await latest(id.emil)).toMatchObject({
      action: 'manager.add',
      entity: 'manager',
      actor: { id: id.hanna },
      changes: [{ field: 'Manager', before: null, after: 'Maya Chen' }],
    });

    const replaced = await as.hanna.post('/api/managers/', {
      user: id.emil,
      manager: id.carl,
      manager_type: types.manager,
    });
    expect(replaced.status).toBe(201);
    expect((await latest(id.emil)).changes).toEqual([
      { field: 'Manager', before: 'Maya Chen', after: 'Carl Wood' },
    ]);

    expect((await as.hanna.delete(`/api/managers/${replaced.body.id}/`)).status).toBe(204);
    expect(await latest(id.emil)).toMatchObject({
      action: 'manager.remove',
      entity_id: String(replaced.body.id),
      changes: [{ field: 'Manager', before: 'Carl Wood', after: null }],
    });
  });

  it('writes nothing for a refused manager change', async () => {
    const before = await countOf(id.emil);
    // A cycle and a colleague's attempt are both refused.
    expect(
      (await as.carl.post('/api/managers/', { user: id.emil, manager: id.maya, manager_type: types.deputy }))
        .status,
    ).toBe(403);
    expect(
      (
        await as.hanna.post('/api/managers/', {
          user: id.emil,
          manager: id.emil,
          manager_type: types.manager,
        })
      ).status,
    ).toBe(422);
    expect(await countOf(id.emil)).toBe(before);
  });
});

describe('request decisions', () => {
  async function emilsRequest(name: string) {
    const created = await fileRequest(t, {
      companyId: acme,
      templateId: approval,
      requesterId: id.emil,
      name,
    });
    const [step] = await t.db.select().from(tasks).where(eq(tasks.parentTaskId, created.id));
    return { request: created.id, step: step!.id };
  }

  it("logs an approval with the person the request is for, by the step's assignee", async () => {
    const { request, step } = await emilsRequest('A new laptop');
    t.clock.set('2026-11-20T15:00:00Z');
    expect((await as.maya.post(`/api/tasks/${step}/approve/`, { comment: 'Fine by me' })).status).toBe(200);
    expect(await latest(id.emil)).toEqual({
      id: expect.any(Number),
      at: '2026-11-20T15:00:00.000Z',
      action: 'task.approve',
      entity: 'task',
      entity_id: String(request),
      actor: { id: id.maya, full_name: 'Maya Chen' },
      changes: [
        { field: 'Request', before: null, after: 'A new laptop' },
        { field: 'Step', before: null, after: 'Approval by Maya' },
        { field: 'Comment', before: null, after: 'Fine by me' },
      ],
    });
    // A second decision on the closed step is refused, and rolled back with its log entry.
    const before = await countOf(id.emil);
    expect((await as.maya.post(`/api/tasks/${step}/approve/`)).status).toBe(409);
    expect(await countOf(id.emil)).toBe(before);
  });

  it('logs a rejection, without a comment when none was given', async () => {
    const { request, step } = await emilsRequest('A second monitor');
    t.clock.set('2026-11-20T16:00:00Z');
    expect((await as.maya.post(`/api/tasks/${step}/reject/`)).status).toBe(200);
    expect(await latest(id.emil)).toMatchObject({
      action: 'task.reject',
      entity_id: String(request),
      actor: { id: id.maya },
      changes: [
        { field: 'Request', before: null, after: 'A second monitor' },
        { field: 'Step', before: null, after: 'Approval by Maya' },
      ],
    });
  });

  it('writes nothing when someone other than the assignee tries to decide', async () => {
    const { step } = await emilsRequest('A chair');
    const before = await countOf(id.emil);
    expect((await as.hanna.post(`/api/tasks/${step}/approve/`)).status).toBe(403);
    expect((await as.emil.post(`/api/tasks/${step}/reject/`)).status).toBe(403);
    expect(await countOf(id.emil)).toBe(before);
  });
});

describe('who may read the log', () => {
  it('answers HR of the person’s company, newest first, and keeps it out of caches', async () => {
    const response = await as.hanna.get(`/api/audit/?user_id=${id.emil}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const times = (response.body.results as Entry[]).map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each([
    ['the person themself', 'emil', 'emil', 403],
    ['a colleague', 'carl', 'emil', 403],
    ["the person's manager", 'maya', 'emil', 403],
    ['HR of another company who is a member of this one', 'gina', 'emil', 403],
    ['a stranger', 'sam', 'emil', 404],
    ['HR, about a person of another company', 'hanna', 'sam', 404],
  ] as const)('refuses %s', async (_, viewer, person, status) => {
    const response = await as[viewer].get(`/api/audit/?user_id=${id[person]}`);
    expect(response.status).toBe(status);
    expect(response.body).not.toHaveProperty('results');
  });

  it('answers 404 for nobody, 401 without a session and names a missing or bad parameter', async () => {
    expect((await as.hanna.get('/api/audit/?user_id=999999')).status).toBe(404);
    expect((await t.client().get(`/api/audit/?user_id=${id.emil}`)).status).toBe(401);
    const missing = await as.hanna.get('/api/audit/');
    expect(missing.status).toBe(422);
    expect(missing.body.missing_fields.user_id).toEqual(['user_id is required']);
    const badPage = await as.hanna.get(`/api/audit/?user_id=${id.emil}&page=0`);
    expect(badPage.status).toBe(422);
    expect(badPage.body.missing_fields).toHaveProperty('page');
  });
});

describe('paging', () => {
  it('gives 20 entries a page, newest first, with the next page of the same person, and only this company’s', async () => {
    const person = (await createUser(t.db, { companyId: acme, firstName: 'Paul', lastName: 'Page' })).id;
    const start = Date.parse('2026-10-01T00:00:00Z');
    await t.db.transaction(async (tx) => {
      await writeAudit(
        tx,
        ...Array.from({ length: 45 }, (_, n) => ({
          action: 'user.update' as const,
          companyId: acme,
          actorId: id.hanna,
          subjectUserId: person,
          entityId: person,
          before: { nickname: `v${n}` },
          after: { nickname: `v${n + 1}` },
          // Written out of order: the log is ordered by when, not by insertion.
          at: new Date(start + ((n * 7) % 45) * 60_000),
        })),
        // Another company's record about the same person is not Acme HR's to read.
        {
          action: 'user.update' as const,
          companyId: globex,
          actorId: null,
          subjectUserId: person,
          entityId: person,
          after: { nickname: 'elsewhere' },
          at: new Date(start + 3_600_000),
        },
      );
    });

    const first = await logOf(person, 1);
    expect(first.count).toBe(45);
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe(`/api/audit/?user_id=${person}&page=2`);
    const second = await logOf(person, 2);
    const third = await logOf(person, 3);
    expect(second.results).toHaveLength(20);
    expect(third.results).toHaveLength(5);
    expect(third.next).toBeNull();

    const all = [...first.results, ...second.results, ...third.results];
    expect(new Set(all.map((entry) => entry.id)).size).toBe(45);
    const minutes = all.map((entry) => (Date.parse(entry.at) - start) / 60_000);
    expect(minutes).toEqual(Array.from({ length: 45 }, (_, n) => 44 - n));
    expect(all.some((entry) => entry.changes.some((change) => change.after === 'elsewhere'))).toBe(false);
    // The server itself (no actor) reads as null; this one is Hanna.
    expect(all[0]?.actor).toEqual({ id: id.hanna, full_name: 'Hanna Berg' });
    expect((await logOf(person, 4)).results).toEqual([]);
  });
});

describe('document actions', () => {
  it('reads as the same log, a category by its name', async () => {
    const [category] = await t.db
      .insert(dictionaryItems)
      .values({ dictionary: 'StorageCategory', companyId: acme, name: 'Contracts' })
      .returning({ id: dictionaryItems.id });
    const created = await as.hanna.post('/api/storage/', {
      title: 'Employment contract',
      user_id: id.emil,
      category: category!.id,
    });
    expect(created.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, id.emil), eq(auditLog.action, 'document.create')))
      .orderBy(desc(auditLog.id));
    expect(await latest(id.emil)).toMatchObject({
      id: row?.id,
      action: 'document.create',
      entity: 'document',
      changes: [
        { field: 'Title', before: null, after: 'Employment contract' },
        { field: 'Category', before: null, after: 'Contracts' },
        { field: 'Type', before: null, after: null },
      ],
    });
  });
});
