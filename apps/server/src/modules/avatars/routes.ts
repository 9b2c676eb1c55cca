import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { users } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/errors';
import { INVALID_IMAGE, sendPicture } from '../../lib/pictures';
import { readUpload } from '../../lib/upload';
import { requireSession } from '../../plugins/session';
import { memberCompanyIds, profileAccess } from '../users/policy';
import { loadAvatar, saveAvatar } from './service';

const tags = ['avatars'];
const AvatarResponse = z.object({ avatar: z.string().nullable() });
const userId = z.coerce.number({ error: 'user_id must be a number' }).int().positive();

export const avatarRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/users/profile/upload-avatar/:user_id/',
    {
      schema: {
        tags,
        summary: "Upload someone's avatar (HR); JPEG, PNG, GIF or WebP up to 2 MB, multipart field 'file'",
        params: z.object({ user_id: userId }),
        response: { 200: AvatarResponse },
      },
    },
    async (request) => {
      const access = await profileAccess(db, requireSession(request), request.params.user_id);
      if (!access) throw notFound();
      if (access.editMode !== 'hr') throw forbidden();
      const { bytes } = await readUpload(request, INVALID_IMAGE);
      return { avatar: await saveAvatar(db, access.target.id, bytes, clock.now()) };
    },
  );

  app.post(
    '/api/users/profile/upload-avatar/',
    {
      schema: {
        tags,
        summary: "Upload your own avatar; JPEG, PNG, GIF or WebP up to 2 MB, multipart field 'file'",
        response: { 200: AvatarResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { bytes } = await readUpload(request, INVALID_IMAGE);
      return { avatar: await saveAvatar(db, session.userId, bytes, clock.now()) };
    },
  );

  app.get(
    '/api/users/profile/get_avatar/',
    {
      schema: {
        tags,
        summary: 'The avatar URL of a colleague by e-mail (null for anyone else)',
        querystring: z.object({ email: z.string().trim().min(1, 'email is required').max(254) }),
        response: { 200: AvatarResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const companies = await memberCompanyIds(db, session.userId);
      const [row] = await db
        .select({ avatar: users.avatar })
        .from(users)
        .where(
          sql`lower(${users.email}) = ${request.query.email.toLowerCase()} and ${users.companyId} in (${sql.join(
            companies.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      return { avatar: row?.avatar ?? null };
    },
  );

  app.get(
    '/api/users/:id/avatar/',
    {
      schema: {
        tags,
        summary: "A colleague's avatar image (WebP); ?size=small for the 96 px one",
        params: z.object({ id: userId }),
        querystring: z.object({
          v: z.string().optional(),
          size: z.enum(['large', 'small']).default('large'),
        }),
      },
    },
    async (request, reply) => {
      const access = await profileAccess(db, requireSession(request), request.params.id);
      const avatar = access && (await loadAvatar(db, access.target.id, request.query.size));
      if (!avatar) throw notFound();
      return sendPicture(request, reply, {
        bytes: avatar.bytes,
        etag: `${avatar.version}-${request.query.size}`,
        versioned: request.query.v === avatar.version,
      });
    },
  );
};
