import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../scripts/seed/demo';
import { seed } from '../../../scripts/seed/index';
import { queryRows } from '../src/db/client';
import {
  chatMessages,
  chats,
  documents,
  meetingAttendees,
  meetings,
  notifications,
  posts,
  tasks,
  users,
} from '../src/db/schema/index';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * No N+1: every list endpoint answers with the same number of SQL statements whether its page holds one
 * row or a full page, and that number is a small constant. The statements are counted by Drizzle's logger
 * on the app's own database, one request at a time; the seed (a small demo company) plus a few rows
 * written here give each list a full page. docs/performance.md lists the counts.
 */
const NOW = '2026-11-20T09:00:00Z';
/**
 * The most statements any list request may take: the policy's look-ups, the count, the rows, the odd
 * extra; the session costs none, as the process caches it (modules/auth/session-cache.ts). The most today
 * is 6 (the storage list); docs/performance.md lists each endpoint's.
 */
const MOST_STATEMENTS = 8;
/** A statement on the sessions table: a repeated request finds its session in the cache. */
const onSessions = (statement: string) => /"sessions"/.test(statement);

let t: TestApp;
let statements: string[] = [];
let hr: HttpClient;
let manager: HttpClient;
const id: Record<string, number> = {};
let busyChat = 0;
let quietChat = 0;

/** Runs one request and answers the statements it sent, after checking it succeeded. */
async function statementsOf(request: () => Promise<{ status: number; body: unknown }>) {
  statements = [];
  const response = await request();
  const sent = statements;
  statements = [];
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return { count: sent.length, sent, body: response.body as { results?: unknown[] } };
}

beforeAll(async () => {
  t = await createTestApp({
    now: NOW,
    logger: { logQuery: (query) => statements.push(query) },
  });
  await seed(t.db, { users: 40, now: new Date(NOW) });
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
    const [row] = await t.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, account.email));
    id[key] = row!.id;
    id.company = row!.companyId;
  }
  hr = await t.login(DEMO_ACCOUNTS.hr.email);
  manager = await t.login(DEMO_ACCOUNTS.manager.email);
  const now = new Date(NOW);
  const people = await t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, id.company!), eq(users.isActive, true)))
    .limit(20);

  // The manager's lists: 20 requests they filed, each with a started step assigned to them.
  const taskChats = await t.db
    .insert(chats)
    .values(people.map(() => ({ kind: 'task' as const, createdAt: now })))
    .returning({ id: chats.id });
  const requests = await t.db
    .insert(tasks)
    .values(
      people.map((person, i) => ({
        companyId: id.company!,
        name: `Request ${i}`,
        isGroup: true,
        managerId: id.manager!,
        userId: person.id,
        chatId: taskChats[i]!.id,
        startAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: tasks.id, chatId: tasks.chatId, userId: tasks.userId });
  await t.db.insert(tasks).values(
    requests.map((request, i) => ({
      companyId: id.company!,
      parentTaskId: request.id,
      name: `Step ${i}`,
      managerId: request.userId!,
      userId: id.manager!,
      p: 1,
      role: 'manager' as const,
      chatId: request.chatId,
      startAt: now,
      slaAt: new Date(now.getTime() + (i + 1) * 3_600_000),
      createdAt: now,
      updatedAt: now,
    })),
  );
  await t.db.insert(chatMessages).values(
    requests.map((request) => ({
      chatId: request.chatId,
      userId: request.userId!,
      message: 'Hi',
      createdAt: now,
    })),
  );

  // A post whose chat has 30 comments (a reply under each), and one with a single comment.
  const feed = await t.db
    .select({ chat: posts.chatId })
    .from(posts)
    .where(eq(posts.companyId, id.company!))
    .orderBy(desc(posts.id))
    .limit(2);
  busyChat = feed[0]!.chat;
  quietChat = feed[1]!.chat;
  await t.db.delete(chatMessages).where(eq(chatMessages.chatId, quietChat));
  await t.db
    .insert(chatMessages)
    .values({ chatId: quietChat, userId: people[0]!.id, message: 'One', createdAt: now });
  const comments = await t.db
    .insert(chatMessages)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        chatId: busyChat,
        userId: people[i % people.length]!.id,
        message: `Comment ${i}`,
        createdAt: now,
      })),
    )
    .returning({ id: chatMessages.id });
  await t.db.insert(chatMessages).values(
    comments.map((comment, i) => ({
      chatId: busyChat,
      userId: id.manager!,
      message: `Reply ${i}`,
      replyToId: comment.id,
      createdAt: now,
    })),
  );

  // Twelve meetings of the manager's in the days ahead, each with colleagues and a guest invited.
  const meetingIds = Array.from({ length: 12 }, () => randomUUID());
  await t.db.insert(meetings).values(
    meetingIds.map((meetingId, i) => {
      const startsAt = new Date(now.getTime() + (i + 1) * 3 * 3_600_000);
      return {
        id: meetingId,
        companyId: id.company!,
        organizerId: id.manager!,
        title: `Meeting ${i}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 1_800_000),
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  await t.db.insert(meetingAttendees).values(
    meetingIds.flatMap((meetingId) => [
      { meetingId, email: DEMO_ACCOUNTS.manager.email },
      { meetingId, email: DEMO_ACCOUNTS.hr.email },
      { meetingId, email: 'guest@elsewhere.test', displayName: 'A guest' },
    ]),
  );

  // Twelve documents of the manager's (HR lists them), and 25 notifications for them.
  await t.db.insert(documents).values(
    Array.from({ length: 12 }, (_, i) => ({
      companyId: id.company!,
      userId: id.manager!,
      title: `Document ${i}`,
      fileName: `document-${i}.pdf`,
      contentType: 'application/pdf',
      size: 100,
      uploadedAt: now,
      createdBy: id.hr!,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const [task] = await t.db.select({ id: tasks.id }).from(tasks).where(isNull(tasks.parentTaskId)).limit(1);
  await t.db.insert(notifications).values(
    Array.from({ length: 25 }, (_, i) => ({
      userId: id.manager!,
      kind: 'task_step' as const,
      text: `Notification ${i}`,
      taskId: task!.id,
      actorId: people[i % 20]!.id,
      createdAt: new Date(now.getTime() - i * 60_000),
    })),
  );
}, 60_000);
afterAll(() => t?.close());

type Case = {
  name: string;
  /** The request with a page of one row (or the fewest rows), then with a full page. */
  small: () => Promise<{ status: number; body: unknown }>;
  large: () => Promise<{ status: number; body: unknown }>;
  /** How many rows each page holds, to know the comparison means something. */
  rows: (body: unknown) => number;
  largeRows: number;
};

const results = (body: unknown) => ((body as { results?: unknown[] }).results ?? []).length;
const days = (body: unknown) =>
  (body as { weeks: { days: { vacation: unknown[]; sick_leave: unknown[] }[] }[] }).weeks
    .flatMap((week) => week.days)
    .reduce((sum, day) => sum + day.vacation.length + day.sick_leave.length, 0);
const messages = (body: unknown) =>
  (body as { messages: { replies: unknown[] }[] }).messages.reduce((sum, m) => sum + 1 + m.replies.length, 0);

const CASES: Case[] = [
  {
    name: 'directory list',
    small: () => hr.get('/api/users/?page_size=1'),
    large: () => hr.get('/api/users/?page_size=15'),
    rows: results,
    largeRows: 15,
  },
  {
    name: 'directory filter, three keys and q',
    small: () =>
      hr.post('/api/users/filter/?page_size=1', {
        status: [1, 2, 3, 4],
        dms: true,
        birthMonth: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        q: 'e',
      }),
    large: () =>
      hr.post('/api/users/filter/?page_size=15', {
        status: [1, 2, 3, 4],
        dms: true,
        birthMonth: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        q: 'e',
      }),
    rows: results,
    largeRows: 2,
  },
  {
    name: 'directory filter by a department and everything under it',
    small: () => hr.post('/api/users/filter/?page_size=1', { company_departments: [id.department!] }),
    large: () => hr.post('/api/users/filter/?page_size=15', { company_departments: [id.department!] }),
    rows: results,
    largeRows: 2,
  },
  {
    name: 'people widget page',
    small: () => hr.post('/api/users/filter/?page_size=1', { special_order: [id.manager!, id.employee!] }),
    large: () =>
      hr.post('/api/users/filter/?page_size=15&page=2', { special_order: [id.manager!, id.employee!] }),
    rows: results,
    largeRows: 15,
  },
  {
    name: 'task list, exec',
    small: () => manager.get('/api/tasks/?view=exec&status=active&page_size=1'),
    large: () => manager.get('/api/tasks/?view=exec&status=active&page_size=15'),
    rows: results,
    largeRows: 15,
  },
  {
    name: 'task list, creator',
    small: () => manager.get('/api/tasks/?view=creator&status=active&page_size=1'),
    large: () => manager.get('/api/tasks/?view=creator&status=active&page_size=15'),
    rows: results,
    largeRows: 15,
  },
  {
    name: 'task list of a person one oversees (user=)',
    small: () => hr.get(`/api/tasks/?view=creator&status=active&user=${id.manager}&page_size=1`),
    large: () => hr.get(`/api/tasks/?view=creator&status=active&user=${id.manager}&page_size=15`),
    rows: results,
    largeRows: 15,
  },
  {
    name: 'feed page (10 a page)',
    small: () => hr.get('/api/posts/?page=2'),
    large: () => hr.get('/api/posts/?page=1'),
    rows: results,
    largeRows: 10,
  },
  {
    name: 'chat messages',
    small: () => hr.get(`/api/chats/${quietChat}/`),
    large: () => hr.get(`/api/chats/${busyChat}/`),
    rows: messages,
    largeRows: 60,
  },
  {
    name: 'company calendar month with detail',
    small: () =>
      hr.post('/api/calendars/company/filter/', { year: 2026, month: 11, detail: true, users: [id.away!] }),
    large: () => hr.post('/api/calendars/company/filter/', { year: 2026, month: 11, detail: true }),
    rows: days,
    largeRows: 20,
  },
  {
    name: 'missing users',
    small: () =>
      hr.post('/api/calendars/company/get_missing_users/?page_size=1', {
        vacation_from_date: '2026-06-01',
        vacation_to_date: '2027-06-01',
      }),
    large: () =>
      hr.post('/api/calendars/company/get_missing_users/?page_size=15', {
        vacation_from_date: '2026-06-01',
        vacation_to_date: '2027-06-01',
      }),
    rows: results,
    largeRows: 5,
  },
  {
    name: 'meetings list',
    small: () => manager.get('/api/calendars/events/?page_size=1'),
    large: () => manager.get('/api/calendars/events/?page_size=10'),
    rows: results,
    largeRows: 10,
  },
  {
    name: 'storage list',
    small: () => hr.get(`/api/storage/?user_id=${id.manager}&page_size=1`),
    large: () => hr.get(`/api/storage/?user_id=${id.manager}&page_size=10`),
    rows: results,
    largeRows: 10,
  },
  {
    name: 'notifications (20 a page)',
    small: () => manager.get('/api/notifications/?page=2'),
    large: () => manager.get('/api/notifications/?page=1'),
    rows: results,
    largeRows: 20,
  },
];

describe('statements per list request', () => {
  beforeAll(async () => {
    // A department with people, for the tree filter.
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`select d.parent_id as id from users u join departments d on d.id = u.department_id
           where u.company_id = ${id.company!} and d.parent_id is not null
           group by d.parent_id order by count(*) desc limit 1`,
    );
    id.department = Number(row!.id);
    // Someone away in November 2026, for a month of one person's absence.
    const [away] = await queryRows<{ id: number }>(
      t.db,
      sql`select user_id as id from absences where status = 'approved' and from_date <= '2026-11-30'
           and to_date >= '2026-11-01' order by id limit 1`,
    );
    id.away = Number(away!.id);
  });

  for (const each of CASES) {
    it(`stay the same for a page of one and a full page: ${each.name}`, async () => {
      // Once each first, so that nothing done once per session (its first look-up) is counted.
      await each.small();
      await each.large();
      const small = await statementsOf(each.small);
      const large = await statementsOf(each.large);
      expect(each.rows(small.body)).toBeGreaterThan(0);
      expect(each.rows(large.body)).toBeGreaterThanOrEqual(each.largeRows);
      expect(each.rows(large.body)).toBeGreaterThan(each.rows(small.body));
      expect(large.count, large.sent.join('\n')).toBe(small.count);
      expect(large.sent.filter(onSessions)).toEqual([]);
      expect(large.count, large.sent.join('\n')).toBeLessThanOrEqual(MOST_STATEMENTS);
    });
  }
});

describe('a login code request', () => {
  it('takes one statement and no transaction of its own, the same for a known address and an unknown one', async () => {
    const client = t.client();
    await client.csrf();
    const known = await statementsOf(() =>
      client.post('/api/auth/request-code/', { email: DEMO_ACCOUNTS.employee.email }),
    );
    const unknown = await statementsOf(() =>
      client.post('/api/auth/request-code/', { email: 'nobody@demo.test' }),
    );
    // The keys' locks, the throttle's windows, the hits, the account and its new code: one call of
    // `request_login_code` (migration 0031), no begin or commit around it.
    expect(known.sent, known.sent.join('\n')).toHaveLength(1);
    expect(unknown.sent, unknown.sent.join('\n')).toHaveLength(1);
    expect(known.sent[0]).toMatch(/request_login_code/);
    await expect(t.smtp.codeFor(DEMO_ACCOUNTS.employee.email)).resolves.toMatch(/^\d+$/);
  });
});

describe("writes in a post's chat", () => {
  /** Runs one write and answers its statements, after checking its status. */
  async function writeStatements(status: number, write: () => Promise<{ status: number; body: unknown }>) {
    statements = [];
    const response = await write();
    const sent = statements;
    statements = [];
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(sent.filter((statement) => /^(begin|commit)$/.test(statement))).toEqual([]);
    return { sent, body: response.body as { message?: string; likes_count?: number } };
  }
  const send = (message: string) => hr.post(`/api/chats/${quietChat}/chat_send_message/`, { message });

  it('takes the access check, one statement that stores a comment and reads it back, and its live notice; no transaction', async () => {
    // Once first, so that the chat's kind, looked up once per process, is not counted.
    expect((await send('Warm')).status).toBe(201);
    const { sent, body } = await writeStatements(201, () => send('Counted'));
    expect(body.message).toBe('Counted');
    expect(sent, sent.join('\n')).toHaveLength(3);
    expect(sent[1]).toMatch(/^with stored as \(\s*insert into chat_messages/);
    expect(sent[2]).toMatch(/^select pg_notify/);
  });

  it('takes the access check, one statement for a like or its taking back, and its live notice', async () => {
    const comment = (await send('Like me')).body as { id: number };
    const path = `/api/chats/${quietChat}/add_emoji/${comment.id}/`;
    for (const [write, likes] of [
      [() => hr.post(path, { emoji_id: '+1' }), 1],
      [() => hr.delete(path), 0],
    ] as const) {
      const { sent, body } = await writeStatements(200, write);
      expect(body.likes_count).toBe(likes);
      expect(sent, sent.join('\n')).toHaveLength(3);
      expect(sent[2]).toMatch(/^select pg_notify/);
    }
  });

  it('takes the access check, one statement that erases a comment, and its live notice', async () => {
    const comment = (await send('Delete me')).body as { id: number };
    const { sent, body } = await writeStatements(200, () =>
      hr.post(`/api/chats/${quietChat}/delete_message/`, { id: comment.id }),
    );
    expect(body).toEqual({ id: comment.id, deleted: { is_editor: false } });
    expect(sent, sent.join('\n')).toHaveLength(3);
    expect(sent[2]).toMatch(/^select pg_notify/);
  });
});

describe('a vacation balance', () => {
  it('is read without writing once every accrual month due is written', async () => {
    const first = await statementsOf(() => manager.get('/api/absences/available/'));
    const again = await statementsOf(() => manager.get('/api/absences/available/'));
    expect(again.body).toEqual(first.body);
    expect(again.sent.filter((statement) => /^insert/.test(statement))).toEqual([]);
  });
});
