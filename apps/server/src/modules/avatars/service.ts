import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { avatars, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { sniffType } from '../../lib/files';

export const INVALID_IMAGE = 'Image file is not valid';
const IMAGE_TYPES = new Set(['jpeg', 'png', 'gif', 'webp']);
export const AVATAR_SIZES = { large: 512, small: 96 } as const;

/** The URL of a user's avatar at a version; the version changes with each upload. */
export const avatarUrl = (userId: number, version: string) => `/api/users/${userId}/avatar/?v=${version}`;

/**
 * Re-encodes an uploaded picture into the two avatar squares. Only real JPEG, PNG, GIF and WebP files
 * pass, judged by their bytes; anything else (text named .png, SVG with its scripts) is refused before
 * the decoder sees it, and a file the decoder cannot read is refused too.
 */
async function encodeAvatar(bytes: Uint8Array) {
  const type = sniffType(bytes);
  if (!type || !IMAGE_TYPES.has(type)) throw badRequest(INVALID_IMAGE);
  try {
    // failOn 'error' refuses truncated or corrupt images; the first frame of an animation is kept.
    const square = (size: number) =>
      sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize(size, size, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer();
    const [large, small] = await Promise.all([square(AVATAR_SIZES.large), square(AVATAR_SIZES.small)]);
    return { large, small };
  } catch {
    throw badRequest(INVALID_IMAGE);
  }
}

/** Stores a new avatar for a user and points the user's avatar URL at it. */
export async function saveAvatar(db: Db, userId: number, bytes: Uint8Array, now: Date) {
  const { large, small } = await encodeAvatar(bytes);
  const version = randomBytes(6).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .insert(avatars)
      .values({ userId, large, small, version, updatedAt: now })
      .onConflictDoUpdate({ target: avatars.userId, set: { large, small, version, updatedAt: now } });
    await tx
      .update(users)
      .set({ avatar: avatarUrl(userId, version), updatedAt: now })
      .where(eq(users.id, userId));
  });
  return avatarUrl(userId, version);
}

export async function loadAvatar(db: Db, userId: number, size: keyof typeof AVATAR_SIZES) {
  const [row] = await db
    .select({ bytes: size === 'large' ? avatars.large : avatars.small, version: avatars.version })
    .from(avatars)
    .where(eq(avatars.userId, userId));
  return row;
}
