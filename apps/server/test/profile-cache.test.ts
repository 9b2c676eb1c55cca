import { GROUP_HR } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers, groupPermissions, userGroups, users } from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * Decision 0037: each process keeps profiles under the people version. The writes here go straight to
 * the database, as a script in the process would make them: the next answer must follow each, whether
 * it changes the person or the viewer's standing (HR of the company, a member of it). Acme: Hana (HR),
 * Ann and Ben; Other Ltd, where Ben is a member too.
 */
let t: TestApp;
let statements: string[] = [];
let acme: number;
let other: number;
const id: Record<string, number> = {};
let hana: HttpClient;
let ben: HttpClient;

const profile = async (client: HttpClient, userId: number) => client.get(`/api/users/${userId}/`);

beforeAll(async () => {
  t = await createTestApp({ logger: { logQuery: (query) => statements.push(query) } });
  acme = (await createCompany(t.db, 'Acme')).id;
  other = (await createCompany(t.db, 'Other Ltd')).id;
  id.Hana = (
    await createUser(t.db, {
      companyId: acme,
      firstName: 'Hana',
      email: 'hana@acme.test',
      groups: [GROUP_HR],
    })
  ).id;
  id.Ann = (await createUser(t.db, { companyId: acme, firstName: 'Ann', email: 'ann@acme.test' })).id;
  id.Ben = (
    await createUser(t.db, { companyId: acme, firstName: 'Ben', email: 'ben@acme.test', alsoIn: [other] })
  ).id;
  await t.db.update(users).set({ mobilePhone: '+420 600 000 001' }).where(eq(users.id, id.Ann!));
  hana = await t.login('hana@acme.test');
  ben = await t.login('ben@acme.test');
});

afterAll(() => t.close());

describe('profiles kept by the process', () => {
  it('answers a profile asked for again without reading it', async () => {
    const first = await profile(ben, id.Ann!);
    statements = [];
    const again = await profile(ben, id.Ann!);
    expect(again.body).toEqual(first.body);
    expect(statements.filter((s) => s.includes('"users"') || s.includes('people_version'))).toEqual([]);
  });

  it("shows a change of the person at once, and the person's company renamed", async () => {
    await profile(ben, id.Ann!);
    await t.db.update(users).set({ nickname: 'annie' }).where(eq(users.id, id.Ann!));
    expect((await profile(ben, id.Ann!)).body.nickname).toBe('annie');
    await t.db.update(companies).set({ name: 'Acme Group' }).where(eq(companies.id, acme));
    expect((await profile(ben, id.Ann!)).body.company_name).toBe('Acme Group');
  });

  it('shows HR private fields only while HR holds the right, at once when it is taken or given back', async () => {
    expect((await profile(hana, id.Ann!)).body).toMatchObject({
      mobile_phone: '+420 600 000 001',
      can_edit: true,
    });
    await t.db
      .delete(userGroups)
      .where(and(eq(userGroups.userId, id.Hana!), eq(userGroups.groupId, GROUP_HR)));
    const colleague = (await profile(hana, id.Ann!)).body;
    expect(colleague).not.toHaveProperty('mobile_phone');
    expect(colleague.can_edit).toBe(false);
    await t.db.insert(userGroups).values({ userId: id.Hana!, companyId: acme, groupId: GROUP_HR });
    expect((await profile(hana, id.Ann!)).body).toHaveProperty('mobile_phone');

    const rights = await t.db.select().from(groupPermissions).where(eq(groupPermissions.groupId, GROUP_HR));
    expect(rights.length).toBeGreaterThan(0);
    await t.db.delete(groupPermissions).where(eq(groupPermissions.groupId, GROUP_HR));
    expect((await profile(hana, id.Ann!)).body).not.toHaveProperty('mobile_phone');
    await t.db.insert(groupPermissions).values(rights);
    expect((await profile(hana, id.Ann!)).body).toHaveProperty('mobile_phone');
  });

  it('refuses a person of a company the viewer has just left', async () => {
    const ola = (await createUser(t.db, { companyId: other, firstName: 'Ola', email: 'ola@other.test' })).id;
    expect((await profile(ben, ola)).status).toBe(200);
    await t.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.userId, id.Ben!), eq(companyMembers.companyId, other)));
    expect((await profile(ben, ola)).status).toBe(404);
  });
});
