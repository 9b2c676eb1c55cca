import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, userRights } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import type { ChatAccess } from '../chats/access';
import { memberCompanyIds } from '../users/policy';

export const POST_EDITOR_RIGHT = 'create_posts';

/** Post editors hold create_posts in a company: they write, edit and delete its posts and moderate comments. */
export async function isPostEditor(db: Db, userId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ right: userRights.right })
    .from(userRights)
    .where(
      and(
        eq(userRights.userId, userId),
        eq(userRights.companyId, companyId),
        eq(userRights.right, POST_EDITOR_RIGHT),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type PostRef = { id: number; companyId: number; chatId: number };
export type PostAccess = { post: PostRef; canEdit: boolean };

/** A post is read by the members of its company and edited by its post editors; null: not to be seen (404). */
async function accessTo(db: Db, viewer: SessionInfo, post: PostRef | undefined): Promise<PostAccess | null> {
  if (!post || !(await memberCompanyIds(db, viewer.userId)).includes(post.companyId)) return null;
  return { post, canEdit: await isPostEditor(db, viewer.userId, post.companyId) };
}

const postRef = { id: posts.id, companyId: posts.companyId, chatId: posts.chatId };

export async function postAccess(db: Db, viewer: SessionInfo, postId: number) {
  const [post] = await db.select(postRef).from(posts).where(eq(posts.id, postId));
  return accessTo(db, viewer, post);
}

/** A post's comments follow the post: its readers comment, its editors moderate. */
export async function postChatAccess(
  db: Db,
  chatId: number,
  viewer: SessionInfo,
): Promise<ChatAccess | null> {
  const [post] = await db.select(postRef).from(posts).where(eq(posts.chatId, chatId));
  const access = await accessTo(db, viewer, post);
  return access && { audience: { companyId: access.post.companyId }, moderator: access.canEdit };
}
