import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postCovers, posts } from '../../db/schema/index';
import { newPictureVersion, toWebp } from '../../lib/pictures';

/** Covers are shown across the feed's width; larger pictures are scaled down to this box. */
const COVER_BOX = { width: 1600, height: 1200 };

/** Sets a post's cover (an edit of the post). */
export async function saveCover(db: Db, postId: number, bytes: Uint8Array, now: Date) {
  const image = await toWebp(bytes, { ...COVER_BOX, fit: 'inside', withoutEnlargement: true }, 82);
  const version = newPictureVersion();
  await db.transaction(async (tx) => {
    await tx
      .insert(postCovers)
      .values({ postId, image, version, updatedAt: now })
      .onConflictDoUpdate({ target: postCovers.postId, set: { image, version, updatedAt: now } });
    await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, postId));
  });
}

export async function removeCover(db: Db, postId: number, now: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(postCovers).where(eq(postCovers.postId, postId));
    await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, postId));
  });
}

export async function loadCover(db: Db, postId: number) {
  const [cover] = await db
    .select({ image: postCovers.image, version: postCovers.version })
    .from(postCovers)
    .where(eq(postCovers.postId, postId));
  return cover;
}
