import { GROUP_HR, type ManagerTypeCode } from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../../scripts/seed/index';
import { queryRows } from '../src/db/client';
import {
  dictionaryItems,
  managerLinks,
  type TemplateField,
  taskFiles,
  tasks,
  taskTemplates,
} from '../src/db/schema/index';
import { MAX_UPLOAD_BYTES } from '../src/lib/files';
import { ensureTemplates } from '../src/modules/tasks/default-templates';
import { openTestDatabase } from './database';
import { createAcmeCast } from './fixtures';
import type { HttpClient } from './http-client';
import { aField } from './task-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme: Emma files requests, Bob is her manager, Hana is HR, Sam a colleague with no part in them.
 * Other Ltd: Olga, a stranger to Acme. Both companies have the default templates; Acme also has
 * 'every_field' (a factory form with one optional field of each type), an inactive template, and Other
 * Ltd a template of its own.
 */
let t: TestApp;
let emma: HttpClient;
let bob: HttpClient;
let hana: HttpClient;
let sam: HttpClient;
let olga: HttpClient;
let acme: number;
const id = { emma: 0, bob: 0, hana: 0, sam: 0, olga: 0 };

const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const INVALID = 'Invalid format (PNG, JPG, PDF) or file size too large (up to 2 Mb)';

const colours = [
  { id: 'red', name: 'Red' },
  { id: 2, name: 'Blue' },
];

const EVERY_FIELD: TemplateField[] = [
  aField('string', { position: 0, regex: '[a-z]+', extra: { min_len: 2, max_len: 5 } }),
  aField('text', { position: 1, extra: { max_len: 10 } }),
  aField('email', { position: 2 }),
  aField('phone', { position: 3, mask: '+9 999' }),
  aField('amount', { position: 4, extra: { min: 1, max: 10 } }),
  aField('slider', { position: 5, extra: { min: 0, max: 100 } }),
  aField('range', { position: 6, extra: { min: 0, max: 10 } }),
  aField('toggle', { position: 7 }),
  aField('file', { position: 8, extra: { max: 2 } }),
  aField('date', { position: 9, extra: { min_date: 'today' } }),
  aField('datetime', { position: 10, extra: { max_time: '18:00' } }),
  aField('date_range', { position: 11 }),
  aField('sick_leave_range', { position: 12 }),
  aField('vacation_range', { position: 13 }),
  aField('time', { position: 14, extra: { min_time: '09:00' } }),
  aField('radios', { position: 15, values: colours }),
  aField('checkboxes', { position: 16, values: colours }),
  aField('select', { position: 17, values: colours }),
  aField('multiselect', { position: 18, values: colours, extra: { max: 1 } }),
  aField('autocomplete', { position: 19, values: colours }),
  aField('user_id_picker', { position: 20 }),
  aField('text_block', { position: 21 }),
  aField('heading', { position: 22 }),
];

beforeAll(async () => {
  t = await createTestApp();
  const cast = await createAcmeCast(t);
  ({ acme, emma, bob, hana, sam, olga } = cast);
  Object.assign(id, cast.id);
  const { other } = cast;
  const types = {} as Record<ManagerTypeCode, number>;
  for (const [position, code] of (['manager', 'deputy', 'hrbp', 'extra'] as const).entries()) {
    const [item] = await t.db
      .insert(dictionaryItems)
      .values({ dictionary: 'UserManagerType', code, name: code, position })
      .returning();
    types[code] = item?.id ?? 0;
  }
  await t.db.insert(managerLinks).values([
    { userId: id.emma, managerId: id.bob, managerTypeId: types.manager },
    { userId: id.emma, managerId: id.hana, managerTypeId: types.hrbp },
  ]);
  await ensureTemplates(t.db, acme);
  await ensureTemplates(t.db, other);
  const steps = [
    { name: 'Approval by the manager', role: 'manager' as const },
    { name: 'Approval by HR', role: 'hr' as const },
  ];
  await t.db.insert(taskTemplates).values([
    { companyId: acme, key: 'every_field', name: 'Every field', icon: 'file', form: EVERY_FIELD, steps },
    { companyId: acme, key: 'retired', name: 'Retired form', active: false, form: [], steps },
    { companyId: other, key: 'other_only', name: 'Other form', form: [], steps },
  ]);
});
afterAll(() => t?.close());

/** Sends one file as a browser form does. */
async function upload(client: HttpClient, bytes: Uint8Array, filename: string, type = 'application/pdf') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  const response = await fetch(`${t.baseUrl}/api/tasks/upload/`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: client.cookieHeader(),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function uploadedId(client: HttpClient, name = 'quote.pdf') {
  const response = await upload(client, PDF, name);
  expect(response.status).toBe(201);
  return response.body.id as number;
}

const equipment = (extra: Record<string, unknown> = {}) => ({
  template: 'equipment_request',
  inputParams: {
    equipment: 'laptop',
    reason: 'My laptop is too slow for the build.',
    needed_by: '2026-12-01',
    ...extra,
  },
});

describe('templates', () => {
  it('answers 401 without a session on every endpoint', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    expect((await anonymous.get('/api/tasks/templates/')).status).toBe(401);
    expect((await anonymous.get('/api/tasks/templates/equipment_request/form/')).status).toBe(401);
    expect((await anonymous.post('/api/tasks/factory/', equipment())).status).toBe(401);
    expect((await anonymous.get('/api/tasks/files/1/')).status).toBe(401);
    expect((await upload(anonymous, PDF, 'a.pdf')).status).toBe(401);
  });

  it("lists the active company's active templates, known keys first, then factory ones by name", async () => {
    const response = await emma.get('/api/tasks/templates/');
    expect(response.status).toBe(200);
    const keys = response.body.results.map((template: { key: string }) => template.key);
    expect(keys).toEqual([
      'internal_hospital_staff',
      'internal_hospital_gph',
      'official_sick_leave_approval',
      'business_trip_approval',
      'vacation_approval',
      'leave_at_own_expense_approval',
      'business_card_order',
      'certificate_of_employment',
      'equipment_request',
      'every_field',
    ]);
    expect(response.body.results).toContainEqual({
      key: 'vacation_approval',
      name: 'Vacation',
      icon: null,
      type_key: 24,
      factory: false,
    });
    expect(response.body.results).toContainEqual({
      key: 'equipment_request',
      name: 'Equipment request',
      icon: 'laptop',
      type_key: null,
      factory: true,
    });
    expect(keys).not.toContain('other_only');
  });

  it('serves a form by position with every attribute, today-relative bounds resolved to the day', async () => {
    const response = await emma.get('/api/tasks/templates/equipment_request/form/');
    expect(response.status).toBe(200);
    expect(response.body.template).toMatchObject({ key: 'equipment_request', factory: true });
    const fields = response.body.fields as { name: string; position: number }[];
    expect(fields.map((f) => f.name)).toEqual([
      'equipment',
      'equipment_other',
      'reason',
      'needed_by',
      'quote',
    ]);
    expect(fields.map((f) => f.position)).toEqual([0, 1, 2, 3, 4]);
    expect(fields[1]).toEqual({
      title: 'What do you need?',
      name: 'equipment_other',
      field_type: 'string',
      required: true,
      regex: null,
      mask: null,
      hint: 'Name the item, e.g. a docking station',
      extra: { min_len: 3, max_len: 100 },
      if_field: 'equipment',
      if_field_value: 'other',
      values_url: null,
      values: null,
      position: 1,
      icon: null,
    });
    // The test clock stands at 2026-11-20.
    expect(fields[3]).toMatchObject({ name: 'needed_by', extra: { min_date: '2026-11-20' } });
  });

  it("answers 404 for an unknown, an inactive or another company's template", async () => {
    for (const key of ['no_such', 'retired', 'other_only']) {
      expect((await emma.get(`/api/tasks/templates/${key}/form/`)).status, key).toBe(404);
    }
    expect((await olga.get('/api/tasks/templates/other_only/form/')).status).toBe(200);
  });
});

describe('uploads', () => {
  it('stores a PDF or picture for its uploader, named by the server, the name kept as data', async () => {
    const pdf = await upload(emma, PDF, '../../etc/Quote Q4.pdf');
    expect(pdf).toEqual({
      status: 201,
      body: {
        id: expect.any(Number),
        name: 'Quote Q4.pdf',
        size: PDF.length,
        content_type: 'application/pdf',
      },
    });
    const png = await upload(emma, PNG, 'shot.PNG', 'image/png');
    expect(png.body).toMatchObject({ content_type: 'image/png' });
  });

  it('refuses other bytes under a PDF name, PDF bytes under another name, and files over 2 MB', async () => {
    const text = new TextEncoder().encode('just text');
    expect(await upload(emma, text, 'fake.pdf')).toEqual({ status: 400, body: { error: INVALID } });
    expect(await upload(emma, PDF, 'run.exe')).toEqual({ status: 400, body: { error: INVALID } });
    expect(await upload(emma, PDF, 'noextension')).toEqual({ status: 400, body: { error: INVALID } });
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PDF);
    expect(await upload(emma, big, 'big.pdf')).toEqual({ status: 400, body: { error: INVALID } });
  });

  it('keeps at most 20 uploads waiting for a request, and drops those abandoned for a day', async () => {
    const waiting = [];
    for (let i = 0; i < 20; i++) waiting.push(await uploadedId(sam, `scan${i}.pdf`));
    const refused = await upload(sam, PDF, 'one-more.pdf');
    expect(refused).toEqual({
      status: 400,
      body: { error: 'You have 20 files waiting for a request; submit it first.' },
    });
    const start = t.clock.now();
    try {
      t.clock.advance(25 * 60 * 60 * 1000);
      expect((await upload(sam, PDF, 'next-day.pdf')).status).toBe(201);
      expect((await sam.get(`/api/tasks/files/${waiting[0]}/`)).status).toBe(404);
    } finally {
      t.clock.set(start);
    }
  });

  it('lets only the uploader read an unattached file, with safe headers', async () => {
    const fileId = (await upload(emma, PDF, 'Zahlung für Q4.pdf')).body.id;
    const own = await fetch(`${t.baseUrl}/api/tasks/files/${fileId}/`, {
      headers: { cookie: emma.cookieHeader() },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toBe(
      `inline; filename="Zahlung f_r Q4.pdf"; filename*=UTF-8''Zahlung%20f%C3%BCr%20Q4.pdf`,
    );
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    for (const other of [bob, hana, sam, olga]) {
      expect((await other.get(`/api/tasks/files/${fileId}/`)).status).toBe(404);
    }
  });
});

describe('factory requests', () => {
  it('files a request for the caller whatever the body says, attaches its files, and notifies the manager', async () => {
    const quote = await uploadedId(emma);
    const mails = t.smtp.mails.length;
    const response = await emma.post('/api/tasks/factory/', {
      ...equipment({ quote: [quote], equipment_other: 'ignored while hidden' }),
      manager: id.sam,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(Number), chat: expect.any(Number) });
    const [request] = await t.db.select().from(tasks).where(eq(tasks.id, response.body.id));
    expect(request).toMatchObject({
      managerId: id.emma,
      userId: id.emma,
      isGroup: true,
      name: 'Equipment request',
      chatId: response.body.chat,
      inputParams: {
        equipment: 'laptop',
        reason: 'My laptop is too slow for the build.',
        needed_by: '2026-12-01',
        quote: [quote],
      },
    });
    const [file] = await t.db.select().from(taskFiles).where(eq(taskFiles.id, quote));
    expect(file?.taskId).toBe(response.body.id);
    const creator = await emma.get('/api/tasks/?view=creator');
    expect(creator.status).toBe(200);
    expect(creator.body.results.map((row: { id: number }) => row.id)).toContain(response.body.id);
    await expect.poll(() => t.smtp.mails.slice(mails).flatMap((mail) => mail.to)).toContain('bob@acme.test');
  });

  it('lets the participants, the manager and HR read an attached file, and nobody else', async () => {
    const quote = await uploadedId(emma);
    const created = await emma.post('/api/tasks/factory/', equipment({ quote: [quote] }));
    expect(created.status).toBe(201);
    for (const reader of [emma, bob, hana]) {
      expect((await reader.get(`/api/tasks/files/${quote}/`)).status).toBe(200);
    }
    for (const stranger of [sam, olga]) {
      expect((await stranger.get(`/api/tasks/files/${quote}/`)).status).toBe(404);
    }
    const detail = await bob.get(`/api/tasks/${created.body.id}/`);
    expect(detail.body.inputs).toContainEqual({
      name: 'quote',
      title: 'Quote',
      text: 'quote.pdf',
      files: [{ id: quote, name: 'quote.pdf', size: PDF.length, url: `/api/tasks/files/${quote}/` }],
    });
    expect(detail.body.inputs).toContainEqual({
      name: 'needed_by',
      title: 'Needed by',
      text: '01.12.2026',
      files: [],
    });
  });

  it('refuses a file of another user, and a file already used by a request', async () => {
    const bobs = await uploadedId(bob);
    const refused = await emma.post('/api/tasks/factory/', equipment({ quote: [bobs] }));
    expect(refused.status).toBe(422);
    expect(refused.body.missing_fields).toEqual({ quote: [`Quote: upload the files again (${bobs})`] });

    const once = await uploadedId(emma);
    expect((await emma.post('/api/tasks/factory/', equipment({ quote: [once] }))).status).toBe(201);
    const twice = await emma.post('/api/tasks/factory/', equipment({ quote: [once] }));
    expect(twice.status).toBe(422);
    expect(twice.body.missing_fields.quote).toEqual([`Quote: upload the files again (${once})`]);
  });

  it('gives a file to exactly one of two requests submitted at once', async () => {
    const shared = await uploadedId(emma);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(tasks);
    const answers = await Promise.all([
      emma.post('/api/tasks/factory/', equipment({ quote: [shared] })),
      emma.post('/api/tasks/factory/', equipment({ quote: [shared] })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(tasks);
    // One request with its two steps; the refused one left nothing behind.
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(3);
  });

  it('requires a conditional field only while it is shown, and drops it when hidden', async () => {
    const shown = await emma.post('/api/tasks/factory/', equipment({ equipment: 'other' }));
    expect(shown.status).toBe(422);
    expect(shown.body.missing_fields).toEqual({ equipment_other: ['What do you need? is required'] });
    const filled = await emma.post(
      '/api/tasks/factory/',
      equipment({ equipment: 'other', equipment_other: '  Docking station ' }),
    );
    expect(filled.status).toBe(201);
    const [request] = await t.db.select().from(tasks).where(eq(tasks.id, filled.body.id));
    expect(request?.inputParams.equipment_other).toBe('Docking station');
    const hidden = await emma.post('/api/tasks/factory/', equipment({ equipment_other: 12 }));
    expect(hidden.status).toBe(201);
    const [plain] = await t.db.select().from(tasks).where(eq(tasks.id, hidden.body.id));
    expect(plain?.inputParams).not.toHaveProperty('equipment_other');
  });

  it('names every failing field of a form at once, unknown keys included', async () => {
    const response = await emma.post('/api/tasks/factory/', {
      template: 'equipment_request',
      inputParams: { reason: 'short', needed_by: '2026-11-19', bonus: 1 },
    });
    expect(response.status).toBe(422);
    expect(response.body.missing_fields).toEqual({
      equipment: ['Equipment is required'],
      reason: ['Reason must be at least 10 characters'],
      needed_by: ['Needed by must be on or after 20.11.2026'],
      bonus: ['bonus is not a field of this form'],
    });
  });

  it('refuses the known templates, which have their own forms, and unknown or foreign ones', async () => {
    const known = await emma.post('/api/tasks/factory/', {
      template: 'vacation_approval',
      inputParams: { from_date: '2026-12-01', to_date: '2026-12-05' },
    });
    expect(known.status).toBe(422);
    expect(known.body.missing_fields).toEqual({ template: ['Vacation has its own request form'] });
    for (const template of ['no_such', 'retired', 'other_only']) {
      const response = await emma.post('/api/tasks/factory/', { template, inputParams: {} });
      expect(response.status, template).toBe(422);
      expect(response.body.missing_fields).toEqual({ template: ['There is no such request template'] });
    }
  });

  const BAD: [string, unknown, string][] = [
    ['string', 'a', 'The string must be at least 2 characters'],
    ['string', 'abcdef', 'The string must be at most 5 characters'],
    ['string', 'ab1', 'The string has an invalid format'],
    ['text', 'x'.repeat(11), 'The text must be at most 10 characters'],
    ['email', 'not-an-address', 'The email must be a valid e-mail address'],
    ['phone', '+12 34', 'The phone must match +9 999'],
    ['amount', 11, 'The amount must be at most 10'],
    ['amount', '5', 'The amount must be a number'],
    ['slider', 101, 'The slider must be at most 100'],
    ['range', [3, 11], 'The range must be at most 10'],
    ['range', [5, 2], 'The range must not start after its end'],
    ['toggle', 'on', 'The toggle must be yes or no'],
    ['file', [999_999], 'The file: upload the files again (999999)'],
    ['date', '2026-11-19', 'The date must be on or after 20.11.2026'],
    ['date', '2026-02-29', 'The date must be a valid date'],
    ['datetime', '2026-11-21 19:00', 'The datetime must be at or before 18:00'],
    ['date_range', ['2026-12-01'], 'The date_range needs a start and an end date'],
    ['sick_leave_range', ['2026-12-05', '2026-12-01'], 'The sick_leave_range must not start after its end'],
    ['vacation_range', ['2026-12-01', null], 'The vacation_range needs a start and an end date'],
    ['time', '08:30', 'The time must be at or after 09:00'],
    ['radios', 'green', 'The radios: choose one of the offered values'],
    ['checkboxes', ['red', 'green'], 'The checkboxes: choose among the offered values'],
    ['select', 'green', 'The select: choose one of the offered values'],
    ['multiselect', ['red', 2], 'The multiselect: choose at most 1'],
    ['autocomplete', 3, 'The autocomplete: choose one of the offered values'],
    ['user_id_picker', -1, 'The user_id_picker must be a colleague of your company'],
  ];
  it.each(BAD)('refuses %s = %j over HTTP', async (name, value, message) => {
    const response = await emma.post('/api/tasks/factory/', {
      template: 'every_field',
      inputParams: { [name]: value },
    });
    expect(response.status).toBe(422);
    expect(response.body.missing_fields).toEqual({ [name]: [message] });
  });

  it('refuses a user picker naming someone of another company', async () => {
    const response = await emma.post('/api/tasks/factory/', {
      template: 'every_field',
      inputParams: { user_id_picker: id.olga },
    });
    expect(response.body.missing_fields).toEqual({
      user_id_picker: ['The user_id_picker must be a colleague of your company'],
    });
  });

  it('accepts a value of every type and shows them readably in the detail', async () => {
    const files = [await uploadedId(emma, 'a.pdf'), await uploadedId(emma, 'b.pdf')];
    const response = await emma.post('/api/tasks/factory/', {
      template: 'every_field',
      inputParams: {
        string: 'abc',
        text: 'hello',
        email: 'x@acme.test',
        phone: '+1 234',
        amount: 3,
        slider: 40,
        range: [2, 8],
        toggle: true,
        file: files,
        date: '2026-11-20',
        datetime: '2026-11-21 10:15:00',
        date_range: ['2026-12-01', '2026-12-03'],
        sick_leave_range: ['2026-12-01', '2026-12-01'],
        vacation_range: ['2026-12-07', '2026-12-11'],
        time: '09:30',
        radios: '2',
        checkboxes: ['red', 2],
        select: 'red',
        multiselect: [2],
        autocomplete: 'red',
        user_id_picker: id.sam,
      },
    });
    expect(response.status).toBe(201);
    const detail = await emma.get(`/api/tasks/${response.body.id}/`);
    const text = Object.fromEntries(
      (detail.body.inputs as { name: string; text: string }[]).map((input) => [input.name, input.text]),
    );
    expect(text).toMatchObject({
      toggle: 'Yes',
      file: 'a.pdf, b.pdf',
      date: '20.11.2026',
      datetime: '21.11.2026 10:15',
      date_range: '01.12.2026 – 03.12.2026',
      radios: 'Blue',
      checkboxes: 'Red, Blue',
      range: '2 – 8',
      user_id_picker: String(id.sam),
    });
    expect(Object.keys(text)).not.toContain('heading');
  });
});

describe('the seed', () => {
  it('gives every company the templates and the demo accounts a handful of requests in varied states, once', async () => {
    const database = await openTestDatabase();
    try {
      const now = new Date('2026-03-18T09:00:00Z');
      const options = { users: 80, companies: 2, now, log: { info: () => {} } };
      await seed(database.db, options);
      const templates = await queryRows<{ company_id: number; n: number; factory: number }>(
        database.db,
        sql`select company_id, count(*)::int as n, count(*) filter (where factory)::int as factory
              from task_templates group by company_id order by company_id`,
      );
      expect(templates).toEqual([
        { company_id: 1, n: 9, factory: 3 },
        { company_id: 2, n: 9, factory: 3 },
      ]);
      const requests = await queryRows<{
        email: string;
        template: string;
        state: string;
        waiting_for: string | null;
        overdue: boolean;
      }>(
        database.db,
        sql`select u.email, tt.key as template,
                   case when r.canceled then 'rejected' when r.completed then 'completed' else 'open' end as state,
                   (select w.email from tasks s join users w on w.id = s.user_id
                     where s.parent_task_id = r.id and s.start_at is not null
                       and not s.completed and not s.canceled and not s.skipped) as waiting_for,
                   coalesce(r.sla_at <= ${now}, false) as overdue
              from tasks r join users u on u.id = r.manager_id join task_templates tt on tt.id = r.template_id
             where r.is_group order by r.created_at`,
      );
      const emils = requests.filter((r) => r.email === 'employee@demo.test');
      expect(emils.map(({ template, state, waiting_for }) => [template, state, waiting_for])).toEqual([
        ['business_card_order', 'completed', null],
        ['equipment_request', 'rejected', null],
        ['certificate_of_employment', 'open', 'hr@demo.test'],
        ['equipment_request', 'open', 'manager@demo.test'],
      ]);
      const teammates = requests.filter((r) => r.email !== 'employee@demo.test');
      expect(teammates).toHaveLength(3);
      expect(teammates.every((r) => r.state === 'open' && r.waiting_for === 'manager@demo.test')).toBe(true);
      expect(teammates.filter((r) => r.overdue)).toHaveLength(1);
      const [attached] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(taskFiles)
        .where(and(sql`${taskFiles.taskId} is not null`));
      expect(attached?.n).toBe(1);

      // Emil's latest request, filed while Helen already held a step and other HR held none, still goes
      // to Maya and then Helen.
      const [hr] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from user_groups where company_id = 1 and group_id = ${GROUP_HR}`,
      );
      expect(hr?.n).toBeGreaterThan(1);
      const routed = await queryRows<{ p: number; email: string }>(
        database.db,
        sql`select s.p, u.email from tasks s join users u on u.id = s.user_id
             where s.parent_task_id = (select max(id) from tasks where is_group and manager_id =
                   (select id from users where email = 'employee@demo.test'))
             order by s.p`,
      );
      expect(routed.map((step) => step.email)).toEqual(['manager@demo.test', 'hr@demo.test']);

      await seed(database.db, options);
      const [again] = await queryRows<{ n: number; templates: number }>(
        database.db,
        sql`select (select count(*)::int from tasks where is_group) as n, (select count(*)::int from task_templates) as templates`,
      );
      expect(again).toEqual({ n: 7, templates: 18 });
    } finally {
      await database.close();
    }
  });
});
