import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import {
  dictionaryItems,
  managerLinks,
  taskFiles,
  tasks,
  taskTemplates,
  users,
} from '../../apps/server/src/db/schema/index';
import { ensureTemplates } from '../../apps/server/src/modules/tasks/default-templates';
import { createRequest, decideStep } from '../../apps/server/src/modules/tasks/engine';
import { fileIdsOf, validateInputs } from '../../apps/server/src/modules/tasks/form-validation';
import { dayOf } from '../../apps/server/src/modules/tasks/templates';
import { DEMO_ACCOUNTS, DEMO_CORP } from './demo';
import type { Company } from './structure';

/**
 * Requests: every company gets the default templates (the six known keys and the factory ones), and
 * Demo Corp, once it has the demo accounts, a handful of requests in varied states so that /tasks shows
 * something real to each of them. Only a company without requests gets them, so a second run adds none;
 * at any scale it stays this handful (bench data is another issue's).
 */
export async function seedTasks(
  db: Db,
  companies: readonly Company[],
  now: Date,
): Promise<{ templates: number; requests: number }> {
  let templates = 0;
  for (const company of companies) templates += await ensureTemplates(db, company.id);
  const demo = companies.find((company) => company.name === DEMO_CORP.name);
  const requests = demo ? await seedDemoRequests(db, demo.id, now) : 0;
  return { templates, requests };
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The day `days` after a 'yyyy-mm-dd' day. */
const plusDays = (day: string, days: number) =>
  dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY));

/** The smallest PDF a viewer opens: the quote Emil attached to his laptop request. */
const QUOTE_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A request to seed: who files which template with what, how long ago, and who decided what since. */
type DemoRequest = {
  by: number;
  template: string;
  /** Hours before `now` it was filed. */
  filedHoursAgo: number;
  /** The form's input, from the day it was filed and the name of who files it. */
  input: (filedDay: string, name: string) => Record<string, unknown>;
  /** Decisions in step order, each some hours after the previous event. */
  decisions?: { after: number; decision: 'approved' | 'rejected'; comment?: string }[];
  withQuote?: boolean;
};

type TeammateRequest = Omit<DemoRequest, 'by'>;

/** What Maya's generated teammates ask her for: one waiting a week (past its deadline), two fresh. */
const TEAMMATE_REQUESTS: TeammateRequest[] = [
  {
    template: 'certificate_of_employment',
    filedHoursAgo: 7 * 24,
    input: (day) => ({
      purpose: 'bank',
      include_salary: true,
      copies: 1,
      language: 'de',
      delivery_date: plusDays(day, 5),
    }),
  },
  {
    template: 'equipment_request',
    filedHoursAgo: 30,
    input: (day) => ({
      equipment: 'other',
      equipment_other: 'Noise-cancelling headphones',
      reason: 'The open space is loud during calls.',
      needed_by: plusDays(day, 21),
    }),
  },
  {
    template: 'business_card_order',
    filedHoursAgo: 3,
    input: (_, name) => ({
      card_name: name,
      phone: '+1 555 010 0199',
      quantity: 250,
      double_sided: true,
      back_text: 'Demo Corp: people first.',
      delivery: 'office',
    }),
  },
];

async function seedDemoRequests(db: Db, companyId: number, now: Date): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(eq(tasks.companyId, companyId));
  if ((existing?.n ?? 0) > 0) return 0;
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.manager.email]));
  const emil = accounts.find((a) => a.email === DEMO_ACCOUNTS.employee.email)?.id;
  const maya = accounts.find((a) => a.email === DEMO_ACCOUNTS.manager.email)?.id;
  if (emil === undefined || maya === undefined) return 0;
  // Maya's other reports, by id: the generated teammates who file requests for her to decide.
  const teammates = (
    await db
      .select({ id: managerLinks.userId })
      .from(managerLinks)
      .innerJoin(dictionaryItems, eq(dictionaryItems.id, managerLinks.managerTypeId))
      .where(and(eq(managerLinks.managerId, maya), eq(dictionaryItems.code, 'manager')))
      .orderBy(asc(managerLinks.userId))
  )
    .map((row) => row.id)
    .filter((id) => id !== emil);

  const plan: DemoRequest[] = [
    {
      by: emil,
      template: 'business_card_order',
      filedHoursAgo: 12 * 24,
      input: () => ({
        card_name: 'Emil Novak',
        card_title: 'Software Engineer',
        phone: '+4 202 555 0142',
        quantity: 100,
        double_sided: false,
        delivery: 'office',
      }),
      decisions: [
        { after: 5, decision: 'approved' },
        { after: 20, decision: 'approved', comment: 'Ordered; the printer delivers in a week.' },
      ],
    },
    {
      by: emil,
      template: 'equipment_request',
      filedHoursAgo: 6 * 24,
      input: (day) => ({
        equipment: 'monitor',
        reason: 'A second monitor for reviewing designs next to the code.',
        needed_by: plusDays(day, 10),
      }),
      decisions: [
        {
          after: 26,
          decision: 'rejected',
          comment: 'We have spare monitors in the office storage room; ask IT for one.',
        },
      ],
    },
    {
      by: emil,
      template: 'certificate_of_employment',
      filedHoursAgo: 3 * 24,
      input: (day) => ({
        purpose: 'other',
        addressee: 'City Housing Association',
        include_salary: true,
        copies: 2,
        language: 'en',
        delivery_date: plusDays(day, 7),
      }),
      decisions: [{ after: 22, decision: 'approved' }],
    },
    {
      by: emil,
      template: 'equipment_request',
      filedHoursAgo: 20,
      input: (day) => ({
        equipment: 'laptop',
        reason: 'My laptop is five years old and cannot run the new build tools.',
        needed_by: plusDays(day, 14),
        quote: [],
      }),
      withQuote: true,
    },
    ...teammates
      .slice(0, TEAMMATE_REQUESTS.length)
      .map((by, i) => ({ ...(TEAMMATE_REQUESTS[i] as TeammateRequest), by })),
  ];

  for (const request of plan) await fileDemoRequest(db, companyId, request, now);
  return plan.length;
}

/** Files one demo request as the API would (its input checked by the same rules), then decides its steps. */
async function fileDemoRequest(db: Db, companyId: number, request: DemoRequest, now: Date) {
  const [template] = await db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.companyId, companyId), eq(taskTemplates.key, request.template)));
  if (!template) throw new Error(`template ${request.template} missing`);
  let at = new Date(now.getTime() - request.filedHoursAgo * HOUR);
  const [person] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, request.by));
  const input = request.input(dayOf(at), `${person?.first} ${person?.last}`);
  if (request.withQuote) {
    const [file] = await db
      .insert(taskFiles)
      .values({
        ownerId: request.by,
        name: 'laptop-quote.pdf',
        contentType: 'application/pdf',
        size: QUOTE_PDF.length,
        bytes: QUOTE_PDF,
        createdAt: at,
      })
      .returning({ id: taskFiles.id });
    input.quote = [file?.id];
  }
  const { values, errors } = validateInputs(template.form, input, {
    today: dayOf(at),
    ownFileIds: new Set(fileIdsOf(template.form, input)),
  });
  if (Object.keys(errors).length) {
    throw new Error(`demo request ${request.template} does not fit its form: ${JSON.stringify(errors)}`);
  }
  const created = await db.transaction((tx) =>
    createRequest(tx, {
      companyId,
      templateId: template.id,
      requesterId: request.by,
      userId: request.by,
      name: template.name,
      inputParams: values,
      now: at,
    }),
  );
  const fileIds = fileIdsOf(template.form, values);
  if (fileIds.length) {
    await db.update(taskFiles).set({ taskId: created.id }).where(inArray(taskFiles.id, fileIds));
  }
  for (const decision of request.decisions ?? []) {
    at = new Date(at.getTime() + decision.after * HOUR);
    const [step] = await db
      .select({ id: tasks.id, userId: tasks.userId })
      .from(tasks)
      .where(
        and(
          eq(tasks.parentTaskId, created.id),
          eq(tasks.completed, false),
          eq(tasks.canceled, false),
          eq(tasks.skipped, false),
          sql`${tasks.startAt} is not null`,
        ),
      )
      .orderBy(asc(tasks.p))
      .limit(1);
    if (!step?.userId) throw new Error(`demo request ${request.template} has no step to decide`);
    await decideStep(db, {
      stepId: step.id,
      userId: step.userId,
      decision: decision.decision,
      comment: decision.comment ?? '',
      now: at,
    });
  }
}
