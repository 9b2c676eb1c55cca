import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatars, users } from '../../db/schema/index';
import { newPictureVersion, toWebp } from '../../lib/pictures';

export const AVATAR_SIZES = { large: 512, small: 96 } as const;

/** The URL of a user's avatar at a version; the version changes with each upload. */
export const avatarUrl = (userId: number, version: string) => `/api/users/${userId}/avatar/?v=${version}`;

/** The two avatar squares of an uploaded picture. */
async function encodeAvatar(bytes: Uint8Array) {
  const square = (size: number) => toWebp(bytes, { width: size, height: size, fit: 'cover' }, 85);
  const [large, small] = await Promise.all([square(AVATAR_SIZES.large), square(AVATAR_SIZES.small)]);
  return { large, small };
}

/** Stores a new avatar for a user and points the user's avatar URL at it. */
export async function saveAvatar(db: Db, userId: number, bytes: Uint8Array, now: Date) {
  const { large, small } = await encodeAvatar(bytes);
  const version = newPictureVersion();
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
