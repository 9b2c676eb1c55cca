import {
  FormFieldPatchBody,
  FormFieldsQuery,
  FormFieldsResponse,
  GROUP_USER,
  GroupQuery,
  Profile,
  ProfileFieldsBody,
  StatusBody,
} from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { companyMembers, userGroups, users } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import { requireSession } from '../../plugins/session';
import type { SessionInfo } from '../auth/sessions';
import { loadFormConfig, publishConfig, updateFormField } from './form-config';
import { HR_PERMISSION, hasPermission, memberCompanyIds, type ProfileAccess, profileAccess } from './policy';
import { createKeptProfiles, loadProfile } from './profile';
import { createdValues, profileChanges } from './profile-audit';
import { formValues } from './profile-edit';

const tags = ['profiles'];
const UserParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive() });

async function accessOr404(db: Db, session: SessionInfo, id: number): Promise<ProfileAccess> {
  const access = await profileAccess(db, session, id);
  if (!access) throw notFound();
  return access;
}

async function profileOf(db: Db, viewerId: number, targetId: number) {
  const profile = await loadProfile(db, viewerId, targetId);
  if (!profile) throw notFound();
  return profile;
}

/**
 * Saves a form body with the configuration of a mode, then answers the updated profile. The fields it
 * changes are logged (before and after) in the same transaction, against the row as locked there.
 */
async function saveProfile(
  db: Db,
  access: ProfileAccess,
  mode: 'hr' | 'self',
  groupId: number | undefined,
  body: Record<string, unknown>,
  actor: { id: number; at: Date },
) {
  const { target } = access;
  const [existing] = await db.select().from(users).where(eq(users.id, target.id));
  if (!existing) throw notFound();
  const { fields } = await loadFormConfig(db, target.companyId, mode);
  const values = await formValues(db, {
    companyId: target.companyId,
    mode,
    fields,
    groupId,
    body,
    existing,
    userId: target.id,
  });
  if (Object.keys(values).length) {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
      if (!current) throw notFound();
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, target.id));
      const changes = profileChanges(current, values);
      if (changes) {
        await writeAudit(tx, {
          action: 'user.update',
          companyId: target.companyId,
          actorId: actor.id,
          subjectUserId: target.id,
          entityId: target.id,
          ...changes,
          at: actor.at,
        });
      }
    });
  }
  return profileOf(db, actor.id, target.id);
}

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  const keptProfile = createKeptProfiles(db, app.peopleVersion);

  app.get(
    '/api/users/form-fields/',
    {
      schema: {
        tags,
        summary: 'The profile form of a company for HR editing, self editing or user creation',
        querystring: FormFieldsQuery,
        response: { 200: FormFieldsResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const companyId = request.query.company ?? session.companyId;
      if (!(await memberCompanyIds(db, session.userId)).includes(companyId)) throw notFound();
      return publishConfig(await loadFormConfig(db, companyId, request.query.mode));
    },
  );

  app.patch(
    '/api/users/form-fields/:id/',
    {
      schema: {
        tags,
        summary: "Change a field of the active company's profile form (HR); answers the HR form",
        params: UserParams,
        body: FormFieldPatchBody,
        response: { 200: FormFieldsResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const companyId = session.companyId;
      if (!(await hasPermission(db, session.userId, companyId, HR_PERMISSION))) throw forbidden();
      if (!(await updateFormField(db, companyId, request.params.id, request.body))) throw notFound();
      return publishConfig(await loadFormConfig(db, companyId, 'hr'));
    },
  );

  app.get(
    '/api/users/:id/',
    {
      schema: {
        tags,
        summary: 'A profile, with the fields the viewer may see and how they may edit it',
        params: UserParams,
        response: { 200: Profile },
      },
    },
    async (request) => {
      const profile = await keptProfile(requireSession(request).userId, request.params.id);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.patch(
    '/api/users/:id/',
    {
      schema: {
        tags,
        summary: "Edit someone's profile with the HR configuration (permission partial_update_user)",
        params: UserParams,
        querystring: GroupQuery,
        body: ProfileFieldsBody,
        response: { 200: Profile },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const access = await accessOr404(db, session, request.params.id);
      if (access.editMode !== 'hr') throw forbidden();
      return saveProfile(db, access, 'hr', request.query.group_id, request.body, {
        id: session.userId,
        at: clock.now(),
      });
    },
  );

  app.post(
    '/api/users/me_update/',
    {
      schema: {
        tags,
        summary: 'Edit your own profile with the self configuration',
        querystring: GroupQuery,
        body: ProfileFieldsBody,
        response: { 200: Profile },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const access = await accessOr404(db, session, session.userId);
      return saveProfile(db, access, 'self', request.query.group_id, request.body, {
        id: session.userId,
        at: clock.now(),
      });
    },
  );

  app.post(
    '/api/users/',
    {
      schema: {
        tags,
        summary: 'Create a user in the active company from the create configuration (HR)',
        body: ProfileFieldsBody,
        response: { 201: Profile },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const companyId = session.companyId;
      if (!(await hasPermission(db, session.userId, companyId, HR_PERMISSION))) throw forbidden();
      const { fields } = await loadFormConfig(db, companyId, 'create');
      const values = await formValues(db, {
        companyId,
        mode: 'create',
        fields,
        body: request.body,
        requiredGroups: ['general'],
      });
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ ...values, companyId } as typeof users.$inferInsert)
          .returning({ id: users.id });
        if (!created) throw new Error('user not created');
        await tx.insert(companyMembers).values({ userId: created.id, companyId });
        await tx.insert(userGroups).values({ userId: created.id, companyId, groupId: GROUP_USER });
        await writeAudit(tx, {
          action: 'user.create',
          companyId,
          actorId: session.userId,
          subjectUserId: created.id,
          entityId: created.id,
          after: createdValues(values),
          at: clock.now(),
        });
        return created.id;
      });
      reply.code(201);
      return profileOf(db, session.userId, id);
    },
  );

  app.post(
    '/api/users/:id/status/',
    {
      schema: {
        tags,
        summary: 'Set the status (1 Online, 2 Offline, 3 Illness, 4 Vacation) of yourself, or as HR',
        params: UserParams,
        body: StatusBody,
        response: { 200: z.object({ id: z.number(), status: z.number() }) },
      },
    },
    async (request) => {
      const access = await accessOr404(db, requireSession(request), request.params.id);
      if (access.editMode === 'none') throw forbidden();
      await db
        .update(users)
        .set({ status: request.body.status, updatedAt: new Date() })
        .where(eq(users.id, access.target.id));
      return { id: access.target.id, status: request.body.status };
    },
  );
};
