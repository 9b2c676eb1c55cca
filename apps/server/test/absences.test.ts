import type { AddressInfo } from 'node:net';
import { GROUP_HR, GROUP_USER, type ManagerTypeCode } from '@atrium/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { absences, companies, holidays, tasks, users, vacationLog } from '../src/db/schema/index';
import { createMailer } from '../src/lib/mail';
import { ensureAccruals, loadLedgerPerson } from '../src/modules/absences/balance';
import { refreshAbsenceStatuses } from '../src/modules/absences/effects';
import { ensureTemplates } from '../src/modules/tasks/default-templates';
import { createCompany, createUser } from './fixtures';
import { HttpClient } from './http-client';
import { createManagerTypes, linkManager } from './task-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme (28 vacation days a year; Christmas Day a holiday, Saturday 26 December a worked day): Emil,
 * hired 1 January 2026, whose manager is Maya and HR business partner Hanna (HR); Ben, hired 1
 * September, the same; Carl, a colleague. Globex: Sam, its HR. The clock stands on Friday 2026-11-20.
 */
let t: TestApp;
let acme: number;
type Person = 'emil' | 'ben' | 'maya' | 'hanna' | 'carl' | 'sam';
const id = {} as Record<Person, number>;
const as = {} as Record<Person, HttpClient>;
let types: Record<ManagerTypeCode, number>;
const NOW = '2026-11-20T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  acme = (await createCompany(t.db, 'Acme')).id;
  const globex = (await createCompany(t.db, 'Globex')).id;
  await t.db.update(companies).set({ vacationAllowance: 28 }).where(eq(companies.id, acme));
  await t.db.insert(holidays).values([
    { companyId: acme, date: '2026-12-25', name: 'Christmas Day', vacation: true },
    { companyId: acme, date: '2026-12-26', name: 'Worked Saturday', vacation: false },
    { companyId: globex, date: '2026-12-24', name: 'Globex holiday', vacation: true },
  ]);
  types = await createManagerTypes(t.db);
  await ensureTemplates(t.db, acme);
  const people: [Person, number, number[], string | null][] = [
    ['emil', acme, [GROUP_USER], '2026-01-01'],
    ['ben', acme, [GROUP_USER], '2026-09-01'],
    ['maya', acme, [GROUP_USER], null],
    ['hanna', acme, [GROUP_HR, GROUP_USER], null],
    ['carl', acme, [GROUP_USER], null],
    ['sam', globex, [GROUP_HR, GROUP_USER], null],
  ];
  for (const [key, companyId, groups, hireDate] of people) {
    id[key] = (
      await createUser(t.db, { companyId, email: `${key}@example.test`, firstName: key, groups })
    ).id;
    await t.db.update(users).set({ hireDate }).where(eq(users.id, id[key]));
  }
  for (const who of [id.emil, id.ben]) {
    await linkManager(t.db, types, who, id.maya, 'manager');
    await linkManager(t.db, types, who, id.hanna, 'hrbp');
  }
  for (const key of Object.keys(id) as Person[]) as[key] = await t.login(`${key}@example.test`);
});
afterAll(() => t?.close());

async function available(client: HttpClient, query = '') {
  const response = await client.get(`/api/absences/available/?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.count_days as number;
}

async function absenceOfTask(taskId: number) {
  const [row] = await t.db.select().from(absences).where(eq(absences.taskId, taskId));
  return row;
}

const minusEntries = (userId: number) =>
  t.db
    .select()
    .from(vacationLog)
    .where(and(eq(vacationLog.userId, userId), eq(vacationLog.type, 'minus')));

describe('anonymous callers', () => {
  it.each([
    ['get', '/api/absences/count-days/?from_date=2026-12-01&to_date=2026-12-02'],
    ['get', '/api/absences/available/'],
    ['post', '/api/absences/vacation/'],
    ['post', '/api/absences/own-expense/'],
    ['post', '/api/absences/business-trip/'],
    ['post', '/api/absences/sick-leave/'],
    ['get', '/api/user_vars/values/'],
    ['get', '/api/user_vars/1/history/'],
  ])('%s %s answers 401', async (method, path) => {
    const client = t.client();
    await client.csrf();
    const body = { from_date: '2026-12-01', to_date: '2026-12-02' };
    const response = method === 'get' ? await client.get(path) : await client.post(path, body);
    expect(response.status).toBe(401);
  });
});

describe('day count', () => {
  it('a vacation over a public holiday counts one day less; a moved working day changes nothing', async () => {
    const vacation = await as.emil.get(
      '/api/absences/count-days/?from_date=2026-12-21&to_date=2026-12-27&kind=vacation',
    );
    expect(vacation.body).toEqual({ count_days: 6 });
    const sick = await as.emil.get(
      '/api/absences/count-days/?from_date=2026-12-21&to_date=2026-12-27&kind=sick_leave',
    );
    expect(sick.body).toEqual({ count_days: 7 });
  });
  it('counts by the person’s own company, for the person, their manager and HR only', async () => {
    const query = `from_date=2026-12-21&to_date=2026-12-27&user_id=${id.emil}`;
    expect((await as.maya.get(`/api/absences/count-days/?${query}`)).body).toEqual({ count_days: 6 });
    expect((await as.hanna.get(`/api/absences/count-days/?${query}`)).status).toBe(200);
    expect((await as.carl.get(`/api/absences/count-days/?${query}`)).status).toBe(403);
    expect((await as.sam.get(`/api/absences/count-days/?${query}`)).status).toBe(404);
  });
});

describe('balance', () => {
  it('is the allowance earned month by month since the hire date', async () => {
    // January to November: 11 × 2.33.
    expect(await available(as.emil)).toBe(25.63);
    // By 1 December one more month is earned.
    expect(await available(as.emil, 'date=2026-12-01')).toBe(27.96);
    // Ben, hired 1 September: September to November.
    expect(await available(as.ben)).toBe(6.99);
  });

  it('writes each monthly accrual once, whatever the number of calls, processes or restarts', async () => {
    const accruals = () =>
      t.db
        .select()
        .from(vacationLog)
        .where(and(eq(vacationLog.userId, id.emil), isNotNull(vacationLog.accrualMonth)));
    const person = await loadLedgerPerson(t.db, id.emil);
    if (!person) throw new Error('no person');
    // Two readers at once over HTTP, and two more "processes" calling the ledger directly.
    await Promise.all([
      available(as.emil),
      available(as.maya, `user_id=${id.emil}`),
      ensureAccruals(t.db, person, t.clock.now()),
      ensureAccruals(t.db, person, t.clock.now()),
    ]);
    expect((await accruals()).length).toBe(11);
    const months = (await accruals()).map((row) => row.accrualMonth);
    expect(new Set(months).size).toBe(11);
    // A second server process on the same database, reading the same balance, writes nothing more.
    const config = loadConfig({ SMTP_URL: t.smtp.url, LOG_LEVEL: 'silent', DEMO: '0' });
    const log = pino({ level: 'silent' });
    const mailer = createMailer({ smtpUrl: t.smtp.url, from: config.mailFrom, log });
    const second = await buildApp({ db: t.db, mailer, clock: t.clock, config, events: t.events });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const emil = await t.login('emil@example.test', new HttpClient(base));
      expect(await available(emil)).toBe(25.63);
    } finally {
      await second.close();
    }
    expect((await accruals()).length).toBe(11);
    // A restart later in the month writes nothing new; the next month writes one row.
    await ensureAccruals(t.db, person, new Date('2026-11-30T23:00:00Z'));
    expect((await accruals()).length).toBe(11);
    await ensureAccruals(t.db, person, new Date('2026-12-01T00:00:00Z'));
    await ensureAccruals(t.db, person, new Date('2026-12-02T00:00:00Z'));
    expect((await accruals()).length).toBe(12);
    await t.db
      .delete(vacationLog)
      .where(and(eq(vacationLog.userId, id.emil), eq(vacationLog.accrualMonth, '2026-12-01')));
    // A month missing between the first and the last (removed by hand) is written again.
    await t.db
      .delete(vacationLog)
      .where(and(eq(vacationLog.userId, id.emil), eq(vacationLog.accrualMonth, '2026-06-01')));
    expect((await accruals()).length).toBe(10);
    expect(await available(as.emil)).toBe(25.63);
    expect((await accruals()).map((row) => row.accrualMonth)).toContain('2026-06-01');
    expect((await accruals()).length).toBe(11);
  });

  it('sick leave and other kinds have no balance: the days left in the year are answered', async () => {
    expect(await available(as.emil, 'kind=sick_leave&date=2026-12-01')).toBe(31);
  });
});

describe('vacation requests', () => {
  const post = (client: HttpClient, from_date: string, to_date: string) =>
    client.post('/api/absences/vacation/', { from_date, to_date });

  it.each([
    ['2026-11-19', '2026-11-25', 'from_date', /past/],
    ['2026-12-10', '2026-12-09', 'to_date', /before the start/],
    ['2026-02-30', '2026-12-09', 'from_date', /real day/],
    ['2026-12-01', '2027-01-31', 'count_days', /^Not enough vacation days: 27\.96 available$/],
  ])('%s → %s is refused on %s', async (from, to, field, message) => {
    const response = await post(as.emil, from, to);
    expect(response.status).toBe(422);
    expect(response.body.missing_fields[field].join(' ')).toMatch(message);
  });

  it('today is allowed as the first day', async () => {
    const response = await post(as.carl, '2026-11-20', '2026-11-20');
    // Carl has no hire date: January to November of this year.
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  });

  let held: number;
  it('files the approval request and holds its days while pending', async () => {
    const response = await post(as.emil, '2026-12-21', '2026-12-27');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    held = response.body.id;
    expect(response.body.chat).toEqual(expect.any(Number));
    const absence = await absenceOfTask(held);
    expect(absence).toMatchObject({ kind: 'vacation', status: 'pending', countDays: 6, userId: id.emil });
    const [request] = await t.db.select().from(tasks).where(eq(tasks.id, held));
    expect(request?.inputParams).toMatchObject({
      from_date: '2026-12-21',
      to_date: '2026-12-27',
      count_days: 6,
    });
    expect(await available(as.emil)).toBe(19.63);
  });

  it('refuses a period overlapping a pending absence', async () => {
    const response = await post(as.emil, '2026-12-27', '2026-12-29');
    expect(response.status).toBe(422);
    expect(response.body.missing_fields.from_date[0]).toMatch(/2026-12-21 to 2026-12-27/);
  });

  it('a rejection refunds nothing: the absence is rejected, its days free again', async () => {
    const rejected = await as.maya.post(`/api/tasks/${held}/reject/`, { comment: 'Busy week' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await absenceOfTask(held))?.status).toBe('rejected');
    expect(await minusEntries(id.emil)).toEqual([]);
    expect(await available(as.emil)).toBe(25.63);
    // The period is free again.
    expect((await post(as.emil, '2026-12-27', '2026-12-27')).status).toBe(201);
  });

  it('completion writes the minus entry and the vacation shows as approved', async () => {
    const response = await post(as.emil, '2026-12-21', '2026-12-26');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const request = response.body.id;
    expect((await as.maya.post(`/api/tasks/${request}/approve/`, {})).status).toBe(200);
    expect((await absenceOfTask(request))?.status).toBe('pending');
    expect((await as.hanna.post(`/api/tasks/${request}/approve/`, {})).status).toBe(200);
    expect((await absenceOfTask(request))?.status).toBe('approved');
    const minus = await minusEntries(id.emil);
    expect(minus).toEqual([
      expect.objectContaining({
        value: 5,
        countDays: 5,
        fromDate: '2026-12-21',
        toDate: '2026-12-26',
        showAt: '2026-12-21',
      }),
    ]);
    // 25.63 − 5 used − 1 still pending (27 December).
    expect(await available(as.emil)).toBe(19.63);
    const directory = await as.carl.post('/api/users/filter/', {
      vacation_from_date: '2026-12-22',
      vacation_to_date: '2026-12-22',
    });
    expect(directory.body.results.map((row: { id: number }) => row.id)).toEqual([id.emil]);

    const vars = await as.emil.get('/api/user_vars/values/');
    expect(vars.body.results).toEqual([
      expect.objectContaining({
        name: 'Vacation days',
        type: 'diff',
        value: 19.63,
        total: 25.63,
        unit: 'day',
      }),
      expect.objectContaining({ name: 'Used vacation days', type: 'add', value: 5, total: 25.63 }),
    ]);
    const history = await as.emil.get(
      `/api/user_vars/${id.emil}/history/?page=1&page_size=50&user_var_type=vacation`,
    );
    expect(history.body.count).toBe(12);
    expect(history.body.results[0]).toMatchObject({ type: 'minus', event: 'Vacation', count_days: 5 });
    expect(history.body.results[1]).toMatchObject({
      type: 'plus',
      event: 'Monthly accrual',
      show_at: '2026-11-01',
    });
    const paged = await as.emil.get(`/api/user_vars/${id.emil}/history/?page=1&page_size=5`);
    expect(paged.body.results).toHaveLength(5);
    expect(paged.body.next).toBe(
      `/api/user_vars/${id.emil}/history/?page=2&page_size=5&user_var_type=vacation`,
    );
  });

  it('two requests at once at the edge of the balance: one passes', async () => {
    // Ben has 6.99 days, 9.32 by December: two 5-day vacations do not both fit. His accruals are
    // written already, so nothing but the per-person lock keeps the two checks apart.
    expect(await available(as.ben)).toBe(6.99);
    const [first, second] = await Promise.all([
      post(as.ben, '2026-12-01', '2026-12-05'),
      post(as.ben, '2026-12-08', '2026-12-12'),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 422]);
    const pending = await t.db.select().from(absences).where(eq(absences.userId, id.ben));
    expect(pending).toHaveLength(1);
  });
});

describe('other absence requests', () => {
  it('a business trip is checked against its form: destination and purpose are required', async () => {
    const missing = await as.ben.post('/api/absences/business-trip/', {
      from_date: '2027-02-01',
      to_date: '2027-02-03',
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.missing_fields).sort()).toEqual(['destination', 'purpose']);
    const filed = await as.ben.post('/api/absences/business-trip/', {
      from_date: '2027-02-01',
      to_date: '2027-02-03',
      inputParams: { destination: 'Berlin', purpose: 'Trade fair' },
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(await absenceOfTask(filed.body.id)).toMatchObject({ kind: 'business_trip', countDays: 3 });
  });

  it('leave at own expense needs no balance', async () => {
    const filed = await as.ben.post('/api/absences/own-expense/', {
      from_date: '2027-03-01',
      to_date: '2027-03-31',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(await absenceOfTask(filed.body.id)).toMatchObject({ kind: 'own_expense', countDays: 31 });
  });

  it('confirmed sick leave shows Illness while it lasts and Offline after', async () => {
    const filed = await as.ben.post('/api/absences/sick-leave/', {
      from_date: '2026-11-20',
      to_date: '2026-11-22',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    // Official sick leave: HR confirms.
    expect((await as.hanna.post(`/api/tasks/${filed.body.id}/approve/`, {})).status).toBe(200);
    expect(await absenceOfTask(filed.body.id)).toMatchObject({ kind: 'sick_leave', status: 'approved' });
    const statusOf = async () => (await t.db.select().from(users).where(eq(users.id, id.ben)))[0]?.status;
    expect(await statusOf()).toBe(3);
    await refreshAbsenceStatuses(t.db, new Date('2026-11-23T08:00:00Z'));
    expect(await statusOf()).toBe(2);
    const found = await as.carl.post('/api/users/filter/', {
      sick_leave_from_date: '2026-11-21',
      sick_leave_to_date: '2026-11-21',
    });
    expect(found.body.results.map((row: { id: number }) => row.id)).toEqual([id.ben]);
  });

  it('a vacation covering today shows Vacation once refreshed', async () => {
    await t.db.insert(absences).values({
      companyId: acme,
      userId: id.sam,
      kind: 'vacation',
      status: 'approved',
      fromDate: '2026-11-19',
      toDate: '2026-11-21',
      countDays: 3,
    });
    await refreshAbsenceStatuses(t.db, t.clock.now());
    expect((await t.db.select().from(users).where(eq(users.id, id.sam)))[0]?.status).toBe(4);
    // Nothing to change: no row is written again (a row's xmin is the transaction that last wrote it),
    // and the people version stays, so that no process drops its kept answers (migration 0022).
    const written = () =>
      queryRows<{ id: number; xmin: string; version: string }>(
        t.db,
        sql`select id, xmin::text, (select version::text from people_version) as version from users`,
      );
    const before = await written();
    await refreshAbsenceStatuses(t.db, t.clock.now());
    expect(await written()).toEqual(before);
  });

  it('the internal sick days of staff go to the manager (?template=)', async () => {
    const filed = await as.emil.post('/api/absences/sick-leave/?template=internal_hospital_staff', {
      from_date: '2027-01-11',
      to_date: '2027-01-12',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect((await as.maya.post(`/api/tasks/${filed.body.id}/approve/`, {})).status).toBe(200);
    expect(await absenceOfTask(filed.body.id)).toMatchObject({ kind: 'sick_leave', status: 'approved' });
    const unknown = await as.emil.post('/api/absences/sick-leave/?template=vacation_approval', {
      from_date: '2027-01-20',
      to_date: '2027-01-21',
    });
    expect(unknown.status).toBe(422);
  });
});

describe('who sees the vacation variables and history', () => {
  it.each([
    ['emil', 200],
    ['maya', 200],
    ['hanna', 200],
    ['carl', 403],
    ['sam', 404],
  ] as [Person, number][])('%s → %i', async (who, status) => {
    expect((await as[who].get(`/api/user_vars/values/?user=${id.emil}&page=1`)).status).toBe(status);
    expect((await as[who].get(`/api/user_vars/${id.emil}/history/?page=1`)).status).toBe(status);
    expect((await as[who].get(`/api/absences/available/?user_id=${id.emil}`)).status).toBe(status);
  });
});
