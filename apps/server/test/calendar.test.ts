import { randomUUID } from 'node:crypto';
import { GROUP_HR } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  absences,
  departments,
  dictionaryItems,
  holidays,
  levelTypes,
  managerLinks,
  meetingAttendees,
  meetings,
  users,
} from '../src/db/schema/index';
import { issueFeed } from '../src/modules/calendar/feed';
import { calendarViewerStatement } from '../src/modules/calendar/policy';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { analyzedPlanOf, walk } from './query-plan';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme (divisions X and Y; departments A under X, B under X, C under Y): HR, Boss (manager of Ann),
 * Ann (A), Ben (B), Cid (C), Col (A, no absences), Gone (inactive). Globex: Gus with his own absence and
 * holiday, and Stan who belongs to Globex only. The clock stands on Friday 2026-11-20; November 2026
 * starts on a Sunday, so its grid runs from Monday 26 October to Sunday 6 December.
 */
let t: TestApp;
let acme: number;
let globex: number;
const id: Record<string, number> = {};
const as: Record<string, HttpClient> = {};

type Kind = 'vacation' | 'sick_leave' | 'business_trip' | 'own_expense';
const absence = async (
  user: string,
  kind: Kind,
  fromDate: string,
  toDate: string,
  status: 'approved' | 'pending' | 'rejected' = 'approved',
  companyId = acme,
) => {
  const [row] = await t.db
    .insert(absences)
    .values({ companyId, userId: id[user]!, kind, fromDate, toDate, status })
    .returning();
  return row!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  acme = (await createCompany(t.db, 'Acme')).id;
  globex = (await createCompany(t.db, 'Globex')).id;
  const [division] = await t.db
    .insert(levelTypes)
    .values({ companyId: acme, name: 'Division', depth: 1 })
    .returning();
  const [department] = await t.db
    .insert(levelTypes)
    .values({ companyId: acme, name: 'Department', depth: 2 })
    .returning();
  const node = async (name: string, levelTypeId: number, parentId: number | null = null) => {
    const [row] = await t.db
      .insert(departments)
      .values({ companyId: acme, name, levelTypeId, parentId })
      .returning();
    return row!.id;
  };
  id.divX = await node('Division X', division!.id);
  id.divY = await node('Division Y', division!.id);
  id.depA = await node('Department A', department!.id, id.divX);
  id.depB = await node('Department B', department!.id, id.divX);
  id.depC = await node('Department C', department!.id, id.divY);

  const person = async (
    key: string,
    lastName: string,
    options: Partial<Parameters<typeof createUser>[1]> & { dep?: string; div?: string } = {},
  ) => {
    const user = await createUser(t.db, {
      companyId: acme,
      email: `${key.toLowerCase()}@acme.test`,
      firstName: key,
      lastName,
      ...options,
    });
    id[key] = user.id;
    if (options.dep || options.div) {
      await t.db
        .update(users)
        .set({
          departmentId: options.dep ? id[options.dep] : null,
          divisionId: options.div ? id[options.div] : null,
        })
        .where(eq(users.id, user.id));
    }
  };
  await person('Hr', 'Hall', { groups: [GROUP_HR] });
  await person('Boss', 'Baker');
  await person('Ann', 'Archer', { dep: 'depA', div: 'divX' });
  await person('Ben', 'Brown', { dep: 'depB', div: 'divX' });
  await person('Cid', 'Clark', { dep: 'depC', div: 'divY' });
  await person('Col', 'Cole', { dep: 'depA', div: 'divX' });
  await person('Gone', 'Grey', { dep: 'depA', div: 'divX', isActive: false });
  await person('Gus', 'Green', { companyId: globex, email: 'gus@globex.test' });
  await person('Stan', 'Stone', { companyId: globex, email: 'stan@globex.test' });

  const [managerType] = await t.db
    .insert(dictionaryItems)
    .values({ dictionary: 'UserManagerType', code: 'manager', name: 'Manager', position: 0 })
    .returning();
  await t.db
    .insert(managerLinks)
    .values({ userId: id.Ann!, managerId: id.Boss!, managerTypeId: managerType!.id });

  await t.db.insert(holidays).values([
    { companyId: acme, date: '2026-11-04', name: 'Unity Day', vacation: true },
    { companyId: acme, date: '2026-11-07', name: 'Moved working day', vacation: false },
    { companyId: acme, date: '2026-01-01', name: "New Year's Day", vacation: true },
    { companyId: acme, date: '2027-01-01', name: "New Year's Day", vacation: true },
    { companyId: globex, date: '2026-11-05', name: 'Globex Day', vacation: true },
  ]);

  id.annVacation = await absence('Ann', 'vacation', '2026-11-02', '2026-11-06');
  id.annOwn = await absence('Ann', 'own_expense', '2026-11-16', '2026-11-17');
  id.annDecember = await absence('Ann', 'vacation', '2026-12-01', '2026-12-10');
  id.benSick = await absence('Ben', 'sick_leave', '2026-10-28', '2026-11-03');
  id.cidTrip = await absence('Cid', 'business_trip', '2026-11-24', '2026-11-25');
  await absence('Cid', 'vacation', '2026-11-10', '2026-11-12', 'pending');
  await absence('Ben', 'vacation', '2026-11-18', '2026-11-18', 'rejected');
  await absence('Gone', 'vacation', '2026-11-09', '2026-11-09');
  id.annLongAgo = await absence('Ann', 'vacation', '2025-01-10', '2025-01-12');
  id.gusVacation = await absence('Gus', 'vacation', '2026-11-02', '2026-11-06', 'approved', globex);

  for (const key of ['Hr', 'Boss', 'Ann', 'Col', 'Stan', 'Gus']) {
    as[key] = await t.login(
      `${key.toLowerCase()}@${key === 'Stan' || key === 'Gus' ? 'globex' : 'acme'}.test`,
    );
  }
});

afterAll(async () => {
  await t?.close();
});

type Person = { user: number; first_name: string; last_name: string; avatar: string | null; kind?: Kind };
type Day = { date: string; vacation: Person[]; sick_leave: Person[]; day_off: boolean };
type Month = { year: number; month: number; weeks: { week: number; days: Day[] }[] };

const november = async (client: HttpClient, body: Record<string, unknown> = {}) => {
  const response = await client.post('/api/calendars/company/filter/', { year: 2026, month: 11, ...body });
  expect(response.status).toBe(200);
  return response.body as Month;
};
const dayOf = (month: Month, date: string) => {
  const day = month.weeks.flatMap((w) => w.days).find((d) => d.date === date);
  if (!day) throw new Error(`${date} is not on the grid`);
  return day;
};
const names = (people: Person[]) => people.map((p) => p.first_name);
/** Everyone anywhere on the grid, by list. */
const everyone = (month: Month) => {
  const days = month.weeks.flatMap((w) => w.days);
  return {
    vacation: [...new Set(days.flatMap((d) => names(d.vacation)))].sort(),
    sick_leave: [...new Set(days.flatMap((d) => names(d.sick_leave)))].sort(),
  };
};

describe('without a session', () => {
  it('answers 401 on every calendar endpoint except the feed itself', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    const calls = [
      anonymous.post('/api/calendars/company/filter/', { year: 2026, month: 11 }),
      anonymous.get('/api/calendars/company/holidays/?year=2026'),
      anonymous.get(`/api/holidays/${acme}/`),
      anonymous.post('/api/calendars/company/get_missing_users/', {}),
      anonymous.get(`/api/calendars/calendar/${id.Ann}/`),
      anonymous.get('/api/calendars/feed/'),
      anonymous.post('/api/calendars/feed/', {}),
      anonymous.delete('/api/calendars/feed/'),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });
});

describe('POST /api/calendars/company/filter/', () => {
  it('lays the month out Monday to Sunday with the neighbouring months filling the edge weeks', async () => {
    const month = await november(as.Col!);
    expect(month.year).toBe(2026);
    expect(month.month).toBe(11);
    expect(month.weeks).toHaveLength(6);
    const days = month.weeks.flatMap((w) => w.days);
    expect(days[0]!.date).toBe('2026-10-26');
    expect(days.at(-1)!.date).toBe('2026-12-06');
    for (const week of month.weeks) {
      expect(week.days).toHaveLength(7);
      expect(new Date(`${week.days[0]!.date}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    // Consecutive days, no gaps.
    for (let i = 1; i < days.length; i++) {
      expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(86_400_000);
    }
    // ISO week numbers: 26 October 2026 starts week 44.
    expect(month.weeks.map((w) => w.week)).toEqual([44, 45, 46, 47, 48, 49]);
  });

  it('marks weekends and holidays as days off, and a moved working Saturday as worked', async () => {
    const month = await november(as.Col!);
    expect(dayOf(month, '2026-11-01').day_off).toBe(true); // Sunday
    expect(dayOf(month, '2026-11-03').day_off).toBe(false); // Tuesday
    expect(dayOf(month, '2026-11-04').day_off).toBe(true); // Wednesday, Unity Day
    expect(dayOf(month, '2026-11-07').day_off).toBe(false); // Saturday worked instead
    expect(dayOf(month, '2026-11-08').day_off).toBe(true); // Sunday
    expect(dayOf(month, '2026-11-05').day_off).toBe(false); // Globex's holiday is not Acme's
  });

  it('lists each day the people with an approved vacation or sick leave, on neighbouring days too', async () => {
    const month = await november(as.Col!);
    expect(names(dayOf(month, '2026-10-28').sick_leave)).toEqual(['Ben']);
    expect(names(dayOf(month, '2026-11-02').vacation)).toEqual(['Ann']);
    expect(names(dayOf(month, '2026-11-03').vacation)).toEqual(['Ann']);
    expect(names(dayOf(month, '2026-11-03').sick_leave)).toEqual(['Ben']);
    expect(names(dayOf(month, '2026-11-04').sick_leave)).toEqual([]);
    expect(names(dayOf(month, '2026-11-06').vacation)).toEqual(['Ann']);
    expect(names(dayOf(month, '2026-11-07').vacation)).toEqual([]);
    expect(names(dayOf(month, '2026-12-01').vacation)).toEqual(['Ann']);
    expect(names(dayOf(month, '2026-12-06').vacation)).toEqual(['Ann']);
    const ann = dayOf(month, '2026-11-02').vacation[0]!;
    expect(ann).toEqual({ user: id.Ann, first_name: 'Ann', last_name: 'Archer', avatar: null });
  });

  it('leaves out pending and rejected absences and people no longer active', async () => {
    const month = await november(as.Col!);
    expect(names(dayOf(month, '2026-11-10').vacation)).toEqual([]); // Cid's pending vacation
    expect(names(dayOf(month, '2026-11-18').vacation)).toEqual([]); // Ben's rejected vacation
    expect(names(dayOf(month, '2026-11-09').vacation)).toEqual([]); // Gone is inactive
  });

  it('shows colleagues a business trip or leave at own expense only as away, without its kind', async () => {
    const month = await november(as.Col!);
    expect(dayOf(month, '2026-11-16').vacation).toEqual([
      { user: id.Ann, first_name: 'Ann', last_name: 'Archer', avatar: null },
    ]);
    expect(dayOf(month, '2026-11-24').vacation).toEqual([
      { user: id.Cid, first_name: 'Cid', last_name: 'Clark', avatar: null },
    ]);
    for (const day of month.weeks.flatMap((w) => w.days)) {
      for (const p of [...day.vacation, ...day.sick_leave]) expect(p).not.toHaveProperty('kind');
    }
  });

  it('tells HR every kind, a manager the kinds of their people only, and a person their own', async () => {
    const byHr = await november(as.Hr!);
    expect(dayOf(byHr, '2026-11-16').vacation[0]!.kind).toBe('own_expense');
    expect(dayOf(byHr, '2026-11-24').vacation[0]!.kind).toBe('business_trip');
    expect(dayOf(byHr, '2026-11-03').sick_leave[0]!.kind).toBe('sick_leave');
    const byBoss = await november(as.Boss!);
    expect(dayOf(byBoss, '2026-11-16').vacation[0]!.kind).toBe('own_expense');
    expect(dayOf(byBoss, '2026-11-24').vacation[0]).not.toHaveProperty('kind');
    const byAnn = await november(as.Ann!);
    expect(dayOf(byAnn, '2026-11-16').vacation[0]!.kind).toBe('own_expense');
    expect(dayOf(byAnn, '2026-11-24').vacation[0]).not.toHaveProperty('kind');
  });

  it('reads whom a viewer manages only when the viewer is not HR, who sees every kind anyway', async () => {
    // HR is a business partner of Cid too: a large company links its HR to thousands of people.
    const [hrbp] = await t.db
      .insert(dictionaryItems)
      .values({ dictionary: 'UserManagerType', code: 'hrbp', name: 'HR business partner', position: 1 })
      .returning();
    await t.db.insert(managerLinks).values({ userId: id.Cid!, managerId: id.Hr!, managerTypeId: hrbp!.id });
    const managedRead = async (viewer: string) => {
      const statement = calendarViewerStatement(
        { userId: id[viewer]!, companyId: acme, tokenHash: '' },
        acme,
      );
      const plan = await analyzedPlanOf(t.db, new PgDialect().sqlToQuery(statement));
      return [...walk(plan)]
        .filter((node) => node['Relation Name'] === 'manager_links')
        .map((node) => node['Actual Loops']);
    };
    expect(await managedRead('Hr')).toEqual([0]);
    expect(await managedRead('Boss')).toEqual([1]);
    expect(dayOf(await november(as.Hr!), '2026-11-24').vacation[0]!.kind).toBe('business_trip');
  });

  it('filters by people, department and division', async () => {
    expect(everyone(await november(as.Col!, { users: [id.Ben] }))).toEqual({
      vacation: [],
      sick_leave: ['Ben'],
    });
    expect(everyone(await november(as.Col!, { users: id.Ann }))).toEqual({
      vacation: ['Ann'],
      sick_leave: [],
    });
    expect(everyone(await november(as.Col!, { department: [id.depA] }))).toEqual({
      vacation: ['Ann'],
      sick_leave: [],
    });
    expect(everyone(await november(as.Col!, { department: [id.depB, id.depC] }))).toEqual({
      vacation: ['Cid'],
      sick_leave: ['Ben'],
    });
    expect(everyone(await november(as.Col!, { division: [id.divY] }))).toEqual({
      vacation: ['Cid'],
      sick_leave: [],
    });
    expect(everyone(await november(as.Col!, { division: [id.divX], users: [id.Cid] }))).toEqual({
      vacation: [],
      sick_leave: [],
    });
  });

  it('answers the days only, with empty lists, when detail is false', async () => {
    const month = await november(as.Col!, { detail: false });
    expect(everyone(month)).toEqual({ vacation: [], sick_leave: [] });
    expect(dayOf(month, '2026-11-04').day_off).toBe(true);
  });

  it("never shows another company's absences, even when asked for its people", async () => {
    expect(everyone(await november(as.Col!))).toEqual({ vacation: ['Ann', 'Cid'], sick_leave: ['Ben'] });
    expect(everyone(await november(as.Col!, { users: [id.Gus] }))).toEqual({ vacation: [], sick_leave: [] });
    const byStan = await november(as.Stan!);
    expect(everyone(byStan)).toEqual({ vacation: ['Gus'], sick_leave: [] });
    expect(dayOf(byStan, '2026-11-05').day_off).toBe(true);
    expect(dayOf(byStan, '2026-11-04').day_off).toBe(false);
  });

  it('refuses a month out of range with 422 naming the field', async () => {
    const response = await as.Col!.post('/api/calendars/company/filter/', { year: 2026, month: 13 });
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).toContain('month');
  });
});

describe('OpenAPI', () => {
  it('publishes the calendar paths', async () => {
    const spec = await t.client().get('/api/docs/json');
    for (const path of [
      '/api/calendars/company/filter/',
      '/api/calendars/company/holidays/',
      '/api/calendars/company/get_missing_users/',
      '/api/holidays/{id}/',
      '/api/calendars/calendar/{id}/',
      '/api/calendars/feed/',
    ]) {
      expect(spec.body.paths[path], path).toBeDefined();
    }
  });
});

describe('holidays', () => {
  it('groups the active company holidays of a year by month (all twelve) and ISO week', async () => {
    const response = await as.Col!.get('/api/calendars/company/holidays/?year=2026');
    expect(response.status).toBe(200);
    expect(response.body.year).toBe(2026);
    expect(response.body.months.map((m: { month: number }) => m.month)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(response.body.months[0].weeks).toEqual([
      { week: 1, days: [{ date: '2026-01-01', vacation: true, name: "New Year's Day" }] },
    ]);
    expect(response.body.months[10].weeks).toEqual([
      {
        week: 45,
        days: [
          { date: '2026-11-04', vacation: true, name: 'Unity Day' },
          { date: '2026-11-07', vacation: false, name: 'Moved working day' },
        ],
      },
    ]);
    expect(response.body.months[1].weeks).toEqual([]);
  });

  it('answers 422 without a year', async () => {
    expect((await as.Col!.get('/api/calendars/company/holidays/')).status).toBe(422);
  });

  it("GET /api/holidays/{id}/ gives a member company's holidays, the clock's year by default", async () => {
    const byDefault = await as.Col!.get(`/api/holidays/${acme}/`);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.year).toBe(2026);
    expect(byDefault.body.months[10].weeks[0].days).toHaveLength(2);
    const next = await as.Col!.get(`/api/holidays/${acme}/?year=2027`);
    expect(next.body.months[0].weeks[0].days[0].date).toBe('2027-01-01');
    const globexOwn = await as.Stan!.get(`/api/holidays/${globex}/`);
    expect(globexOwn.body.months[10].weeks[0].days[0].name).toBe('Globex Day');
  });

  it('answers 404 for a company the caller is not a member of', async () => {
    expect((await as.Col!.get(`/api/holidays/${globex}/`)).status).toBe(404);
    expect((await as.Stan!.get(`/api/holidays/${acme}/`)).status).toBe(404);
    expect((await as.Col!.get('/api/holidays/999999/')).status).toBe(404);
  });
});

describe('POST /api/calendars/company/get_missing_users/', () => {
  const missing = (client: HttpClient, body: Record<string, unknown>, query = '') =>
    client.post(`/api/calendars/company/get_missing_users/${query}`, body);
  const month = {
    vacation_from_date: '2026-11-01',
    vacation_to_date: '2026-11-30',
    sick_leave_from_date: '2026-11-01',
    sick_leave_to_date: '2026-11-30',
  };

  it('pages the people of the active company with an approved absence or sick leave in the periods', async () => {
    const response = await missing(as.Col!, month);
    expect(response.status).toBe(200);
    // Cid's business trip is on the calendar's vacation list, so he is one of its missing people too.
    expect(response.body.count).toBe(3);
    expect(response.body.results.map((u: { first_name: string }) => u.first_name)).toEqual([
      'Ann',
      'Ben',
      'Cid',
    ]);
    expect(response.body.next).toBeNull();
  });

  it('narrows by Department and Division and pages 15 by default', async () => {
    const byDepartment = await missing(as.Col!, { ...month, Department: [id.depB] });
    expect(byDepartment.body.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Ben']);
    const byDivision = await missing(as.Col!, { ...month, Division: id.divY });
    expect(byDivision.body.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Cid']);
    const paged = await missing(as.Col!, month, '?page=1&page_size=1');
    expect(paged.body.count).toBe(3);
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toBe('/api/calendars/company/get_missing_users/?page=2&page_size=1');
  });

  it('refuses keys other than the periods, Department and Division with 400', async () => {
    const response = await missing(as.Col!, { ...month, q: 'Ann' });
    expect(response.status).toBe(400);
  });

  it("never lists another company's people", async () => {
    const response = await missing(as.Stan!, month);
    expect(response.body.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Gus']);
  });
});

describe('GET /api/calendars/calendar/{id}/', () => {
  const personal = (client: HttpClient, user: number, query = '?month=11&year=2026') =>
    client.get(`/api/calendars/calendar/${user}/${query}`);

  it("shows only that person's absences, to a colleague without the kind", async () => {
    const response = await personal(as.Col!, id.Ann!);
    expect(response.status).toBe(200);
    const month = response.body as Month;
    expect(everyone(month)).toEqual({ vacation: ['Ann'], sick_leave: [] });
    expect(dayOf(month, '2026-11-16').vacation[0]).not.toHaveProperty('kind');
    expect(dayOf(month, '2026-11-04').day_off).toBe(true);
  });

  it('tells the kind to the person, their manager and HR', async () => {
    for (const viewer of ['Ann', 'Boss', 'Hr']) {
      const month = (await personal(as[viewer]!, id.Ann!)).body as Month;
      expect(dayOf(month, '2026-11-16').vacation[0]!.kind).toBe('own_expense');
      expect(dayOf(month, '2026-11-02').vacation[0]!.kind).toBe('vacation');
    }
  });

  it("defaults to the clock's month", async () => {
    const month = (await personal(as.Col!, id.Ben!, '')).body as Month;
    expect([month.year, month.month]).toEqual([2026, 11]);
    expect(everyone(month)).toEqual({ vacation: [], sick_leave: ['Ben'] });
  });

  it('answers 404 for a person of another company or no one', async () => {
    expect((await personal(as.Stan!, id.Ann!)).status).toBe(404);
    expect((await personal(as.Col!, id.Gus!)).status).toBe(404);
    expect((await personal(as.Col!, 999999)).status).toBe(404);
  });
});

describe('iCal feed', () => {
  const fetchFeed = (url: string) => t.client().get(new URL(url).pathname);
  const summaries = (text: string) =>
    text
      .replace(/\r\n /g, '')
      .split('\r\n')
      .filter((line) => line.startsWith('SUMMARY:'))
      .map((line) => line.slice('SUMMARY:'.length))
      .sort();

  it('has none until created', async () => {
    expect((await as.Col!.get('/api/calendars/feed/')).status).toBe(404);
  });

  it("serves the department scope: the owner's department people, as RFC 5545, without a session", async () => {
    const created = await as.Col!.post('/api/calendars/feed/', { scope: 'department' });
    expect(created.status).toBe(201);
    expect(created.body.scope).toBe('department');
    expect(created.body.url).toMatch(
      /^http:\/\/localhost:\d+\/api\/calendars\/feed\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    const feed = await fetchFeed(created.body.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-store');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(feed.text).toContain('\r\nVERSION:2.0\r\n');
    expect(feed.text).toContain('\r\nPRODID:');
    expect(feed.text).toContain('\r\nCALSCALE:GREGORIAN\r\n');
    expect(feed.text).toContain('\r\nX-WR-CALNAME:');
    // Ann is in Col's department; Ben and Cid are not; the January 2025 vacation is out of the window.
    expect(summaries(feed.text)).toEqual([
      'Ann Archer — Away',
      'Ann Archer — Vacation',
      'Ann Archer — Vacation',
    ]);
    expect(feed.text).toContain(
      `BEGIN:VEVENT\r\nUID:absence-${id.annVacation}@localhost\r\nDTSTAMP:20261120T090000Z\r\n` +
        'DTSTART;VALUE=DATE:20261102\r\nDTEND;VALUE=DATE:20261107\r\nSUMMARY:Ann Archer — Vacation\r\n' +
        'TRANSP:TRANSPARENT\r\nEND:VEVENT\r\n',
    );
    expect(feed.text).not.toContain(`absence-${id.annLongAgo}@`);
    const readBack = await as.Col!.get('/api/calendars/feed/');
    expect(readBack.status).toBe(200);
    // The token is kept hashed only: it cannot be shown again.
    expect(readBack.body).toEqual({ url: null, scope: 'department', created_at: '2026-11-20T09:00:00.000Z' });
  });

  it('regenerating revokes the old URL; scope all covers the whole company and no other', async () => {
    const first = await as.Col!.post('/api/calendars/feed/', { scope: 'department' });
    const second = await as.Col!.post('/api/calendars/feed/', { scope: 'all' });
    expect(second.status).toBe(201);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await fetchFeed(first.body.url)).status).toBe(404);
    const feed = await fetchFeed(second.body.url);
    expect(feed.status).toBe(200);
    expect(summaries(feed.text)).toEqual([
      'Ann Archer — Away',
      'Ann Archer — Vacation',
      'Ann Archer — Vacation',
      'Ben Brown — Sick leave',
      'Cid Clark — Away',
    ]);
    expect(feed.text).not.toContain('Gus');
    expect(feed.text).not.toContain('Gone');
    expect((await as.Col!.get('/api/calendars/feed/')).body.scope).toBe('all');
  });

  it('keeps each user to their own feed', async () => {
    const col = await as.Col!.post('/api/calendars/feed/', { scope: 'all' });
    const stan = await as.Stan!.post('/api/calendars/feed/', { scope: 'all' });
    expect(summaries((await fetchFeed(stan.body.url)).text)).toEqual(['Gus Green — Vacation']);
    expect((await fetchFeed(col.body.url)).status).toBe(200);
    await as.Stan!.delete('/api/calendars/feed/');
    expect((await fetchFeed(col.body.url)).status).toBe(200);
  });

  it('deleting revokes the feed', async () => {
    const created = await as.Col!.post('/api/calendars/feed/', { scope: 'department' });
    const deleted = await as.Col!.delete('/api/calendars/feed/');
    expect(deleted.status).toBe(204);
    expect((await fetchFeed(created.body.url)).status).toBe(404);
    expect((await as.Col!.get('/api/calendars/feed/')).status).toBe(404);
    expect((await as.Col!.delete('/api/calendars/feed/')).status).toBe(204);
  });

  it('answers 404 to an unknown token and refuses a bad scope', async () => {
    const unknown = await t
      .client()
      .get('/api/calendars/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics');
    expect(unknown.status).toBe(404);
    expect((await as.Col!.post('/api/calendars/feed/', { scope: 'team' })).status).toBe(422);
  });
});

describe('iCal feed of meetings', () => {
  const fetchFeed = (url: string) => t.client().get(new URL(url).pathname);
  const FEED = '/api/calendars/events/feed/';
  const unfolded = (text: string) => text.replace(/\r\n /g, '').split('\r\n');
  const summaries = (text: string) =>
    unfolded(text)
      .filter((line) => line.startsWith('SUMMARY:'))
      .map((line) => line.slice('SUMMARY:'.length))
      .sort();
  const meetingIds: Record<string, string> = {};

  /** A meeting of `organizer` in `companyId` at the UTC start given, an hour long. */
  const addMeeting = async (
    key: string,
    organizer: string,
    start: string,
    attendees: string[] = [],
    more: Partial<typeof meetings.$inferInsert> = {},
  ) => {
    const startsAt = new Date(start);
    const uuid = randomUUID();
    await t.db.insert(meetings).values({
      id: uuid,
      companyId: acme,
      organizerId: id[organizer]!,
      title: key,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      createdAt: startsAt,
      updatedAt: startsAt,
      ...more,
    });
    if (attendees.length)
      await t.db.insert(meetingAttendees).values(attendees.map((email) => ({ meetingId: uuid, email })));
    meetingIds[key] = uuid;
  };

  beforeAll(async () => {
    await addMeeting('Col sync', 'Col', '2026-11-25T10:00:00Z', ['col@acme.test', 'ann@acme.test'], {
      description: 'Agenda; notes, more',
      link: 'https://meet.example.com/sync',
    });
    await addMeeting('Ann review with Col', 'Ann', '2026-11-26T14:00:00Z', [
      'ann@acme.test',
      'col@acme.test',
    ]);
    await addMeeting('Ann alone', 'Ann', '2026-11-26T15:00:00Z', ['ann@acme.test', 'ben@acme.test']);
    await addMeeting('Col stand-up', 'Col', '2026-01-05T08:00:00Z', [], {
      timeZone: 'Europe/Berlin',
      recurrence: 'daily',
    });
    await addMeeting('Col weekly that ended', 'Col', '2026-01-05T08:00:00Z', [], {
      recurrence: 'weekly',
      recurrenceUntil: '2026-06-29',
    });
    await addMeeting('Col long ago', 'Col', '2025-01-10T10:00:00Z');
    await addMeeting('Col far ahead', 'Col', '2028-01-10T10:00:00Z');
    await addMeeting(
      'Globex meeting',
      'Stan',
      '2026-11-25T10:00:00Z',
      ['stan@globex.test', 'col@acme.test'],
      {
        companyId: globex,
      },
    );
  });

  it('answers 401 to managing a feed without a session', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    for (const response of await Promise.all([
      anonymous.get(FEED),
      anonymous.post(FEED),
      anonymous.delete(FEED),
    ]))
      expect(response.status).toBe(401);
  });

  it('has none until created', async () => {
    expect((await as.Col!.get(FEED)).status).toBe(404);
  });

  it("serves the owner's meetings of the company, a month back to a year ahead, without a session", async () => {
    const created = await as.Col!.post(FEED);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost:\d+\/api\/calendars\/feed\/[A-Za-z0-9_-]{43}\.ics$/),
      created_at: '2026-11-20T09:00:00.000Z',
    });
    const feed = await fetchFeed(created.body.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of feed.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfolded(feed.text)).toContain('X-WR-CALNAME:Meetings — Acme');
    // Organized or attended, in Acme; not Ann's meeting without Col, not Globex's, not out of reach.
    expect(summaries(feed.text)).toEqual(['Ann review with Col', 'Col stand-up', 'Col sync']);
    expect(feed.text).toContain(
      `BEGIN:VEVENT\r\nUID:meeting-${meetingIds['Col sync']}@localhost\r\nDTSTAMP:20261120T090000Z\r\n` +
        'DTSTART:20261125T100000Z\r\nDTEND:20261125T110000Z\r\nSUMMARY:Col sync\r\n' +
        'DESCRIPTION:Agenda\\; notes\\, more\r\nURL:https://meet.example.com/sync\r\n' +
        'ATTENDEE;CN="Ann Archer":mailto:ann@acme.test\r\nATTENDEE;CN="Col Cole":mailto:col@acme.test\r\n' +
        'END:VEVENT\r\n',
    );
    // The stand-up began in January and repeats for ever, at 09:00 in Berlin summer and winter alike.
    expect(feed.text).toContain(
      'DTSTART;TZID=Europe/Berlin:20260105T090000\r\nDTEND;TZID=Europe/Berlin:20260105T100000\r\nRRULE:FREQ=DAILY\r\n',
    );
    expect(feed.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n');
    expect(await as.Col!.get(FEED)).toMatchObject({
      status: 200,
      body: { url: null, created_at: '2026-11-20T09:00:00.000Z' },
    });
  });

  it('regenerating revokes the old URL', async () => {
    const first = await as.Col!.post(FEED);
    const second = await as.Col!.post(FEED);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await fetchFeed(first.body.url)).status).toBe(404);
    expect((await fetchFeed(second.body.url)).status).toBe(200);
  });

  it('deleting revokes the feed', async () => {
    const created = await as.Col!.post(FEED);
    expect((await as.Col!.delete(FEED)).status).toBe(204);
    expect((await fetchFeed(created.body.url)).status).toBe(404);
    expect((await as.Col!.get(FEED)).status).toBe(404);
    expect((await as.Col!.delete(FEED)).status).toBe(204);
  });

  it('is apart from the absence feed: each is issued and revoked on its own', async () => {
    const absencesFeed = await as.Col!.post('/api/calendars/feed/', { scope: 'all' });
    const meetingsFeed = await as.Col!.post(FEED);
    expect(summaries((await fetchFeed(absencesFeed.body.url)).text)).toContain('Ben Brown — Sick leave');
    expect(summaries((await fetchFeed(meetingsFeed.body.url)).text)).toContain('Col sync');
    await as.Col!.delete(FEED);
    expect((await fetchFeed(absencesFeed.body.url)).status).toBe(200);
    const again = await as.Col!.post(FEED);
    await as.Col!.post('/api/calendars/feed/', { scope: 'all' });
    expect((await fetchFeed(absencesFeed.body.url)).status).toBe(404);
    expect((await fetchFeed(again.body.url)).status).toBe(200);
    await as.Col!.delete('/api/calendars/feed/');
    expect((await fetchFeed(again.body.url)).status).toBe(200);
    expect((await as.Col!.get('/api/calendars/feed/')).status).toBe(404);
    expect((await as.Col!.get(FEED)).status).toBe(200);
  });

  it("keeps each user to their own feed: another's is neither shown nor revoked", async () => {
    const col = await as.Col!.post(FEED);
    const stan = await as.Stan!.post(FEED);
    expect(summaries((await fetchFeed(stan.body.url)).text)).toEqual(['Globex meeting']);
    await as.Stan!.delete(FEED);
    expect((await fetchFeed(stan.body.url)).status).toBe(404);
    expect((await fetchFeed(col.body.url)).status).toBe(200);
    await as.Stan!.post(FEED);
    expect((await fetchFeed(col.body.url)).status).toBe(200);
  });

  it('stops serving when its owner is no longer active', async () => {
    const gone = await issueFeed(t.db, id.Gone!, 'meetings', new Date(), 'http://localhost');
    expect((await fetchFeed(gone.url)).status).toBe(404);
  });
});
