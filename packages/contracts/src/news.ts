import { z } from 'zod';
import { POST_BODY_MAX, POST_TITLE_MAX } from './constants';
import { requiredId } from './managers';

export const POSTS_PAGE_SIZE = 10;

export const PostAuthor = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  /** The job position's name, or 'N/A'. */
  job_position_name: z.string(),
});
export type PostAuthor = z.infer<typeof PostAuthor>;

export const Post = z.object({
  id: z.number(),
  title: z.string(),
  /** The Markdown source, as the editor typed it. */
  body: z.string(),
  /** The body rendered to HTML that is safe to insert: no raw HTML, only http(s) and mailto links. */
  body_html: z.string(),
  /** The cover picture's URL (WebP), or null. */
  cover: z.string().nullable(),
  author: PostAuthor,
  company: z.number(),
  /** ISO 8601 date and time. */
  created_at: z.string(),
  updated_at: z.string(),
  /** The id of the post's comment chat (GET /api/chats/{chat}/). */
  chat: z.number(),
  /** Comments not deleted, replies included. */
  comments_count: z.number(),
  likes_count: z.number(),
  /** Liked by the viewer. */
  liked: z.boolean(),
  /** The viewer may edit and delete it (holds create_posts in the post's company). */
  can_edit: z.boolean(),
});
export type Post = z.infer<typeof Post>;

/** GET /api/posts/: one company's posts (the active company's by default), newest first, 10 a page. */
export const PostsQuery = z.object({
  company: requiredId('company').optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().positive().default(1),
});
export type PostsQuery = z.input<typeof PostsQuery>;

export const PostsPage = z.object({
  count: z.number(),
  /** The URL of the next page, or null on the last one. */
  next: z.string().nullable(),
  results: z.array(Post),
});
export type PostsPage = z.infer<typeof PostsPage>;

const Title = z
  .string({ error: (issue) => (issue.input === undefined ? 'Title is required' : 'Title must be text') })
  .trim()
  .min(1, 'Title is required')
  .max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters`);
const Body = z
  .string({ error: 'Body must be text' })
  .max(POST_BODY_MAX, `Body must be at most ${POST_BODY_MAX.toLocaleString('en')} characters`);

/** POST /api/posts/: publish in a company (the active one unless named) where one holds create_posts. */
export const CreatePostBody = z.strictObject({
  title: Title,
  body: Body.default(''),
  company: requiredId('company').optional(),
});
export type CreatePostBody = z.input<typeof CreatePostBody>;

/** PATCH /api/posts/{id}/: what is sent changes; the cover has its own route. */
export const UpdatePostBody = z.strictObject({ title: Title.optional(), body: Body.optional() });
export type UpdatePostBody = z.input<typeof UpdatePostBody>;

/** POST /api/posts/preview/: how a body will look, rendered by the server exactly as a saved post. */
export const PreviewBody = z.strictObject({ body: Body });
export const PreviewResponse = z.object({ body_html: z.string() });
export type PreviewResponse = z.infer<typeof PreviewResponse>;
