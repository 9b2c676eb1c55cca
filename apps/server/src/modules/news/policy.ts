import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { companyMembers, posts, userRights } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import type { ChatAccess } from '../chats/access';

export const POST_EDITOR_RIGHT = 'create_posts';

/** "The user holds create_posts in the company" as a condition inside a larger statement. */
export const holdsPostEditorRight = (userId: number | Placeholder, companyId: number | Placeholder) =>
  sql`exists (select 1 from ${userRights} where ${userRights.userId} = ${userId}
    and ${userRights.companyId} = ${companyId} and ${userRights.right} = ${POST_EDITOR_RIGHT})`;

/** Post editors hold create_posts in a company: they write, edit and delete its posts and moderate comments. */
export async function isPostEditor(db: Db, userId: number, companyId: number): Promise<boolean> {
  const [row] = await queryRows<{ editor: boolean }>(
    db,
    sql`select ${holdsPostEditorRight(userId, companyId)} as editor`,
  );
  return row?.editor === true;
}

export type PostRef = { id: number; companyId: number; chatId: number };
export type PostAccess = { post: PostRef; canEdit: boolean };

type AccessRow = PostRef & { member: boolean; canEdit: boolean };

/** The look-up of a post as a viewer may use it, the post found by `where` (a condition on its `key`). */
function accessStatement(name: string, where: SQL) {
  const viewer = sql.placeholder('viewer');
  return preparedSql<AccessRow>(
    name,
    sql`select p.id, p.company_id as "companyId", p.chat_id as "chatId",
      exists (select 1 from ${companyMembers} m
        where m.user_id = ${viewer} and m.company_id = p.company_id) as member,
      exists (select 1 from ${userRights} r where r.user_id = ${viewer}
        and r.company_id = p.company_id and r."right" = ${POST_EDITOR_RIGHT}) as "canEdit"
    from ${posts} p where ${where}`,
  );
}

const accessByPost = accessStatement('post_access', sql`p.id = ${sql.placeholder('key')}`);
const accessByChat = accessStatement('post_chat_access', sql`p.chat_id = ${sql.placeholder('key')}`);

/**
 * A post (found by the statement, by `key`) as the viewer may use it: read by the members of its company,
 * edited by its post editors; null: not to be seen (404). One statement, built once, as every request
 * about a post or its comments asks it first (issue 11).
 */
async function accessTo(
  db: Db,
  viewer: SessionInfo,
  statement: typeof accessByPost,
  key: number,
): Promise<PostAccess | null> {
  const [row] = await statement(db, { viewer: viewer.userId, key });
  if (!row?.member) return null;
  return { post: { id: row.id, companyId: row.companyId, chatId: row.chatId }, canEdit: row.canEdit };
}

export function postAccess(db: Db, viewer: SessionInfo, postId: number) {
  return accessTo(db, viewer, accessByPost, postId);
}

/** A post's comments follow the post: its readers comment, its editors moderate. */
export async function postChatAccess(
  db: Db,
  chatId: number,
  viewer: SessionInfo,
): Promise<ChatAccess | null> {
  const access = await accessTo(db, viewer, accessByChat, chatId);
  return access && { audience: { companyId: access.post.companyId }, moderator: access.canEdit };
}
