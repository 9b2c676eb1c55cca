import {
  CreatePostBody,
  POSTS_PAGE_SIZE,
  Post,
  PostsPage,
  PostsQuery,
  PreviewBody,
  PreviewResponse,
  UpdatePostBody,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { forbidden, notFound } from '../../lib/errors';
import { INVALID_IMAGE, sendPicture } from '../../lib/pictures';
import { readUpload } from '../../lib/upload';
import { requireSession } from '../../plugins/session';
import { memberCompanyIds } from '../users/policy';
import { loadCover, removeCover, saveCover } from './cover';
import { createKeptFeeds } from './kept-feeds';
import { renderMarkdown } from './markdown';
import { isPostEditor, type PostRef, postAccess } from './policy';
import { createPost, deletePost, loadPost, setPostLike, updatePost } from './service';

const tags = ['news'];
const PostParams = z.object({ id: z.coerce.number({ error: 'Expected an id' }).int().positive() });

export const newsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, events }) => {
  /** The post as its reader may act on it; a post of a company one is not in answers 404. */
  async function readable(request: FastifyRequest, postId: number) {
    const session = requireSession(request);
    const access = await postAccess(db, session, postId);
    if (!access) throw notFound();
    return { session, ...access };
  }
  async function editable(request: FastifyRequest, postId: number) {
    const access = await readable(request, postId);
    if (!access.canEdit) throw forbidden();
    return access;
  }
  const announce = (type: 'post.created' | 'post.updated' | 'post.deleted', post: PostRef) =>
    events?.publish({ type, postId: post.id, chatId: post.chatId, audience: { companyId: post.companyId } });
  const keptFeed = createKeptFeeds(db, app.workVersion);

  app.get(
    '/api/posts/',
    {
      schema: {
        tags,
        summary: "A company's posts (the active company's by default), newest first, 10 a page",
        querystring: PostsQuery,
        response: { 200: PostsPage },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const companyId = request.query.company ?? session.companyId;
      const { page } = request.query;
      const feed = await keptFeed({ viewerId: session.userId, companyId, page });
      // Another company's feed answers as if it did not exist.
      if (!feed) throw notFound();
      const { count, results } = feed;
      const next =
        page * POSTS_PAGE_SIZE < count ? `/api/posts/?company=${companyId}&page=${page + 1}` : null;
      return { count, next, results };
    },
  );

  app.get(
    '/api/posts/:id/',
    { schema: { tags, summary: 'A post', params: PostParams, response: { 200: Post } } },
    async (request) => {
      const { session, post, canEdit } = await readable(request, request.params.id);
      return loadPost(db, session.userId, post.id, canEdit);
    },
  );

  app.post(
    '/api/posts/',
    {
      schema: {
        tags,
        summary: 'Publish a post (post editors: create_posts in the company, the active one by default)',
        body: CreatePostBody,
        response: { 201: Post },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const companyId = request.body.company ?? session.companyId;
      // A company the caller is not in answers as if absent, as its feed does.
      if (!(await memberCompanyIds(db, session.userId)).includes(companyId)) throw notFound();
      if (!(await isPostEditor(db, session.userId, companyId))) throw forbidden();
      const { title, body } = request.body;
      const id = await createPost(db, { authorId: session.userId, companyId, title, body, now: clock.now() });
      const post = await loadPost(db, session.userId, id, true);
      await announce('post.created', { id, companyId, chatId: post.chat });
      return reply.code(201).send(post);
    },
  );

  app.post(
    '/api/posts/preview/',
    {
      schema: {
        tags,
        summary: "Render a post body as it will be shown, for the editor's preview (post editors)",
        body: PreviewBody,
        response: { 200: PreviewResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      if (!(await isPostEditor(db, session.userId, session.companyId))) throw forbidden();
      return { body_html: renderMarkdown(request.body.body) };
    },
  );

  app.patch(
    '/api/posts/:id/',
    {
      schema: {
        tags,
        summary: "Edit a post's title or body (post editors of its company)",
        params: PostParams,
        body: UpdatePostBody,
        response: { 200: Post },
      },
    },
    async (request) => {
      const { session, post } = await editable(request, request.params.id);
      await updatePost(db, post.id, request.body, clock.now());
      await announce('post.updated', post);
      return loadPost(db, session.userId, post.id, true);
    },
  );

  app.delete(
    '/api/posts/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a post with its comments (post editors of its company)',
        params: PostParams,
      },
    },
    async (request, reply) => {
      const { post } = await editable(request, request.params.id);
      await deletePost(db, post);
      await announce('post.deleted', post);
      return reply.code(204).send();
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    const like = method === 'POST';
    app.route({
      method,
      url: '/api/posts/:id/like/',
      schema: {
        tags,
        summary: like ? 'Like a post; idempotent' : 'Take back a like of a post; idempotent',
        params: PostParams,
        response: { 200: Post },
      },
      handler: async (request) => {
        const { session, post, canEdit } = await readable(request, request.params.id);
        await setPostLike(db, { postId: post.id, userId: session.userId, like, now: clock.now() });
        await announce('post.updated', post);
        return loadPost(db, session.userId, post.id, canEdit);
      },
    });
  }

  app.post(
    '/api/posts/:id/cover/',
    {
      schema: {
        tags,
        summary: "Set a post's cover; JPEG, PNG, GIF or WebP up to 2 MB, multipart field 'file'",
        params: PostParams,
        response: { 200: Post },
      },
    },
    async (request) => {
      const { session, post } = await editable(request, request.params.id);
      const { bytes } = await readUpload(request, INVALID_IMAGE);
      await saveCover(db, post.id, bytes, clock.now());
      await announce('post.updated', post);
      return loadPost(db, session.userId, post.id, true);
    },
  );

  app.delete(
    '/api/posts/:id/cover/',
    {
      schema: { tags, summary: "Remove a post's cover", params: PostParams, response: { 200: Post } },
    },
    async (request) => {
      const { session, post } = await editable(request, request.params.id);
      await removeCover(db, post.id, clock.now());
      await announce('post.updated', post);
      return loadPost(db, session.userId, post.id, true);
    },
  );

  app.get(
    '/api/posts/:id/cover/',
    {
      schema: {
        tags,
        summary: "A post's cover picture (WebP)",
        params: PostParams,
        querystring: z.object({ v: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { post } = await readable(request, request.params.id);
      const cover = await loadCover(db, post.id);
      if (!cover) throw notFound();
      return sendPicture(request, reply, {
        bytes: cover.image,
        etag: cover.version,
        versioned: request.query.v === cover.version,
      });
    },
  );
};
