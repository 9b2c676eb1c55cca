import { type CalendarMonth, GROUP_HR, GROUP_USER } from '@atrium/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absences, departments, holidays, levelTypes, users } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * Decision 0018: each process keeps the company months it computed under the calendar version, which
 * triggers move on every write that can change a month. The writes here go straight to the database, as
 * another process, a script or psql would make them: the app hears of none of them, and must still
 * answer with each at once. Acme (divisions North and South): Hana (HR), Ann and Ben (North), Cid (South).
 */
let t: TestApp;
let statements: string[] = [];
let acme: number;
const id: Record<string, number> = {};
let hana: HttpClient;
let ben: HttpClient;

const november = async (client: HttpClient, body: Record<string, unknown> = {}) => {
  const response = await client.post('/api/calendars/company/filter/', {
    year: 2026,
    month: 11,
    detail: true,
    ...body,
  });
  expect(response.status).toBe(200);
  return response.body as CalendarMonth;
};
const day = (month: CalendarMonth, date: string) => {
  const found = month.weeks.flatMap((w) => w.days).find((d) => d.date === date);
  if (!found) throw new Error(`no ${date} on the grid`);
  return found;
};
const approved = (person: string, kind: 'vacation' | 'business_trip', fromDate: string, toDate: string) =>
  t.db
    .insert(absences)
    .values({ companyId: acme, userId: id[person]!, kind, fromDate, toDate, status: 'approved' });
const namesOn = (month: CalendarMonth, date: string) => day(month, date).vacation.map((p) => p.first_name);

beforeAll(async () => {
  t = await createTestApp({ logger: { logQuery: (query) => statements.push(query) } });
  acme = (await createCompany(t.db, 'Acme')).id;
  const [level] = await t.db
    .insert(levelTypes)
    .values({ companyId: acme, name: 'Division', depth: 1 })
    .returning();
  for (const name of ['North', 'South']) {
    const [node] = await t.db
      .insert(departments)
      .values({ companyId: acme, name, levelTypeId: level!.id })
      .returning();
    id[name] = node!.id;
  }
  const person = async (firstName: string, division: string | null, groups = [GROUP_USER]) => {
    const user = await createUser(t.db, {
      companyId: acme,
      firstName,
      email: `${firstName.toLowerCase()}@acme.test`,
      groups,
    });
    if (division) await t.db.update(users).set({ divisionId: id[division] }).where(eq(users.id, user.id));
    id[firstName] = user.id;
  };
  await person('Hana', null, [GROUP_HR, GROUP_USER]);
  await person('Ann', 'North');
  await person('Ben', 'North');
  await person('Cid', 'South');
  hana = await t.login('hana@acme.test');
  ben = await t.login('ben@acme.test');
});

afterAll(() => t.close());

describe('a company month kept by the process', () => {
  it('answers a repeated month from one statement, without reading absences again', async () => {
    await approved('Ann', 'vacation', '2026-11-09', '2026-11-13');
    const first = await november(ben);
    statements = [];
    const again = await november(ben);
    const sent = statements;
    expect(again).toEqual(first);
    expect(sent.filter((s) => s.includes('"absences"'))).toEqual([]);
    expect(sent.filter((s) => s.includes('people_version'))).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(2); // the version with the viewer's rights, and perhaps the session
  });

  it('tells each viewer only the kinds they may know, from the same kept month', async () => {
    await approved('Cid', 'business_trip', '2026-11-16', '2026-11-17');
    const byHr = day(await november(hana), '2026-11-16').vacation.find((p) => p.user === id.Cid);
    const byColleague = day(await november(ben), '2026-11-16').vacation.find((p) => p.user === id.Cid);
    expect(byHr?.kind).toBe('business_trip');
    expect(byColleague).toBeDefined();
    expect(byColleague).not.toHaveProperty('kind');
  });

  it('shows every write that changes a month at once, whoever makes it', async () => {
    const [trip] = await t.db
      .insert(absences)
      .values({
        companyId: acme,
        userId: id.Ben!,
        kind: 'vacation',
        fromDate: '2026-11-23',
        toDate: '2026-11-24',
      })
      .returning();
    expect(day(await november(ben), '2026-11-23').vacation_count).toBe(0); // pending: not shown

    await t.db.update(absences).set({ status: 'approved' }).where(eq(absences.id, trip!.id));
    expect(namesOn(await november(ben), '2026-11-23')).toEqual(['Ben']);

    await t.db.update(users).set({ firstName: 'Benedict' }).where(eq(users.id, id.Ben!));
    expect(namesOn(await november(ben), '2026-11-23')).toEqual(['Benedict']);

    await t.db.update(users).set({ divisionId: id.South }).where(eq(users.id, id.Ben!));
    expect(day(await november(ben, { division: [id.North] }), '2026-11-23').vacation_count).toBe(0);
    expect(day(await november(ben, { division: [id.South] }), '2026-11-23').vacation_count).toBe(1);

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, id.Ann!));
    expect(day(await november(ben), '2026-11-10').vacation_count).toBe(0);
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, id.Ann!));
    expect(day(await november(ben), '2026-11-10').vacation_count).toBe(1);

    expect(day(await november(ben), '2026-11-25').day_off).toBe(false);
    await t.db
      .insert(holidays)
      .values({ companyId: acme, date: '2026-11-25', name: 'Founders Day', vacation: true });
    expect(day(await november(ben), '2026-11-25').day_off).toBe(true);

    await t.db.execute(sql`delete from ${absences} where ${absences.id} = ${trip!.id}`);
    expect(day(await november(ben), '2026-11-23').vacation_count).toBe(0);
  });

  it('keeps filters apart: the same ids in another order are the same month, other ids another', async () => {
    const both = await november(ben, { users: [id.Ann!, id.Cid!] });
    expect(await november(ben, { users: [id.Cid!, id.Ann!, id.Cid!] })).toEqual(both);
    const annOnly = await november(ben, { users: [id.Ann!] });
    expect(day(annOnly, '2026-11-16').vacation_count).toBe(0);
    expect(day(both, '2026-11-16').vacation_count).toBe(1);
  });
});
