import { MANAGER_TYPE_CODES, type ManagerTypeCode } from '@atrium/contracts';
import pino from 'pino';
import type { Db } from '../src/db/client';
import {
  dictionaryItems,
  managerLinks,
  type TemplateField,
  type TemplateStep,
  taskTemplates,
} from '../src/db/schema/index';
import { createMailer } from '../src/lib/mail';
import { deliverNotifications } from '../src/modules/notifications/service';
import { createRequest } from '../src/modules/tasks/engine';
import type { TestApp } from './test-app';

/** The UserManagerType items as the seed writes them (company-less, shared by all companies). */
export async function createManagerTypes(db: Db): Promise<Record<ManagerTypeCode, number>> {
  const ids = {} as Record<ManagerTypeCode, number>;
  for (const [position, code] of MANAGER_TYPE_CODES.entries()) {
    const [item] = await db
      .insert(dictionaryItems)
      .values({ dictionary: 'UserManagerType', code, name: code, position })
      .returning({ id: dictionaryItems.id });
    if (!item) throw new Error('manager type not created');
    ids[code] = item.id;
  }
  return ids;
}

/** Makes `managerId` the person's manager of the given type, straight in the database. */
export async function linkManager(
  db: Db,
  types: Record<ManagerTypeCode, number>,
  userId: number,
  managerId: number,
  code: ManagerTypeCode,
) {
  await db.insert(managerLinks).values({ userId, managerId, managerTypeId: types[code] });
}

let serial = 0;

/** A request template with the given steps (sequential unless `parallel`). */
export async function createTemplate(
  db: Db,
  options: {
    companyId: number;
    steps: TemplateStep[];
    name?: string;
    key?: string;
    parallel?: boolean;
    slaDays?: number;
    typeKey?: number;
    icon?: string;
    effect?: string;
  },
) {
  const n = ++serial;
  const [template] = await db
    .insert(taskTemplates)
    .values({
      companyId: options.companyId,
      key: options.key ?? `template_${n}`,
      name: options.name ?? `Template ${n}`,
      typeKey: options.typeKey ?? 10,
      icon: options.icon ?? null,
      steps: options.steps,
      parallel: options.parallel ?? false,
      slaDays: options.slaDays ?? 2,
      effect: options.effect ?? null,
    })
    .returning();
  if (!template) throw new Error('template not created');
  return template;
}

/**
 * Files a request through the engine, as the factory endpoint does, and delivers its notifications
 * (mail to the caught SMTP server) once the transaction has committed.
 */
export async function fileRequest(
  t: TestApp,
  input: { companyId: number; templateId: number; requesterId: number; userId?: number; name?: string },
) {
  const created = await t.db.transaction((tx) =>
    createRequest(tx, {
      companyId: input.companyId,
      templateId: input.templateId,
      requesterId: input.requesterId,
      userId: input.userId ?? input.requesterId,
      name: input.name,
      inputParams: {},
      now: t.clock.now(),
    }),
  );
  const mailer = createMailer({
    smtpUrl: t.smtp.url,
    from: 'portal@example.test',
    log: pino({ level: 'silent' }),
  });
  await deliverNotifications({ db: t.db, mailer, appUrl: 'http://portal.test' }, created.notifications);
  return created;
}

/** A form field of `type` named after it, with only what a case sets differing from the defaults. */
export function aField(type: string, extra: Partial<TemplateField> = {}): TemplateField {
  return {
    title: `The ${type}`,
    name: type,
    field_type: type,
    required: false,
    regex: null,
    mask: null,
    hint: null,
    extra: {},
    if_field: null,
    if_field_value: null,
    values_url: null,
    values: null,
    position: 0,
    icon: null,
    ...extra,
  };
}
