import { GROUP_HR, GROUP_USER, type ManagerTypeCode } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessageLikes,
  chatMessages,
  companyMembers,
  meetingAttendees,
  meetings,
  postCovers,
  postLikes,
  tasks,
  userGroups,
  userRights,
} from '../src/db/schema/index';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createManagerTypes, createTemplate, fileRequest, linkManager } from './task-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Decision 0038: each process keeps task list pages, workflows, chat pages, days of meetings and feed
 * pages under the work version, and task answers only until they turn with the clock. The writes here go
 * straight to the database, as a script or another process would make them: the next answer must follow
 * each at once. Acme: Emil files requests, Maya (his manager) approves the first step, Hanna (HR) the
 * second; Ann reads the news and meets Emil.
 * The clock stands on Friday 2026-11-20 09:00 UTC.
 */
let t: TestApp;
let statements: string[] = [];
let acme: number;
type Person = 'emil' | 'maya' | 'hanna' | 'ann';
const id = {} as Record<Person, number>;
const as = {} as Record<Person, HttpClient>;
let template: number;
const NOW = '2026-11-20T09:00:00.000Z';
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ now: NOW, logger: { logQuery: (query) => statements.push(query) } });
  acme = (await createCompany(t.db, 'Acme')).id;
  const types: Record<ManagerTypeCode, number> = await createManagerTypes(t.db);
  const people: [Person, number[], string[]][] = [
    ['emil', [GROUP_USER], []],
    ['maya', [GROUP_USER], []],
    ['hanna', [GROUP_HR, GROUP_USER], ['create_posts']],
    ['ann', [GROUP_USER], []],
  ];
  for (const [key, groups, rights] of people) {
    const email = `${key}@example.test`;
    id[key] = (await createUser(t.db, { companyId: acme, email, firstName: key, groups, rights })).id;
    as[key] = await t.login(`${key}@example.test`);
  }
  await linkManager(t.db, types, id.emil, id.maya, 'manager');
  template = (
    await createTemplate(t.db, {
      companyId: acme,
      name: 'Equipment request',
      steps: [
        { name: 'Approval by the manager', role: 'manager' },
        { name: 'Approval by HR', role: 'hr' },
      ],
    })
  ).id;
});
afterAll(() => t?.close());

/** Statements that read what the kept answers are made of. */
const reads = () =>
  statements.filter((s) => /"?(tasks|chat_messages|chats|meetings|meeting_attendees)"?/.test(s));

async function get(who: Person, path: string) {
  const response = await as[who].get(path);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}
type Row = { id: number; comments_count: number; status: string; sla: { title: string } | null };
const execList = async (status = 'active') =>
  (await get('maya', `/api/tasks/?view=exec&status=${status}`)) as { count: number; results: Row[] };

async function emilsRequest() {
  const created = await fileRequest(t, { companyId: acme, templateId: template, requesterId: id.emil });
  const steps = await t.db.select().from(tasks).where(eq(tasks.parentTaskId, created.id)).orderBy(tasks.p);
  return { ...created, steps };
}

describe('kept task lists', () => {
  it('answers a list asked for again without a statement, and follows a comment and a decision at once', async () => {
    const request = await emilsRequest();
    const step = request.steps[0]!;
    const first = await execList();
    statements = [];
    expect(await execList()).toEqual(first);
    expect(reads()).toEqual([]);

    await t.db
      .insert(chatMessages)
      .values({ chatId: request.chat, userId: id.emil, message: 'Please', createdAt: t.clock.now() });
    expect((await execList()).results.find((row) => row.id === step.id)?.comments_count).toBe(1);

    await t.db.update(tasks).set({ completed: true }).where(eq(tasks.id, step.id));
    expect((await execList()).results.map((row) => row.id)).not.toContain(step.id);
  });

  it('turns with the clock: a deadline a day nearer, a step that starts, a deadline passed', async () => {
    const request = await emilsRequest();
    const step = request.steps[0]!;
    const later = await emilsRequest();
    const planned = later.steps[0]!;
    // A step that starts in two hours, with nothing written when it does.
    await t.db
      .update(tasks)
      .set({ startAt: new Date(Date.parse(NOW) + 2 * HOUR) })
      .where(eq(tasks.id, planned.id));
    try {
      const row = async () => (await execList()).results.find((r) => r.id === step.id);
      expect((await row())?.sla?.title).toBe('Due in 4 days');
      expect((await execList()).results.map((r) => r.id)).not.toContain(planned.id);

      t.clock.advance(2 * HOUR);
      expect((await execList()).results.map((r) => r.id)).toContain(planned.id);

      t.clock.set(new Date(Date.parse(step.slaAt!.toISOString()) - 4 * 24 * HOUR + 1));
      expect((await row())?.sla?.title).toBe('Due in 3 days');

      t.clock.set(new Date(Date.parse(step.slaAt!.toISOString()) - 1));
      expect(await row()).toMatchObject({ status: 'process', sla: { title: 'Due today' } });
      expect((await execList('overdue')).results.map((r) => r.id)).not.toContain(step.id);
      t.clock.set(step.slaAt!);
      expect(await row()).toMatchObject({ status: 'expired', sla: { title: 'Overdue by 1 day' } });
      expect((await execList('overdue')).results.map((r) => r.id)).toContain(step.id);

      // And back: an answer is kept only for the moments after it was computed.
      t.clock.set(NOW);
      expect((await row())?.sla?.title).toBe('Due in 4 days');
    } finally {
      t.clock.set(NOW);
      await t.db.update(tasks).set({ canceled: true }).where(eq(tasks.parentTaskId, later.id));
    }
  });

  it('still refuses a list of someone the viewer may not read', async () => {
    await execList();
    const response = await as.ann.get(`/api/tasks/?view=exec&status=active&user=${id.maya}`);
    expect(response.status).toBe(403);
  });
});

describe('kept workflows', () => {
  it('answers a workflow again without a statement, follows a decision, and turns expired at the deadline', async () => {
    const request = await emilsRequest();
    const path = `/api/tasks/${request.id}/workflow/`;
    type Item = { id: number; status: string; decision: unknown };
    const items = async () => ((await get('emil', path)) as { results: Item[] }).results;
    const first = await items();
    expect(first.map((item) => item.status)).toEqual(['process', 'process', 'next']);
    statements = [];
    expect(await items()).toEqual(first);
    expect(reads()).toEqual([]);

    t.clock.set(request.steps[0]!.slaAt!);
    try {
      expect((await items())[1]?.status).toBe('expired');
    } finally {
      t.clock.set(NOW);
    }
    expect((await items())[1]?.status).toBe('process');

    const approve = await as.maya.post(`/api/tasks/${request.steps[0]!.id}/approve/`, {});
    expect(approve.status).toBe(200);
    const decided = await items();
    expect(decided[1]).toMatchObject({ status: 'approved', decision: { decision: 'approved' } });
    expect(decided[2]?.status).toBe('process');
  });

  it('is refused at once to HR who lose the right, and given back with it', async () => {
    const request = await emilsRequest();
    const path = `/api/tasks/${request.id}/workflow/`;
    expect((await as.hanna.get(path)).status).toBe(200);
    // Hanna holds the request's HR step, so she sees it as a participant: take a request with no step of hers.
    await t.db.delete(tasks).where(and(eq(tasks.parentTaskId, request.id), eq(tasks.userId, id.hanna)));
    expect((await as.hanna.get(path)).status).toBe(200);
    await t.db
      .delete(userGroups)
      .where(and(eq(userGroups.userId, id.hanna), eq(userGroups.groupId, GROUP_HR)));
    try {
      expect((await as.hanna.get(path)).status).toBe(404);
    } finally {
      await t.db.insert(userGroups).values({ userId: id.hanna, companyId: acme, groupId: GROUP_HR });
    }
    expect((await as.hanna.get(path)).status).toBe(200);
  });
});

describe('kept chat pages', () => {
  it('answers a page again without a statement, and follows a comment, a like and a deletion at once', async () => {
    const post = await as.hanna.post('/api/posts/', { title: 'Kept', body: '' });
    expect(post.status).toBe(201);
    const chat = post.body.chat as number;
    const page = async () =>
      (await get('ann', `/api/chats/${chat}/?limit=20`)) as {
        comments_count: number;
        messages: { id: number; message: string; emojis: unknown[] }[];
      };
    const [stored] = await t.db
      .insert(chatMessages)
      .values({ chatId: chat, userId: id.emil, message: 'First', createdAt: t.clock.now() })
      .returning();
    const first = await page();
    expect(first.messages.map((m) => m.message)).toEqual(['First']);
    statements = [];
    expect(await page()).toEqual(first);
    expect(reads()).toEqual([]);

    await t.db
      .insert(chatMessages)
      .values({ chatId: chat, userId: id.maya, message: 'Second', createdAt: t.clock.now() });
    expect((await page()).messages.map((m) => m.message)).toEqual(['First', 'Second']);

    await t.db
      .insert(chatMessageLikes)
      .values({ messageId: stored!.id, userId: id.maya, createdAt: t.clock.now() });
    expect((await page()).messages[0]?.emojis).not.toEqual(first.messages[0]?.emojis);

    await t.db
      .update(chatMessages)
      .set({ message: null, deletedAt: t.clock.now() })
      .where(eq(chatMessages.id, stored!.id));
    expect((await page()).comments_count).toBe(1);
  });

  it('is refused at once to a reader who leaves the company', async () => {
    const post = await as.hanna.post('/api/posts/', { title: 'Members only', body: '' });
    const path = `/api/chats/${post.body.chat}/?limit=20`;
    expect((await as.ann.get(path)).status).toBe(200);
    await t.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.userId, id.ann), eq(companyMembers.companyId, acme)));
    try {
      expect((await as.ann.get(path)).status).toBe(404);
    } finally {
      await t.db.insert(companyMembers).values({ userId: id.ann, companyId: acme });
    }
  });
});

describe('kept days of meetings', () => {
  it('answers a day again without a statement, and follows a changed title and a removed attendee at once', async () => {
    const created = await as.emil.post('/api/calendars/events/', {
      title: 'Kept sync',
      start: '2026-11-20T10:00:00Z',
      end: '2026-11-20T10:30:00Z',
      attendees: ['ann@example.test'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const uuid = created.body.uuid as string;
    const titles = async () =>
      (
        (await get('ann', '/api/calendars/events/day/?date=2026-11-20&tz=UTC')) as {
          results: { title: string }[];
        }
      ).results.map((meeting) => meeting.title);
    expect(await titles()).toEqual(['Kept sync']);
    statements = [];
    expect(await titles()).toEqual(['Kept sync']);
    expect(reads()).toEqual([]);

    await t.db.update(meetings).set({ title: 'Kept sync, moved' }).where(eq(meetings.id, uuid));
    expect(await titles()).toEqual(['Kept sync, moved']);
    await t.db
      .delete(meetingAttendees)
      .where(and(eq(meetingAttendees.meetingId, uuid), eq(meetingAttendees.email, 'ann@example.test')));
    expect(await titles()).toEqual([]);
  });

  it("still refuses a day asked for with another person's address", async () => {
    const path = '/api/calendars/events/day/?date=2026-11-20&tz=UTC&email=emil@example.test';
    expect((await as.ann.get(path)).status).toBe(403);
    expect((await as.ann.get(path)).status).toBe(403);
  });
});

describe('kept feed pages', () => {
  type Feed = {
    count: number;
    results: {
      id: number;
      likes_count: number;
      comments_count: number;
      cover: string | null;
      can_edit: boolean;
    }[];
  };
  const feed = async (who: Person) => (await get(who, `/api/posts/?company=${acme}&page=1`)) as Feed;

  it('answers a page again without a statement, and follows a post, a like, a comment and a cover at once', async () => {
    const created = await as.hanna.post('/api/posts/', { title: 'Feed kept', body: '**Hello**' });
    expect(created.status).toBe(201);
    const post = created.body as { id: number; chat: number };
    const first = await feed('ann');
    expect(first.results[0]).toMatchObject({ id: post.id, likes_count: 0, comments_count: 0, cover: null });
    statements = [];
    expect(await feed('ann')).toEqual(first);
    expect(reads()).toEqual([]);

    const next = await as.hanna.post('/api/posts/', { title: 'Feed kept, later', body: '' });
    expect((await feed('ann')).count).toBe(first.count + 1);
    await t.db.insert(postLikes).values({ postId: post.id, userId: id.emil, createdAt: t.clock.now() });
    const liked = (await feed('ann')).results.find((row) => row.id === post.id);
    expect(liked?.likes_count).toBe(1);
    await t.db
      .insert(chatMessages)
      .values({ chatId: post.chat, userId: id.emil, message: 'Nice', createdAt: t.clock.now() });
    expect((await feed('ann')).results.find((row) => row.id === post.id)?.comments_count).toBe(1);
    await t.db
      .insert(postCovers)
      .values({ postId: next.body.id, image: Buffer.from('webp'), version: 'v1', updatedAt: t.clock.now() });
    expect((await feed('ann')).results[0]?.cover).toContain('v=v1');
  });

  it("shows an editor's page without the right to edit as soon as the right is taken away", async () => {
    expect((await feed('hanna')).results[0]?.can_edit).toBe(true);
    const right = and(eq(userRights.userId, id.hanna), eq(userRights.right, 'create_posts'));
    await t.db.delete(userRights).where(right);
    try {
      expect((await feed('hanna')).results[0]?.can_edit).toBe(false);
    } finally {
      await t.db.insert(userRights).values({ userId: id.hanna, companyId: acme, right: 'create_posts' });
    }
    expect((await feed('hanna')).results[0]?.can_edit).toBe(true);
  });

  it('is refused at once to a reader who leaves the company', async () => {
    await feed('ann');
    await t.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.userId, id.ann), eq(companyMembers.companyId, acme)));
    try {
      expect((await as.ann.get(`/api/posts/?company=${acme}&page=1`)).status).toBe(404);
    } finally {
      await t.db.insert(companyMembers).values({ userId: id.ann, companyId: acme });
    }
  });
});
