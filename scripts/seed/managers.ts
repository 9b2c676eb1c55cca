import type { Db } from '../../apps/server/src/db/client';
import { managerLinks } from '../../apps/server/src/db/schema/index';
import { insertRows } from './bulk';
import type { Dictionaries } from './dictionaries';
import type { Company, Seat } from './structure';

/**
 * Subordination as the plan set it: members report to their team lead, leads to the department head,
 * department heads to the division head, division heads to the CEO (manager); the first department head
 * and the first team lead stand in for their boss (deputy); every division has an HR business partner
 * (hrbp); a few people also work for another team's lead (extra). Written after all users, since a link
 * may point at someone placed later.
 */
export async function insertManagerLinks(
  db: Db,
  company: Company,
  seats: readonly Seat[],
  dictionaries: Dictionaries,
): Promise<number> {
  const rows = seats.flatMap((seat) =>
    seat.links.map((link) => ({
      userId: seat.id,
      managerId: link.manager.id,
      managerTypeId: dictionaries.id('UserManagerType', link.type, company.id),
    })),
  );
  await insertRows(db, managerLinks, rows);
  return rows.length;
}
