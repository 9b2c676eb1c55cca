import { GROUP_HR, GROUP_USER, type ManagerTypeCode } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absences, chatMessages, chats, notifications, taskDecisions, tasks } from '../src/db/schema/index';
import type { BusEvent } from '../src/lib/event-bus';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createManagerTypes, createTemplate, fileRequest, linkManager } from './task-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme: Emil (employee) whose manager is Maya, deputy John; Maya's manager is Bob; Hanna is HR; Carl a
 * colleague of nobody's. Globex: Sam, a stranger. The clock stands on Friday 2026-11-20 09:00 UTC.
 */
let t: TestApp;
let acme: number;
type Person = 'emil' | 'maya' | 'john' | 'bob' | 'hanna' | 'carl' | 'sam';
const id = {} as Record<Person, number>;
const as = {} as Record<Person, HttpClient>;
let types: Record<ManagerTypeCode, number>;
let sequential: number;
let parallel: number;
const NOW = '2026-11-20T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  acme = (await createCompany(t.db, 'Acme')).id;
  const globex = (await createCompany(t.db, 'Globex')).id;
  types = await createManagerTypes(t.db);
  const people: [Person, string, string, number, number[]][] = [
    ['emil', 'Emil', 'Novak', acme, [GROUP_USER]],
    ['maya', 'Maya', 'Chen', acme, [GROUP_USER]],
    ['john', 'John', 'Smith', acme, [GROUP_USER]],
    ['bob', 'Bob', 'Stone', acme, [GROUP_USER]],
    ['hanna', 'Hanna', 'Berg', acme, [GROUP_HR, GROUP_USER]],
    ['carl', 'Carl', 'Wood', acme, [GROUP_USER]],
    ['sam', 'Sam', 'Gray', globex, [GROUP_HR, GROUP_USER]],
  ];
  for (const [key, firstName, lastName, companyId, groups] of people) {
    id[key] = (
      await createUser(t.db, { companyId, email: `${key}@example.test`, firstName, lastName, groups })
    ).id;
  }
  await linkManager(t.db, types, id.emil, id.maya, 'manager');
  await linkManager(t.db, types, id.emil, id.john, 'deputy');
  await linkManager(t.db, types, id.maya, id.bob, 'manager');
  sequential = (
    await createTemplate(t.db, {
      companyId: acme,
      key: 'equipment_request',
      icon: 'laptop',
      name: 'Equipment request',
      typeKey: 0,
      steps: [
        { name: 'Approval by the manager', role: 'manager' },
        { name: 'Approval by HR', role: 'hr' },
      ],
    })
  ).id;
  parallel = (
    await createTemplate(t.db, {
      companyId: acme,
      name: 'Business card order',
      parallel: true,
      steps: [
        { name: 'Manager', role: 'manager' },
        { name: 'HR', role: 'hr' },
        { name: 'Deputy (optional)', role: 'deputy', required: false },
      ],
    })
  ).id;
  for (const key of Object.keys(id) as Person[]) as[key] = await t.login(`${key}@example.test`);
});
afterAll(() => t?.close());

async function anonymous() {
  const client = t.client();
  await client.csrf();
  return client;
}

/** Emil files the sequential request for himself: step 1 to Maya, step 2 to HR (Hanna). */
async function emilsRequest(templateId = sequential) {
  const created = await fileRequest(t, { companyId: acme, templateId, requesterId: id.emil });
  const steps = await t.db.select().from(tasks).where(eq(tasks.parentTaskId, created.id)).orderBy(tasks.p);
  return { ...created, steps };
}
const taskRow = async (taskId: number) => (await t.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
const list = async (who: Person, query: string) => {
  const response = await as[who].get(`/api/tasks/?${query}`);
  expect(response.status).toBe(200);
  return response.body as {
    count: number;
    next: string | null;
    results: { id: number; [k: string]: unknown }[];
  };
};
const ids = (page: { results: { id: number }[] }) => page.results.map((row) => row.id);

describe('filing a request', () => {
  it('creates the request and its steps, starts the first with a working-day SLA and mails its assignee', async () => {
    const since = t.smtp.mails.length;
    const request = await emilsRequest();
    const parent = await taskRow(request.id);
    expect(parent).toMatchObject({
      isGroup: true,
      parentTaskId: null,
      managerId: id.emil,
      userId: id.emil,
      name: 'Equipment request',
      chatId: request.chat,
      childsParallelExecution: false,
    });
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, request.chat));
    expect(chat?.kind).toBe('task');
    expect(request.steps.map((s) => [s.p, s.userId, s.role, s.routing, s.chatId, s.managerId])).toEqual([
      [1, id.maya, 'manager', null, request.chat, id.emil],
      [2, id.hanna, 'hr', null, request.chat, id.emil],
    ]);
    const [first, second] = request.steps;
    // Friday 09:00 plus 2 working days: Tuesday 09:00.
    expect(first?.startAt?.toISOString()).toBe(NOW);
    expect(first?.slaAt?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(second?.startAt).toBeNull();
    const mail = await t.smtp.waitFor('maya@example.test', since);
    expect(mail.body).toContain('Emil Novak asks you to approve "Equipment request"');
    expect(mail.body).toContain(`/tasks?taskId=${first?.id}`);
  });

  it('skips a holiday of the company in the SLA', async () => {
    const { holidays } = await import('../src/db/schema/index');
    await t.db.insert(holidays).values({ companyId: acme, date: '2026-11-23', name: 'Founders day' });
    try {
      const request = await emilsRequest();
      expect(request.steps[0]?.slaAt?.toISOString()).toBe('2026-11-25T09:00:00.000Z');
    } finally {
      await t.db.delete(holidays).where(eq(holidays.companyId, acme));
    }
  });

  it('routes the step of a manager on vacation today to the deputy and says so', async () => {
    const [away] = await t.db
      .insert(absences)
      .values({
        companyId: acme,
        userId: id.maya,
        kind: 'vacation',
        status: 'approved',
        fromDate: '2026-11-19',
        toDate: '2026-11-21',
      })
      .returning();
    try {
      const request = await emilsRequest();
      expect(request.steps[0]).toMatchObject({
        userId: id.john,
        routing: 'Maya Chen is on vacation; went to the deputy John Smith',
      });
    } finally {
      await t.db.delete(absences).where(eq(absences.id, away!.id));
    }
  });

  it('starts every step of a parallel request', async () => {
    const request = await emilsRequest(parallel);
    expect(request.steps.map((s) => [s.userId, s.startAt?.toISOString()])).toEqual([
      [id.maya, NOW],
      [id.hanna, NOW],
      [id.john, NOW],
    ]);
  });
});

describe('deciding', () => {
  it('completes the request only after the last required step, notifying the next assignee and the requester', async () => {
    const request = await emilsRequest();
    const [first, second] = request.steps;
    // HR's step has not started: not in Hanna's list yet, but among her planned ones; she cannot decide it.
    expect(ids(await list('hanna', 'view=exec&status=active'))).not.toContain(second!.id);
    expect(ids(await list('hanna', 'view=exec&status=planned'))).toContain(second!.id);
    expect((await as.hanna.post(`/api/tasks/${second!.id}/approve/`)).status).toBe(409);

    const since = t.smtp.mails.length;
    const approved = await as.maya.post(`/api/tasks/${first!.id}/approve/`, { comment: 'Fine by me' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: first!.id,
      completed: true,
      complete_approved: true,
      status: 'approved',
    });
    expect(await taskRow(request.id)).toMatchObject({ completed: false, canceled: false });
    const hrMail = await t.smtp.waitFor('hanna@example.test', since);
    expect(hrMail.body).toContain('Emil Novak asks you to approve "Equipment request"');
    expect(hrMail.body).toContain(`/tasks?taskId=${second!.id}`);
    const hannasActive = await list('hanna', 'view=exec&status=active');
    expect(ids(hannasActive)).toContain(second!.id);

    const done = await as.hanna.post(`/api/tasks/${second!.id}/approve/`, {});
    expect(done.status).toBe(200);
    const parent = await taskRow(request.id);
    expect(parent).toMatchObject({ completed: true, completeApproved: true, canceled: false });
    expect(parent.completeApprovedAt?.toISOString()).toBe(NOW);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.taskId, request.id), eq(notifications.userId, id.emil)));
    expect(told.map((n) => [n.kind, n.text])).toEqual([
      ['task_completed', 'Hanna Berg approved your request "Equipment request"'],
    ]);
    await t.smtp.waitFor('emil@example.test', since);

    const workflow = await as.emil.get(`/api/tasks/${request.id}/workflow/`);
    expect(workflow.status).toBe(200);
    expect(workflow.body.results.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [request.id, 'approved'],
      [first!.id, 'approved'],
      [second!.id, 'approved'],
    ]);
    expect(workflow.body.results[1].decision).toMatchObject({
      decision: 'approved',
      by: { id: id.maya, first_name: 'Maya' },
      at: NOW,
      comment: 'Fine by me',
    });
    expect(ids(await list('emil', 'view=creator&status=completed'))).toContain(request.id);
  });

  it('rejecting cancels the request, skips the remaining steps and tells the requester', async () => {
    const request = await emilsRequest(parallel);
    const [first, second, third] = request.steps;
    const rejected = await as.hanna.post(`/api/tasks/${second!.id}/reject/`, { comment: 'No budget' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ canceled: true, status: 'canceled', actionable_step: null });
    expect(await taskRow(request.id)).toMatchObject({ canceled: true, completed: false });
    expect((await taskRow(first!.id)).skipped).toBe(true);
    expect((await taskRow(third!.id)).skipped).toBe(true);
    const workflow = await as.emil.get(`/api/tasks/${request.id}/workflow/`);
    expect(workflow.body.results.map((i: { status: string }) => i.status)).toEqual([
      'canceled',
      'skipped',
      'canceled',
      'skipped',
    ]);
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.taskId, request.id), eq(notifications.userId, id.emil)));
    expect(told).toMatchObject({
      kind: 'task_rejected',
      text: 'Hanna Berg rejected your request "Business card order"',
    });
    // Closed: no more decisions.
    expect((await as.maya.post(`/api/tasks/${first!.id}/approve/`)).status).toBe(409);
  });

  it('completes a parallel request without its optional step, which is then skipped', async () => {
    const request = await emilsRequest(parallel);
    const [first, second, third] = request.steps;
    expect((await as.maya.post(`/api/tasks/${first!.id}/approve/`)).status).toBe(200);
    expect((await taskRow(request.id)).completed).toBe(false);
    expect((await as.hanna.post(`/api/tasks/${second!.id}/approve/`)).status).toBe(200);
    expect(await taskRow(request.id)).toMatchObject({ completed: true, completeApproved: true });
    expect(await taskRow(third!.id)).toMatchObject({ skipped: true, completed: false });
  });

  it('refuses a decision by anyone but the step’s assignee (403) and on a decided step (409)', async () => {
    const request = await emilsRequest();
    const step = request.steps[0]!;
    // All of them may see the request, none of them holds the step.
    for (const who of ['emil', 'hanna', 'john'] as const) {
      expect((await as[who].post(`/api/tasks/${step.id}/approve/`)).status).toBe(403);
      expect((await as[who].post(`/api/tasks/${step.id}/reject/`)).status).toBe(403);
    }
    expect((await as.maya.post(`/api/tasks/${step.id}/approve/`)).status).toBe(200);
    const again = await as.maya.post(`/api/tasks/${step.id}/approve/`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This step is already decided' });
    expect((await as.maya.post(`/api/tasks/${step.id}/reject/`)).status).toBe(409);
    expect(await t.db.select().from(taskDecisions).where(eq(taskDecisions.taskId, step.id))).toHaveLength(1);
  });

  it('tells the request’s participants live that it changed', async () => {
    const request = await emilsRequest();
    const heard: BusEvent[] = [];
    const stop = t.events.subscribe({ event: (event) => heard.push(event), gap: () => {} });
    try {
      expect((await as.maya.post(`/api/tasks/${request.steps[0]!.id}/approve/`)).status).toBe(200);
      await expect
        .poll(() => heard.find((e) => e.type === 'task.updated' && e.taskId === request.id))
        .toMatchObject({ audience: { userIds: expect.arrayContaining([id.emil, id.maya, id.hanna]) } });
    } finally {
      stop();
    }
  });

  it('decides the viewer’s step when given the request', async () => {
    const request = await emilsRequest();
    const detail = await as.maya.get(`/api/tasks/${request.id}/`);
    expect(detail.body.actionable_step).toBe(request.steps[0]!.id);
    const approved = await as.maya.post(`/api/tasks/${request.id}/approve/`);
    expect(approved.status).toBe(200);
    expect(approved.body.id).toBe(request.steps[0]!.id);
    expect((await as.maya.post(`/api/tasks/${request.id}/approve/`)).status).toBe(403);
  });

  it('lets a concurrent approve and reject of one step end in exactly one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const request = await emilsRequest();
      const [first, second] = request.steps;
      const answers = await Promise.all([
        as.maya.post(`/api/tasks/${first!.id}/approve/`),
        as.maya.post(`/api/tasks/${first!.id}/reject/`),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const decisions = await t.db.select().from(taskDecisions).where(eq(taskDecisions.taskId, first!.id));
      expect(decisions).toHaveLength(1);
      const parent = await taskRow(request.id);
      const step = await taskRow(first!.id);
      const next = await taskRow(second!.id);
      if (decisions[0]?.decision === 'approved') {
        expect(answers[0]?.status).toBe(200);
        expect(step).toMatchObject({ completed: true, canceled: false });
        expect(parent).toMatchObject({ completed: false, canceled: false });
        expect(next.startAt).not.toBeNull();
      } else {
        expect(answers[1]?.status).toBe(200);
        expect(step).toMatchObject({ completed: false, canceled: true });
        expect(parent).toMatchObject({ completed: false, canceled: true });
        expect(next).toMatchObject({ skipped: true, startAt: null });
      }
    }
  });
});

describe('who may see a task', () => {
  it('answers 401 without a session on every endpoint', async () => {
    const request = await emilsRequest();
    const client = await anonymous();
    expect((await client.get('/api/tasks/')).status).toBe(401);
    expect((await client.get(`/api/tasks/${request.id}/`)).status).toBe(401);
    expect((await client.get(`/api/tasks/${request.id}/workflow/`)).status).toBe(401);
    expect((await client.patch(`/api/tasks/${request.id}/`, { name: 'x' })).status).toBe(401);
    expect((await client.post(`/api/tasks/${request.steps[0]!.id}/approve/`)).status).toBe(401);
    expect((await client.post(`/api/tasks/${request.steps[0]!.id}/reject/`)).status).toBe(401);
  });

  it('hides a request from a colleague and from another company (404), shows it to its people, managers and HR', async () => {
    const request = await emilsRequest();
    const step = request.steps[0]!.id;
    for (const who of ['carl', 'sam'] as const) {
      for (const taskId of [request.id, step]) {
        expect((await as[who].get(`/api/tasks/${taskId}/`)).status).toBe(404);
        expect((await as[who].get(`/api/tasks/${taskId}/workflow/`)).status).toBe(404);
        expect((await as[who].patch(`/api/tasks/${taskId}/`, { name: 'x' })).status).toBe(404);
        expect((await as[who].post(`/api/tasks/${taskId}/approve/`)).status).toBe(404);
        expect((await as[who].post(`/api/tasks/${taskId}/reject/`)).status).toBe(404);
      }
      expect((await as[who].get(`/api/chats/${request.chat}/`)).status).toBe(404);
    }
    // Bob manages Maya, not Emil: he is not among the request's people.
    expect((await as.bob.get(`/api/tasks/${request.id}/`)).status).toBe(404);
    for (const who of ['emil', 'maya', 'john', 'hanna'] as const) {
      expect((await as[who].get(`/api/tasks/${step}/`)).status).toBe(200);
      expect((await as[who].get(`/api/chats/${request.chat}/`)).status).toBe(200);
    }
    expect((await as.emil.get('/api/tasks/999999/')).status).toBe(404);
  });

  it('lets only the creator edit an open request (403 for others, 409 once closed)', async () => {
    const request = await emilsRequest();
    expect((await as.maya.patch(`/api/tasks/${request.id}/`, { name: 'Mine now' })).status).toBe(403);
    expect((await as.hanna.patch(`/api/tasks/${request.id}/`, { name: 'Mine now' })).status).toBe(403);
    const edited = await as.emil.patch(`/api/tasks/${request.id}/`, {
      name: 'A new laptop',
      description: 'For the trip',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'A new laptop', description: 'For the trip', can_edit: true });
    const invalid = await as.emil.patch(`/api/tasks/${request.id}/`, { name: ' ' });
    expect(invalid.status).toBe(422);
    // The step reads under its request's name.
    expect((await as.maya.get(`/api/tasks/${request.steps[0]!.id}/`)).body.name).toBe('A new laptop');
    expect((await as.maya.post(`/api/tasks/${request.steps[0]!.id}/reject/`)).status).toBe(200);
    expect((await as.emil.patch(`/api/tasks/${request.id}/`, { name: 'Again' })).status).toBe(409);
    expect((await as.emil.get(`/api/tasks/${request.id}/`)).body.can_edit).toBe(false);
  });
});

describe('GET /api/tasks/', () => {
  it('lists my started steps (exec) and my requests (creator) as rows with people, template and comments', async () => {
    const request = await emilsRequest();
    const step = request.steps[0]!;
    await t.db.insert(chatMessages).values([
      { chatId: request.chat, userId: id.emil, message: 'Please hurry', createdAt: new Date(NOW) },
      {
        chatId: request.chat,
        userId: id.maya,
        message: null,
        deletedAt: new Date(NOW),
        createdAt: new Date(NOW),
      },
    ]);
    const exec = await list('maya', 'view=exec&status=active');
    const row = exec.results.find((r) => r.id === step.id);
    expect(row).toMatchObject({
      name: 'Equipment request',
      parent_task: request.id,
      template: 'equipment_request',
      type_key: 0,
      icon: 'laptop',
      manager: { id: id.emil, first_name: 'Emil', last_name: 'Novak' },
      user: id.maya,
      user_info: { id: id.maya, first_name: 'Maya', job_position: null },
      comments_count: 1,
      chat: request.chat,
      status: 'process',
      sla: { title: 'Due in 4 days', urgent: false, overdue: false },
      sla_at: '2026-11-24T09:00:00.000Z',
    });
    // The moments as the stored Dates write them (read as text, db/iso-text.ts).
    const [stored] = await t.db
      .select({ createdAt: tasks.createdAt, updatedAt: tasks.updatedAt })
      .from(tasks)
      .where(eq(tasks.id, step.id));
    expect(row?.created_at).toBe(stored?.createdAt.toISOString());
    expect(row?.updated_at).toBe(stored?.updatedAt.toISOString());
    expect(ids(await list('maya', 'view=creator&status=active'))).not.toContain(request.id);
    const creator = await list('emil', 'view=creator&status=active');
    expect(ids(creator)).toContain(request.id);
    expect(ids(creator)).not.toContain(step.id);
    expect(ids(await list('emil', 'view=exec&status=active'))).not.toContain(step.id);
  });

  it('lists overdue steps by sla_at against the clock', async () => {
    const request = await emilsRequest();
    const step = request.steps[0]!;
    expect(ids(await list('maya', 'view=exec&status=overdue'))).not.toContain(step.id);
    t.clock.set('2026-11-24T09:00:00Z');
    try {
      const overdue = await list('maya', 'view=exec&status=overdue');
      expect(overdue.results.find((r) => r.id === step.id)).toMatchObject({
        status: 'expired',
        sla: { title: 'Overdue by 1 day', overdue: true },
      });
      expect(ids(await list('emil', 'view=creator&status=overdue'))).toContain(request.id);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('pages 15 rows by default with a next link, ordered by deadline or as asked', async () => {
    const page = await list('emil', 'view=creator&status=active&page_size=2');
    expect(page.count).toBeGreaterThan(2);
    expect(page.results).toHaveLength(2);
    expect(page.next).toBe('/api/tasks/?view=creator&status=active&page_size=2&page=2');
    const newest = await list('emil', 'view=creator&status=active&order=-created_at');
    expect(newest.results[0]!.id).toBe(Math.max(...ids(newest)));
    const completed = await list('emil', 'view=creator&status=completed');
    const closedAt = completed.results.map((r) => String(r.completed_at));
    expect(closedAt).toEqual([...closedAt].sort().reverse());
    const [closed] = await t.db
      .select({ completedAt: tasks.completedAt })
      .from(tasks)
      .where(eq(tasks.id, completed.results[0]!.id));
    expect(completed.results[0]!.completed_at).toBe(closed?.completedAt?.toISOString() ?? null);
    expect((await as.emil.get('/api/tasks/?status=important')).status).toBe(422);
  });

  it('counts every match on the last page and on a page past the end', async () => {
    const { count } = await list('emil', 'view=creator&status=active');
    const last = await list('emil', `view=creator&status=active&page_size=2&page=${Math.ceil(count / 2)}`);
    expect(last.count).toBe(count);
    expect(last.results).toHaveLength(count % 2 || 2);
    const past = await list(
      'emil',
      `view=creator&status=active&page_size=2&page=${Math.ceil(count / 2) + 1}`,
    );
    expect(past).toMatchObject({ count, results: [] });
    expect(await list('maya', 'view=creator&status=overdue&order=created_at')).toMatchObject({
      count: 0,
      results: [],
    });
  });

  it('lists a person’s tasks with user= for themself, their managers and HR, including requests for them', async () => {
    const forEmil = await fileRequest(t, {
      companyId: acme,
      templateId: sequential,
      requesterId: id.john,
      userId: id.emil,
    });
    for (const who of ['emil', 'maya', 'hanna'] as const) {
      const page = await list(who, `view=creator&status=active&user=${id.emil}`);
      expect(ids(page)).toContain(forEmil.id);
    }
    // Without user= the creator view is what one filed oneself.
    expect(ids(await list('emil', 'view=creator&status=active'))).not.toContain(forEmil.id);
    // John is Emil's deputy, a manager link too; Bob manages Maya, not Emil.
    expect(ids(await list('john', `view=creator&status=active&user=${id.emil}`))).toContain(forEmil.id);
    for (const who of ['carl', 'bob'] as const) {
      expect((await as[who].get(`/api/tasks/?view=creator&user=${id.emil}`)).status).toBe(403);
    }
    // Sam, HR of another company, cannot tell Emil from an id nobody has.
    expect((await as.sam.get(`/api/tasks/?view=creator&user=${id.emil}`)).status).toBe(404);
    expect((await as.emil.get('/api/tasks/?user=999999')).status).toBe(404);
  });
});

describe('the task chat', () => {
  it('tells the other participants of a comment, in-app only', async () => {
    const request = await emilsRequest();
    const since = t.smtp.mails.length;
    const sent = await as.emil.post(`/api/chats/${request.chat}/chat_send_message/`, {
      message: 'Any news?',
    });
    expect(sent.status).toBe(201);
    const told = await t.db.select().from(notifications).where(eq(notifications.taskId, request.id));
    const comments = told.filter((n) => n.kind === 'task_comment');
    expect(comments.map((n) => n.userId).sort()).toEqual([id.maya, id.hanna].sort());
    expect(comments[0]?.text).toBe('Emil Novak commented on "Equipment request"');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.mails.slice(since)).toHaveLength(0);
    expect(
      (await as.carl.post(`/api/chats/${request.chat}/chat_send_message/`, { message: 'Hi' })).status,
    ).toBe(404);
  });
});
