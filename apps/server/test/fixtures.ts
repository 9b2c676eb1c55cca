import { GROUP_USER } from '@atrium/contracts';
import type { Db } from '../src/db/client';
import { companies, companyMembers, userGroups, userRights, users } from '../src/db/schema/index';

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
