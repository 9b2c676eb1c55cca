import { PRIVATE_PROFILE_FIELDS } from '@atrium/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../../scripts/seed/index';
import { queryRows } from '../src/db/client';
import { users } from '../src/db/schema/index';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let hr: HttpClient;
let employee: HttpClient;
let manager: HttpClient;
let ids: Record<'hr' | 'employee' | 'manager' | 'labsPerson', number>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, { info: () => {} }, new Date('2026-11-20T09:00:00Z'));
  hr = await t.login('hr@demo.test');
  employee = await t.login('employee@demo.test');
  manager = await t.login('manager@demo.test');
  const idOf = async (client: HttpClient) => (await client.get('/api/auth/session/')).body.user.id as number;
  const hrSession = (await hr.get('/api/auth/session/')).body;
  const labs = hrSession.user.companies.find((c: { name: string }) => c.name === 'Demo Labs').id;
  ids = {
    hr: hrSession.user.id,
    employee: await idOf(employee),
    manager: await idOf(manager),
    labsPerson: (await hr.post('/api/users/filter/', { Company: labs })).body.results.find(
      (p: { email: string }) => p.email !== 'hr@demo.test',
    ).id,
  };
  // Give the employee every private field, so that absence means hidden, not empty.
  await t.db
    .update(users)
    .set({
      privateEmail: 'emil@home.test',
      mobilePhone: '+420 600 111 222',
      birthdate: '1992-04-18',
      passportExpiry: '2030-01-01',
      visaExpiry: '2027-01-01',
      residencePermitExpiry: '2028-01-01',
      privateFolder: 'https://files.demo.test/emil',
    })
    .where(eq(users.id, ids.employee));
});
afterAll(() => t?.close());

describe('who sees what of a profile', () => {
  it.each([
    ['the person themself', () => employee, true, 'self'],
    ['HR of their company', () => hr, true, 'hr'],
    ['their manager', () => manager, false, 'none'],
  ] as const)('%s', async (_, viewer, seesPrivate, editMode) => {
    const { status, body } = await viewer().get(`/api/users/${ids.employee}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: ids.employee,
      first_name: 'Emil',
      birthday: '04-18',
      edit_mode: editMode,
    });
    expect(body.can_edit).toBe(editMode !== 'none');
    for (const field of PRIVATE_PROFILE_FIELDS) {
      if (seesPrivate) expect(body[field], field).toBeTruthy();
      else expect(body, field).not.toHaveProperty(field);
    }
    if (!seesPrivate) expect(JSON.stringify(body)).not.toContain('1992');
  });

  it("treats HR of another company as a colleague, and hides a stranger's profile", async () => {
    const labsProfile = await hr.get(`/api/users/${ids.labsPerson}/`);
    expect(labsProfile.status).toBe(200);
    expect(labsProfile.body.edit_mode).toBe('none');
    expect(labsProfile.body).not.toHaveProperty('mobile_phone');
    expect((await employee.get(`/api/users/${ids.labsPerson}/`)).status).toBe(404);
    expect((await employee.get('/api/users/999999/')).status).toBe(404);
    expect((await t.client().get(`/api/users/${ids.employee}/`)).status).toBe(401);
  });
});

describe('the form configuration', () => {
  it('gives groups and fields with what each mode may edit, and choices of selects', async () => {
    const self = (await employee.get('/api/users/form-fields/?mode=self')).body;
    expect(self.groups.map((g: { name: string }) => g.name)).toEqual([
      'general',
      'personal',
      'social',
      'employment',
      'subordination',
    ]);
    const field = (name: string, config = self) =>
      config.fields.find((f: { name: string }) => f.name === name);
    expect(field('about_me')).toMatchObject({ editable: true, visible: true, type: 'text', max_len: 2000 });
    expect(field('first_name')).toMatchObject({ editable: false, required: true });
    expect(field('gender').values.map((v: { name: string }) => v.name)).toEqual(['Male', 'Female']);
    // A status is stored as its code, so the choices are the codes the profile carries.
    expect(field('status').values).toEqual([
      { id: 1, name: 'Online' },
      { id: 2, name: 'Offline' },
      { id: 3, name: 'Illness' },
      { id: 4, name: 'Vacation' },
    ]);
    const hrConfig = (await hr.get('/api/users/form-fields/?mode=hr')).body;
    expect(field('first_name', hrConfig).editable).toBe(true);
    expect(field('dismissal_date', hrConfig).visible).toBe(true);
    expect(field('dismissal_date')).toMatchObject({ visible: false });
  });

  it('names a bad mode and refuses a company the user is not in', async () => {
    const bad = await employee.get('/api/users/form-fields/?mode=admin');
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields.mode).toEqual(['mode is hr, self or create']);
    expect((await employee.get('/api/users/form-fields/?mode=self&company=999')).status).toBe(404);
    expect((await t.client().get('/api/users/form-fields/?mode=self')).status).toBe(401);
  });
});

describe('editing a profile', () => {
  it('lets the owner save self-editable fields of a group', async () => {
    const groups = (await employee.get('/api/users/form-fields/?mode=self')).body.groups;
    const personal = groups.find((g: { name: string }) => g.name === 'personal').id;
    const saved = await employee.post(`/api/users/me_update/?group_id=${personal}`, {
      about_me: 'I fix things.',
      mobile_phone: '+420 777 000 111',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ about_me: 'I fix things.', mobile_phone: '+420 777 000 111' });
    const social = await employee.post('/api/users/me_update/', { social_telegram: '@emil' });
    expect(social.body.social).toMatchObject({ telegram: '@emil' });
    expect(social.body.social_telegram).toBe('@emil');
  });

  it('never writes what the mode may not edit, and refuses unknown keys', async () => {
    const ignored = await employee.post('/api/users/me_update/', {
      first_name: 'Hacker',
      email: 'hr@demo.test',
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ first_name: 'Emil', email: 'employee@demo.test' });
    const refused = await employee.post('/api/users/me_update/', {
      is_active: false,
      groups: [1],
      id: ids.hr,
      about_me: 'x',
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.missing_fields).sort()).toEqual(['groups', 'id', 'is_active']);
    const [row] = await t.db.select().from(users).where(eq(users.id, ids.employee));
    expect(row).toMatchObject({ isActive: true, firstName: 'Emil', aboutMe: 'I fix things.' });
  });

  it('refuses PATCH to anyone but HR of the person’s company', async () => {
    expect((await employee.patch(`/api/users/${ids.employee}/`, { about_me: 'x' })).status).toBe(403);
    expect((await manager.patch(`/api/users/${ids.employee}/`, { about_me: 'x' })).status).toBe(403);
    expect((await hr.patch(`/api/users/${ids.labsPerson}/`, { about_me: 'x' })).status).toBe(403);
    expect((await employee.patch(`/api/users/${ids.labsPerson}/`, { about_me: 'x' })).status).toBe(404);
  });

  it('lets HR edit with the HR configuration, naming each bad field', async () => {
    const saved = await hr.patch(`/api/users/${ids.employee}/`, {
      nickname: 'emo',
      hire_date: '2021-02-01',
      gmt: 2,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ nickname: 'emo', hire_date: '2021-02-01', gmt: 2 });
    const bad = await hr.patch(`/api/users/${ids.employee}/`, {
      first_name: '',
      email: 'manager@demo.test',
      hire_date: '01.02.2021',
      gmt: 20,
      gender: 999999,
      mobile_phone: 'call me',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields).toEqual({
      first_name: ['First name is required'],
      email: ['A user with this e-mail already exists'],
      hire_date: ['Hire date must be a date as yyyy-mm-dd'],
      gmt: ['Time zone (GMT offset) must be at most 14'],
      gender: ['Gender must be one of its choices'],
      mobile_phone: ['Mobile phone must be a phone number such as +1 555 0100'],
    });
    expect((await hr.get(`/api/users/${ids.employee}/`)).body.nickname).toBe('emo');
  });
});

describe('creating a user', () => {
  it('lets HR create one in the active company, who can then log in', async () => {
    const created = await hr.post('/api/users/', {
      first_name: 'Nora',
      last_name: 'Quinn',
      email: 'Nora.Quinn@demo.test',
      hire_date: '2026-12-01',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      first_name: 'Nora',
      email: 'nora.quinn@demo.test',
      company_name: 'Demo Corp',
    });
    const nora = await t.login('nora.quinn@demo.test');
    expect((await nora.get('/api/auth/session/')).body.user.id).toBe(created.body.id);
  });

  it('names the missing General fields and a taken e-mail', async () => {
    const missing = await hr.post('/api/users/', { nickname: 'nobody' });
    expect(missing.status).toBe(422);
    expect(missing.body.missing_fields).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      email: ['E-mail is required'],
    });
    const taken = await hr.post('/api/users/', {
      first_name: 'A',
      last_name: 'B',
      email: 'employee@demo.test',
    });
    expect(taken.body.missing_fields).toEqual({ email: ['A user with this e-mail already exists'] });
  });

  it('is for HR only', async () => {
    expect(
      (await employee.post('/api/users/', { first_name: 'A', last_name: 'B', email: 'x@demo.test' })).status,
    ).toBe(403);
  });
});

describe('setting a status', () => {
  it('lets the person and HR set 1–4, and nobody else', async () => {
    const own = await employee.post(`/api/users/${ids.employee}/status/`, { status: 3, id: ids.employee });
    expect(own.body).toEqual({ id: ids.employee, status: 3 });
    expect((await hr.post(`/api/users/${ids.employee}/status/`, { status: 1 })).status).toBe(200);
    expect((await manager.post(`/api/users/${ids.employee}/status/`, { status: 4 })).status).toBe(403);
    const bad = await employee.post(`/api/users/${ids.employee}/status/`, { status: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.missing_fields.status[0]).toMatch(/1 \(Online\)/);
    expect((await employee.get(`/api/users/${ids.employee}/`)).body.status).toBe(1);
  });
});

describe('HR changing the form', () => {
  it("changes a field for HR's company only, leaving the defaults to other companies", async () => {
    const before = (await hr.get('/api/users/form-fields/?mode=hr')).body;
    const nickname = before.fields.find((f: { name: string }) => f.name === 'nickname');
    // The public config names fields by name; their ids are internal, so the test looks one up.
    const [field] = await queryRows<{ id: number }>(
      t.db,
      sql`select f.id from profile_fields f join profile_field_groups g on g.id = f.group_id
           where g.company_id is null and f.name = 'nickname'`,
    );
    const changed = await hr.patch(`/api/users/form-fields/${field!.id}/`, {
      display_name: 'Alias',
      editable_in: ['hr'],
    });
    expect(changed.status).toBe(200);
    const alias = changed.body.fields.find((f: { name: string }) => f.name === 'nickname');
    expect(alias).toMatchObject({ display_name: 'Alias', editable: true });
    expect(nickname.display_name).toBe('Nickname');
    const self = (await employee.get('/api/users/form-fields/?mode=self')).body;
    expect(self.fields.find((f: { name: string }) => f.name === 'nickname')).toMatchObject({
      display_name: 'Alias',
      editable: false,
    });
    const labs = (await hr.get('/api/auth/session/')).body.user.companies.find(
      (c: { name: string }) => c.name === 'Demo Labs',
    );
    const labsConfig = (await hr.get(`/api/users/form-fields/?mode=self&company=${labs.id}`)).body;
    expect(labsConfig.fields.find((f: { name: string }) => f.name === 'nickname').display_name).toBe(
      'Nickname',
    );
    // The self form no longer lets the employee change it.
    await employee.post('/api/users/me_update/', { nickname: 'changed' });
    expect((await employee.get(`/api/users/${ids.employee}/`)).body.nickname).not.toBe('changed');
  });

  it('is for HR only and names bad values', async () => {
    expect((await employee.patch('/api/users/form-fields/1/', { required: true })).status).toBe(403);
    expect((await hr.patch('/api/users/form-fields/999999/', { required: true })).status).toBe(404);
    const bad = await hr.patch('/api/users/form-fields/1/', { visible_in: ['everyone'], colour: 'red' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.missing_fields).sort()).toEqual(['colour', 'visible_in.0']);
  });
});
