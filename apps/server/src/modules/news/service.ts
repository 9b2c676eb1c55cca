import { POSTS_PAGE_SIZE, type Post } from '@atrium/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatMessages,
  chats,
  dictionaryItems,
  postCovers,
  postLikes,
  posts,
  users,
} from '../../db/schema/index';
import { createChat } from '../chats/service';
import { renderMarkdown } from './markdown';

/** The URL of a post's cover at a version; the version changes with each upload. */
export const coverUrl = (postId: number, version: string) => `/api/posts/${postId}/cover/?v=${version}`;

/** Posts as the viewer sees them, newest first; `canEdit` is whether the viewer edits in their company. */
async function selectPosts(
  db: Db,
  viewerId: number,
  where: SQL,
  canEdit: (companyId: number) => boolean,
  page = { limit: 1, offset: 0 },
): Promise<Post[]> {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      body: posts.body,
      coverVersion: postCovers.version,
      author: {
        id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        avatar: users.avatar,
        job_position_name: dictionaryItems.name,
      },
      company: posts.companyId,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      chat: posts.chatId,
      comments:
        sql`(select count(*)::int from ${chatMessages} where ${chatMessages.chatId} = ${posts.chatId} and ${chatMessages.deletedAt} is null)`.mapWith(
          Number,
        ),
      likes: sql`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`.mapWith(
        Number,
      ),
      liked:
        sql`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`.mapWith(
          Boolean,
        ),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(dictionaryItems, eq(dictionaryItems.id, users.jobPositionId))
    .leftJoin(postCovers, eq(postCovers.postId, posts.id))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    // Rendered on every read, so that a fix to the renderer reaches every post at once.
    body_html: renderMarkdown(row.body),
    cover: row.coverVersion ? coverUrl(row.id, row.coverVersion) : null,
    author: { ...row.author, job_position_name: row.author.job_position_name ?? 'N/A' },
    company: row.company,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    chat: row.chat,
    comments_count: row.comments,
    likes_count: row.likes,
    liked: row.liked,
    can_edit: canEdit(row.company),
  }));
}

/** One page of a company's feed, newest first. */
export async function listPosts(
  db: Db,
  input: { viewerId: number; companyId: number; canEdit: boolean; page: number },
) {
  const inCompany = eq(posts.companyId, input.companyId);
  const [total, results] = await Promise.all([
    db.select({ n: count() }).from(posts).where(inCompany),
    selectPosts(db, input.viewerId, inCompany, () => input.canEdit, {
      limit: POSTS_PAGE_SIZE,
      offset: (input.page - 1) * POSTS_PAGE_SIZE,
    }),
  ]);
  return { count: total[0]?.n ?? 0, results };
}

export async function loadPost(db: Db, viewerId: number, postId: number, canEdit: boolean): Promise<Post> {
  const [post] = await selectPosts(db, viewerId, eq(posts.id, postId), () => canEdit);
  if (!post) throw new Error(`post ${postId} not found`);
  return post;
}

/** Publishes a post together with its comment chat. */
export async function createPost(
  db: Db,
  input: { authorId: number; companyId: number; title: string; body: string; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const chatId = await createChat(tx, 'post', input.now);
    const [post] = await tx
      .insert(posts)
      .values({
        companyId: input.companyId,
        authorId: input.authorId,
        chatId,
        title: input.title,
        body: input.body,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: posts.id });
    if (!post) throw new Error('post not created');
    return post.id;
  });
}

export async function updatePost(
  db: Db,
  postId: number,
  changes: { title?: string; body?: string },
  now: Date,
) {
  await db
    .update(posts)
    .set({ ...changes, updatedAt: now })
    .where(eq(posts.id, postId));
}

/** Removes a post with its likes, cover, chat and comments. */
export async function deletePost(db: Db, post: { id: number; chatId: number }) {
  await db.transaction(async (tx) => {
    await tx.delete(posts).where(eq(posts.id, post.id));
    await tx.delete(chats).where(eq(chats.id, post.chatId));
  });
}

/** Likes or unlikes a post for the user; idempotent, and one row per person keeps a like from counting twice. */
export async function setPostLike(
  db: Db,
  input: { postId: number; userId: number; like: boolean; now: Date },
) {
  if (input.like) {
    await db
      .insert(postLikes)
      .values({ postId: input.postId, userId: input.userId, createdAt: input.now })
      .onConflictDoNothing();
  } else {
    await db
      .delete(postLikes)
      .where(and(eq(postLikes.postId, input.postId), eq(postLikes.userId, input.userId)));
  }
}
