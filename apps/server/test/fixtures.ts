import { GROUP_HR, GROUP_USER } from '@atrium/contracts';
import type { Db } from '../src/db/client';
import { companies, companyMembers, userGroups, userRights, users } from '../src/db/schema/index';
import type { TestApp } from './test-app';

let serial = 0;

export async function createCompany(db: Db, name = `Company ${++serial}`) {
  const [company] = await db.insert(companies).values({ name }).returning();
  if (!company) throw new Error('company not created');
  return company;
}

export async function createUser(
  db: Db,
  options: {
    companyId: number;
    email?: string;
    firstName?: string;
    lastName?: string;
    groups?: number[];
    rights?: string[];
    isActive?: boolean;
    alsoIn?: number[];
  },
) {
  const n = ++serial;
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user${n}@example.test`,
      firstName: options.firstName ?? `First${n}`,
      lastName: options.lastName ?? `Last${n}`,
      companyId: options.companyId,
      isActive: options.isActive ?? true,
    })
    .returning();
  if (!user) throw new Error('user not created');
  const memberOf = [options.companyId, ...(options.alsoIn ?? [])];
  await db.insert(companyMembers).values(memberOf.map((companyId) => ({ userId: user.id, companyId })));
  const groupIds = options.groups ?? [GROUP_USER];
  if (groupIds.length) {
    await db
      .insert(userGroups)
      .values(groupIds.map((groupId) => ({ userId: user.id, companyId: options.companyId, groupId })));
  }
  if (options.rights?.length) {
    await db
      .insert(userRights)
      .values(options.rights.map((right) => ({ userId: user.id, companyId: options.companyId, right })));
  }
  return user;
}

/**
 * The cast of the suites about one person's things, each logged in. Acme: Emma, whose things are asked
 * about; Bob, to be her manager (each suite links him with the manager types it needs); Hana, HR; Sam, a
 * colleague with no part in them. Other Ltd: Olga, a stranger to Acme.
 */
export async function createAcmeCast(t: Pick<TestApp, 'db' | 'login'>) {
  const acme = (await createCompany(t.db, 'Acme')).id;
  const other = (await createCompany(t.db, 'Other Ltd')).id;
  const person = async (companyId: number, email: string, groups?: number[]) =>
    (await createUser(t.db, { companyId, email, groups })).id;
  const id = {
    emma: await person(acme, 'emma@acme.test'),
    bob: await person(acme, 'bob@acme.test'),
    hana: await person(acme, 'hana@acme.test', [GROUP_HR, GROUP_USER]),
    sam: await person(acme, 'sam@acme.test'),
    olga: await person(other, 'olga@other.test'),
  };
  return {
    acme,
    other,
    id,
    emma: await t.login('emma@acme.test'),
    bob: await t.login('bob@acme.test'),
    hana: await t.login('hana@acme.test'),
    sam: await t.login('sam@acme.test'),
    olga: await t.login('olga@other.test'),
  };
}
