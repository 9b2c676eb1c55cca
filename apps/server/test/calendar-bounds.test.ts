import { CALENDAR_DAY_LIMIT } from '@atrium/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absences, departments, levelTypes, users } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * A busy November 2026 (decision 0015: a day names at most CALENDAR_DAY_LIMIT people a list). Its grid
 * runs from Monday 26 October to Sunday 6 December; the busy week is Monday 9 to Sunday 15 November:
 * - Wk1–Wk3 on vacation all week; Long01–Long12 Monday to Wednesday; Late1–Late5 Thursday and Friday;
 * - Span away Thursday 5 to Tuesday 10 November, across a week end;
 * - Ill01–Ill11 on sick leave on Wednesday 18 November;
 * - Gone (inactive) away all that week, and Other of another company: neither counts.
 * Department Small holds Long01–Long04 and Late1.
 */
let t: TestApp;
let viewer: HttpClient;
const id: Record<string, number> = {};
const away: { user: string; sick: boolean; from: string; to: string }[] = [];

const KIND_DATES: [string, 'vacation' | 'sick_leave', string, string][] = [];
const pad = (n: number) => String(n).padStart(2, '0');
for (let i = 1; i <= 3; i++) KIND_DATES.push([`Wk${i}`, 'vacation', '2026-11-09', '2026-11-15']);
for (let i = 1; i <= 12; i++) KIND_DATES.push([`Long${pad(i)}`, 'vacation', '2026-11-09', '2026-11-11']);
for (let i = 1; i <= 5; i++) KIND_DATES.push([`Late${i}`, 'vacation', '2026-11-12', '2026-11-13']);
KIND_DATES.push(['Span', 'vacation', '2026-11-05', '2026-11-10']);
for (let i = 1; i <= 11; i++) KIND_DATES.push([`Ill${pad(i)}`, 'sick_leave', '2026-11-18', '2026-11-18']);

beforeAll(async () => {
  t = await createTestApp();
  const company = (await createCompany(t.db, 'Busy')).id;
  const other = (await createCompany(t.db, 'Elsewhere')).id;
  const [level] = await t.db
    .insert(levelTypes)
    .values({ companyId: company, name: 'Department', depth: 1 })
    .returning();
  const [small] = await t.db
    .insert(departments)
    .values({ companyId: company, name: 'Small', levelTypeId: level!.id })
    .returning();
  id.small = small!.id;

  const person = async (name: string, options: { companyId?: number; isActive?: boolean } = {}) => {
    const user = await createUser(t.db, {
      companyId: options.companyId ?? company,
      email: `${name.toLowerCase()}@busy.test`,
      firstName: name,
      lastName: 'Away',
      isActive: options.isActive,
    });
    id[name] = user.id;
    return user.id;
  };
  await person('Viewer');
  for (const [name, kind, fromDate, toDate] of KIND_DATES) {
    const userId = await person(name);
    await t.db
      .insert(absences)
      .values({ companyId: company, userId, kind, fromDate, toDate, status: 'approved' });
    away.push({ user: name, sick: kind === 'sick_leave', from: fromDate, to: toDate });
  }
  const inSmall = ['Long01', 'Long02', 'Long03', 'Long04', 'Late1'].map((name) => id[name]!);
  await t.db.update(users).set({ departmentId: id.small }).where(inArray(users.id, inSmall));
  const gone = await person('Gone', { isActive: false });
  await t.db.insert(absences).values({
    companyId: company,
    userId: gone,
    kind: 'vacation',
    fromDate: '2026-11-09',
    toDate: '2026-11-15',
    status: 'approved',
  });
  const stranger = await person('Other', { companyId: other });
  await t.db.insert(absences).values({
    companyId: other,
    userId: stranger,
    kind: 'vacation',
    fromDate: '2026-11-09',
    toDate: '2026-11-15',
    status: 'approved',
  });
  viewer = await t.login('viewer@busy.test');
});

afterAll(async () => {
  await t?.close();
});

type Person = { user: number; first_name: string };
type Day = {
  date: string;
  vacation: Person[];
  sick_leave: Person[];
  vacation_count: number;
  sick_leave_count: number;
};
type Month = { weeks: { week: number; days: Day[] }[] };

/** The month (November 2026 unless the body says otherwise) as the viewer sees it. */
const monthOf = async (body: Record<string, unknown> = {}) => {
  const response = await viewer.post('/api/calendars/company/filter/', { year: 2026, month: 11, ...body });
  expect(response.status).toBe(200);
  return response.body as Month;
};
const days = (month: Month) => month.weeks.flatMap((week) => week.days);
const dayOf = (month: Month, date: string) => days(month).find((day) => day.date === date) as Day;
const names = (people: Person[]) => people.map((p) => p.first_name);
/** Who is really away on a day, by list, among the people `only` keeps. */
const truth = (date: string, sick: boolean, only: (name: string) => boolean = () => true) =>
  away.filter((a) => a.sick === sick && a.from <= date && a.to >= date && only(a.user)).map((a) => a.user);

describe('a busy month', () => {
  it('names at most the limit of people a list each day, and counts everyone away', async () => {
    const month = await monthOf();
    for (const day of days(month)) {
      expect(day.vacation.length).toBeLessThanOrEqual(CALENDAR_DAY_LIMIT);
      expect(day.sick_leave.length).toBeLessThanOrEqual(CALENDAR_DAY_LIMIT);
      expect(day.vacation_count, day.date).toBe(truth(day.date, false).length);
      expect(day.sick_leave_count, day.date).toBe(truth(day.date, true).length);
      // Everyone named is really away that day, on that list.
      for (const name of names(day.vacation)) expect(truth(day.date, false)).toContain(name);
      for (const name of names(day.sick_leave)) expect(truth(day.date, true)).toContain(name);
    }
    expect(dayOf(month, '2026-11-09').vacation_count).toBe(16); // Wk ×3, Long ×12, Span
    expect(dayOf(month, '2026-11-09').vacation).toHaveLength(CALENDAR_DAY_LIMIT);
    expect(dayOf(month, '2026-11-18')).toMatchObject({ sick_leave_count: 11 });
    expect(dayOf(month, '2026-11-18').sick_leave).toHaveLength(CALENDAR_DAY_LIMIT);
  });

  it('shows a person named in a week on every day of their absence in that week (one unbroken bar)', async () => {
    const month = await monthOf();
    for (const week of month.weeks) {
      for (const sick of [false, true]) {
        const list = (day: Day) => names(sick ? day.sick_leave : day.vacation);
        const named = new Set(week.days.flatMap(list));
        for (const name of named) {
          const absence = away.find((a) => a.user === name && a.sick === sick) as (typeof away)[number];
          for (const day of week.days) {
            const isAway = absence.from <= day.date && absence.to >= day.date;
            expect(list(day).includes(name), `${name} on ${day.date}`).toBe(isAway);
          }
        }
      }
    }
  });

  it('fills the lanes a week frees: the longest absences first, then those starting as others end', async () => {
    const monday = dayOf(await monthOf(), '2026-11-09');
    // Wk1–Wk3 stay all week, so they come first; Span (two days left) loses to the three-day Long ones.
    expect(names(monday.vacation)).toEqual(expect.arrayContaining(['Wk1', 'Wk2', 'Wk3']));
    expect(names(monday.vacation)).not.toContain('Span');
    // The Long ones end on Wednesday; all five Late ones then fit beside Wk1–Wk3.
    const thursday = dayOf(await monthOf(), '2026-11-12');
    expect(names(thursday.vacation).sort()).toEqual([
      'Late1',
      'Late2',
      'Late3',
      'Late4',
      'Late5',
      'Wk1',
      'Wk2',
      'Wk3',
    ]);
    expect(thursday.vacation_count).toBe(8);
    // The week before, Span is alone: named from Thursday to Sunday.
    const month = await monthOf();
    for (const date of ['2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08'])
      expect(names(dayOf(month, date).vacation)).toEqual(['Span']);
  });

  it('keeps every name and the same counts in a filtered view that fits, by department or by people', async () => {
    const inSmall = (name: string) => ['Long01', 'Long02', 'Long03', 'Long04', 'Late1'].includes(name);
    const byDepartment = await monthOf({ department: [id.small] });
    const chosen = ['Wk1', 'Long05', 'Late2', 'Span', 'Ill03'];
    const byPeople = await monthOf({ users: chosen.map((name) => id[name]) });
    for (const [month, only] of [
      [byDepartment, inSmall],
      [byPeople, (name: string) => chosen.includes(name)],
    ] as const) {
      for (const day of days(month)) {
        expect(names(day.vacation).sort(), day.date).toEqual(truth(day.date, false, only).sort());
        expect(names(day.sick_leave).sort(), day.date).toEqual(truth(day.date, true, only).sort());
        expect(day.vacation_count).toBe(day.vacation.length);
        expect(day.sick_leave_count).toBe(day.sick_leave.length);
      }
    }
    expect(names(dayOf(byDepartment, '2026-11-10').vacation)).toEqual([
      'Long01',
      'Long02',
      'Long03',
      'Long04',
    ]);
  });

  it('lays out a four-week month (February 2027) with an absence running past its last Sunday', async () => {
    const [wk1] = await t.db
      .select()
      .from(users)
      .where(inArray(users.id, [id.Wk1!]));
    await t.db.insert(absences).values({
      companyId: wk1!.companyId,
      userId: id.Wk1!,
      kind: 'vacation',
      fromDate: '2027-02-25',
      toDate: '2027-03-09',
      status: 'approved',
    });
    const february = await monthOf({ year: 2027, month: 2 });
    expect(february.weeks).toHaveLength(4);
    const last = days(february).at(-1) as Day;
    expect(last.date).toBe('2027-02-28');
    expect(last).toMatchObject({
      vacation_count: 1,
      vacation: [expect.objectContaining({ first_name: 'Wk1' })],
    });
    expect(
      days(february)
        .filter((day) => day.vacation.length > 0)
        .map((day) => day.date),
    ).toEqual(['2027-02-25', '2027-02-26', '2027-02-27', '2027-02-28']);
  });

  it('counts without naming anyone when detail is false', async () => {
    const month = await monthOf({ detail: false });
    expect(dayOf(month, '2026-11-09')).toMatchObject({ vacation: [], vacation_count: 16 });
    expect(dayOf(month, '2026-11-18')).toMatchObject({ sick_leave: [], sick_leave_count: 11 });
  });
});
