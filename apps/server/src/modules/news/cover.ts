import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { postCovers, posts } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { sniffType } from '../../lib/files';
import { INVALID_IMAGE } from '../avatars/service';

const IMAGE_TYPES = new Set(['jpeg', 'png', 'gif', 'webp']);
/** Covers are shown across the feed's width; larger pictures are scaled down to this box. */
const COVER_BOX = { width: 1600, height: 1200 };

/**
 * Re-encodes an uploaded cover to WebP under the avatar rules: only real JPEG, PNG, GIF and WebP files
 * pass, judged by their bytes (SVG and its scripts never reach the decoder), and the decoder must read them.
 */
async function encodeCover(bytes: Uint8Array) {
  const type = sniffType(bytes);
  if (!type || !IMAGE_TYPES.has(type)) throw badRequest(INVALID_IMAGE);
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ ...COVER_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(INVALID_IMAGE);
  }
}

/** Sets a post's cover (an edit of the post). */
export async function saveCover(db: Db, postId: number, bytes: Uint8Array, now: Date) {
  const image = await encodeCover(bytes);
  const version = randomBytes(6).toString('base64url');
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
