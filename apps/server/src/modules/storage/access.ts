import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, users } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionInfo } from '../auth/sessions';
import { HR_PERMISSION, hasPermission, memberCompanyIds } from '../users/policy';

/** Whose documents a viewer manages, and which of them: all their own, or those of the company they are HR of. */
export type DocumentsScope = {
  ownerId: number;
  /** The owner's company, under which new documents are filed and whose dictionaries file them. */
  companyId: number;
  /** null: the owner's own view, every document; else HR's, the documents filed under this company. */
  hrCompanyId: number | null;
};

async function sharesCompany(db: Db, viewerId: number, personId: number): Promise<boolean> {
  if (viewerId === personId) return true;
  const [mine, theirs] = await Promise.all([memberCompanyIds(db, viewerId), memberCompanyIds(db, personId)]);
  return theirs.some((id) => mine.includes(id));
}

/**
 * Spec §6: documents filed under `companyId` for `ownerId` are managed by the owner and by HR of that
 * company; anyone else (a colleague, the owner's manager) is refused every storage call (403). Someone
 * the viewer shares no company with answers as if absent (404), so that ids cannot be probed across
 * companies.
 */
async function requireRight(db: Db, viewer: SessionInfo, ownerId: number, companyId: number) {
  if (!(await sharesCompany(db, viewer.userId, ownerId))) throw notFound();
  if (viewer.userId === ownerId) return { hr: false };
  if (await hasPermission(db, viewer.userId, companyId, HR_PERMISSION)) return { hr: true };
  throw forbidden();
}

/** The documents of a person the viewer may list and add to; throws 404 or 403 as above. */
export async function documentsOf(db: Db, viewer: SessionInfo, ownerId: number): Promise<DocumentsScope> {
  const [owner] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) throw notFound();
  const { hr } = await requireRight(db, viewer, owner.id, owner.companyId);
  return { ownerId: owner.id, companyId: owner.companyId, hrCompanyId: hr ? owner.companyId : null };
}

export type DocumentRow = typeof documents.$inferSelect;

/**
 * A document the viewer may read, change and remove: its owner's, or HR's of the company it is filed
 * under. Throws 404 for an unknown id or one of a stranger, 403 for a colleague's.
 */
export async function manageableDocument(
  db: Db,
  viewer: SessionInfo,
  id: number,
): Promise<{ document: DocumentRow; byOwner: boolean }> {
  const [document] = await db.select().from(documents).where(eq(documents.id, id));
  if (!document) throw notFound();
  const { hr } = await requireRight(db, viewer, document.userId, document.companyId);
  return { document, byOwner: !hr };
}
