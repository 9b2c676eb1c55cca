import { POSTS_PAGE_SIZE, type Post } from '@atrium/contracts';
import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoText } from '../../db/iso-text';
import { preparedOnce } from '../../db/prepared';
import {
  chats,
  companies,
  companyMembers,
  dictionaryItems,
  postCovers,
  postLikes,
  posts,
  users,
} from '../../db/schema/index';
import { createChat } from '../chats/service';
import { renderMarkdown } from './markdown';
import { holdsPostEditorRight } from './policy';

/** The URL of a post's cover at a version; the version changes with each upload. */
export const coverUrl = (postId: number, version: string) => `/api/posts/${postId}/cover/?v=${version}`;

/**
 * Posts with their author, cover and counts as the viewer (`viewer`: their like) sees them: the select
 * that a condition, an order and a page complete.
 */
const postRows = (db: Db, viewer: number | Placeholder) =>
  db
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
      createdAt: isoText(posts.createdAt),
      updatedAt: isoText(posts.updatedAt),
      chat: posts.chatId,
      comments: chats.messageCount,
      likes: sql`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`.mapWith(
        Number,
      ),
      liked:
        sql`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer})`.mapWith(
          Boolean,
        ),
    })
    .from(posts)
    .innerJoin(chats, eq(chats.id, posts.chatId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(dictionaryItems, eq(dictionaryItems.id, users.jobPositionId))
    .leftJoin(postCovers, eq(postCovers.postId, posts.id));

type PostRow = Awaited<ReturnType<typeof postRows>>[number];

/** A post as the API answers it; `canEdit` is whether the viewer edits in the post's company. */
const toPost = (row: PostRow, canEdit: boolean): Post => ({
  id: row.id,
  title: row.title,
  body: row.body,
  // Rendered on every read, so that a fix to the renderer reaches every post at once.
  body_html: renderMarkdown(row.body),
  cover: row.coverVersion ? coverUrl(row.id, row.coverVersion) : null,
  author: { ...row.author, job_position_name: row.author.job_position_name ?? 'N/A' },
  company: row.company,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  chat: row.chat,
  comments_count: row.comments,
  likes_count: row.likes,
  liked: row.liked,
  can_edit: canEdit,
});

/**
 * Who the viewer is in a company's feed and how many posts it has: one statement, built once. No row
 * when the company does not exist.
 */
const feedStandingStatement = preparedOnce('feed_standing', (db, name) => {
  const viewer = sql.placeholder('viewer');
  // The company as a parameter in each subquery: a column of the outer table would be written unqualified
  // by Drizzle (one table, no join) and read as the subquery's own.
  const company = sql.placeholder('company');
  return db
    .select({
      member:
        sql`exists (select 1 from ${companyMembers} where ${companyMembers.userId} = ${viewer} and ${companyMembers.companyId} = ${company})`.mapWith(
          Boolean,
        ),
      editor: holdsPostEditorRight(viewer, company).mapWith(Boolean),
      total: sql`(select count(*)::int from ${posts} where ${posts.companyId} = ${company})`.mapWith(Number),
    })
    .from(companies)
    .where(eq(companies.id, company))
    .prepare(name);
});

/** A page of a company's feed: built once, as every visit of the news page sends it. */
const feedPageStatement = preparedOnce('feed_page', (db, name) =>
  postRows(db, sql.placeholder('viewer'))
    .where(eq(posts.companyId, sql.placeholder('company')))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/**
 * One page of a company's feed, newest first, with the number of all its posts; null when the viewer is
 * not a member of the company (its feed then answers as if it did not exist). Two statements.
 */
export async function listPosts(
  db: Db,
  input: { viewerId: number; companyId: number; page: number },
): Promise<{ count: number; results: Post[] } | null> {
  const [standing] = await feedStandingStatement(db).execute({
    viewer: input.viewerId,
    company: input.companyId,
  });
  if (!standing?.member) return null;
  const offset = (input.page - 1) * POSTS_PAGE_SIZE;
  // Past the last post there is nothing to read.
  const rows =
    offset < standing.total
      ? await feedPageStatement(db).execute({
          viewer: input.viewerId,
          company: input.companyId,
          limit: POSTS_PAGE_SIZE,
          offset,
        })
      : [];
  return { count: standing.total, results: rows.map((row) => toPost(row, standing.editor)) };
}

export async function loadPost(db: Db, viewerId: number, postId: number, canEdit: boolean): Promise<Post> {
  const [row] = await postRows(db, viewerId).where(eq(posts.id, postId));
  if (!row) throw new Error(`post ${postId} not found`);
  return toPost(row, canEdit);
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
