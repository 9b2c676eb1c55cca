import { NOTIFICATIONS_PAGE_SIZE } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, notifications, tasks, users } from '../src/db/schema/index';
import type { BusEvent } from '../src/lib/event-bus';
import { createMailer, type Mailer, unboundedMailer } from '../src/lib/mail';
import {
  deliverNotifications,
  type NewNotification,
  notificationMail,
  writeNotifications,
} from '../src/modules/notifications/service';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/** Acme: Ann gets notifications, Maya (with an avatar) acts on Ann's request, Bob is another employee. */
let t: TestApp;
let ann: HttpClient;
let bob: HttpClient;
const ids: Record<string, number> = {};
let acme: number;
/** A request of Ann's, the task her notifications point to. */
let task: number;

const APP_URL = 'https://portal.example.test';

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL } });
  acme = (await createCompany(t.db, 'Acme')).id;
  for (const [name, first, last] of [
    ['ann', 'Ann', 'Archer'],
    ['maya', 'Maya', 'Chen'],
    ['bob', 'Bob', 'Baker'],
  ] as const) {
    ids[name] = (
      await createUser(t.db, {
        companyId: acme,
        email: `${name}@acme.test`,
        firstName: first,
        lastName: last,
      })
    ).id;
  }
  await t.db.update(users).set({ avatar: '/api/users/2/avatar/?v=1' }).where(eq(users.id, ids.maya!));
  ann = await t.login('ann@acme.test');
  bob = await t.login('bob@acme.test');
  task = await createTask(ids.ann!, 'Equipment request');
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(notifications);
});

/** A bare request row: notifications only need a task to point to. */
async function createTask(userId: number, name: string) {
  const now = t.clock.now();
  const [chat] = await t.db.insert(chats).values({ kind: 'task', createdAt: now }).returning();
  const [row] = await t.db
    .insert(tasks)
    .values({
      companyId: acme,
      name,
      managerId: userId,
      userId,
      isGroup: true,
      chatId: chat!.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!.id;
}

const forAnn = (overrides: Partial<NewNotification> = {}): NewNotification => ({
  userId: ids.ann!,
  kind: 'task_completed',
  text: 'Maya Chen approved your request "Equipment request"',
  taskId: task,
  actorId: ids.maya!,
  ...overrides,
});

/** Writes notifications as the task engine does, in a transaction, advancing the clock a minute each. */
async function write(...list: NewNotification[]) {
  const written: number[] = [];
  for (const each of list) {
    t.clock.advance(60_000);
    written.push(...(await t.db.transaction((tx) => writeNotifications(tx, [each], t.clock.now()))));
  }
  return written;
}

/**
 * Every bus event published while `run` runs. A marker published afterwards closes the list: events
 * arrive in the order they were published, so once the marker is here, any event of `run` is too.
 */
async function eventsDuring(run: () => Promise<unknown>) {
  const heard: BusEvent[] = [];
  let done = false;
  const stop = t.events.subscribe({
    event: (event) => {
      if (event.taskId === MARKER) done = true;
      else if (!done) heard.push(event);
    },
    gap: () => {},
  });
  try {
    await run();
    await t.events.publish({ type: 'task.updated', taskId: MARKER, audience: { userIds: [] } });
    await expect.poll(() => done).toBe(true);
  } finally {
    stop();
  }
  return heard;
}
const MARKER = -1;

/**
 * A caught mail's subject as the reader sees it: the header with its folded lines joined and its
 * RFC 2047 encoded words (nodemailer encodes a subject with quotes) decoded.
 */
function subjectOf(raw: string) {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const decodeQ = (text: string) => {
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '=') {
        bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(text[i] === '_' ? 0x20 : text.charCodeAt(i));
    }
    return Buffer.from(bytes).toString('utf8');
  };
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text),
    )
    .trim();
}

describe('the notification endpoints', () => {
  it('answer 401 without a session', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    expect((await anonymous.get('/api/notifications/')).status).toBe(401);
    expect((await anonymous.get('/api/notifications/unread/')).status).toBe(401);
    expect((await anonymous.post('/api/notifications/1/read/')).status).toBe(401);
    expect((await anonymous.post('/api/notifications/read-all/')).status).toBe(401);
  });

  it("list only the user's own, newest first, with the actor, the unread count and no caching", async () => {
    const [first, second] = await write(
      forAnn({ kind: 'task_step', text: 'Bob Baker asks you to approve "Trip"', actorId: ids.bob! }),
      forAnn(),
    );
    await write(forAnn({ userId: ids.bob!, text: 'For Bob' }));
    await write(forAnn({ kind: 'task_rejected', text: 'Your request was rejected', actorId: null }));

    const response = await ann.get('/api/notifications/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.count).toBe(3);
    expect(response.body.unread).toBe(3);
    expect(response.body.next).toBeNull();
    expect(response.body.results.map((each: { text: string }) => each.text)).toEqual([
      'Your request was rejected',
      'Maya Chen approved your request "Equipment request"',
      'Bob Baker asks you to approve "Trip"',
    ]);
    expect(response.body.results[1]).toEqual({
      id: second,
      kind: 'task_completed',
      text: 'Maya Chen approved your request "Equipment request"',
      task,
      actor: { id: ids.maya, first_name: 'Maya', last_name: 'Chen', avatar: '/api/users/2/avatar/?v=1' },
      created_at: '2026-11-20T09:02:00.000Z',
      read: false,
    });
    expect(response.body.results[0].actor).toBeNull();
    expect(response.body.results[2].id).toBe(first);
  });

  it('list by when they happened, newest first, even when written out of order', async () => {
    const at = (iso: string, text: string) =>
      t.db.transaction((tx) => writeNotifications(tx, [forAnn({ text })], new Date(iso)));
    await at('2026-11-19T10:00:00Z', 'Tuesday');
    await at('2026-11-18T10:00:00Z', 'Monday');
    await at('2026-11-20T10:00:00Z', 'Wednesday');
    const response = await ann.get('/api/notifications/');
    expect(response.body.results.map((each: { text: string }) => each.text)).toEqual([
      'Wednesday',
      'Tuesday',
      'Monday',
    ]);
  });

  it('page by 20 with a next link, and count the unread over all pages', async () => {
    const total = NOTIFICATIONS_PAGE_SIZE + 3;
    await t.db.transaction((tx) =>
      writeNotifications(
        tx,
        Array.from({ length: total }, (_, i) => forAnn({ text: `Notice ${i + 1}` })),
        t.clock.now(),
      ),
    );
    const first = await ann.get('/api/notifications/');
    expect(first.body.results).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.body.results[0].text).toBe(`Notice ${total}`);
    expect(first.body).toMatchObject({ count: total, unread: total, next: '/api/notifications/?page=2' });

    const second = await ann.get(first.body.next);
    expect(second.body.results.map((each: { text: string }) => each.text)).toEqual([
      'Notice 3',
      'Notice 2',
      'Notice 1',
    ]);
    expect(second.body).toMatchObject({ count: total, unread: total, next: null });
    expect((await ann.get('/api/notifications/?page=0')).status).toBe(422);
  });

  it('count the unread ones of the user only', async () => {
    await write(forAnn(), forAnn(), forAnn({ userId: ids.bob! }));
    const response = await ann.get('/api/notifications/unread/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({ unread: 2 });
    expect((await bob.get('/api/notifications/unread/')).body).toEqual({ unread: 1 });
  });

  it("mark one's own notification read, once, telling the user's other tabs", async () => {
    const [id] = await write(forAnn());
    t.clock.advance(60_000);

    const heard = await eventsDuring(async () => {
      const response = await ann.post(`/api/notifications/${id}/read/`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, read: true, task });
    });
    expect(heard).toEqual([{ type: 'notification', notificationId: id, audience: { userIds: [ids.ann] } }]);
    expect((await ann.get('/api/notifications/unread/')).body).toEqual({ unread: 0 });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id!));
    expect(row?.readAt?.toISOString()).toBe(t.clock.now().toISOString());

    // Reading it again changes nothing: the first read time stays, and no tab needs telling.
    t.clock.advance(60_000);
    const again = await eventsDuring(async () => {
      expect((await ann.post(`/api/notifications/${id}/read/`)).body.read).toBe(true);
    });
    expect(again).toEqual([]);
    const [kept] = await t.db.select().from(notifications).where(eq(notifications.id, id!));
    expect(kept?.readAt).toEqual(row?.readAt);
  });

  it("answer 404 for another user's notification and for one that does not exist, leaving it unread", async () => {
    const [annsOwn] = await write(forAnn());
    expect((await bob.post(`/api/notifications/${annsOwn}/read/`)).status).toBe(404);
    expect((await bob.post('/api/notifications/999999/read/')).status).toBe(404);
    expect((await ann.get('/api/notifications/unread/')).body).toEqual({ unread: 1 });
  });

  it("mark all of the user's notifications read, and no one else's", async () => {
    await write(forAnn(), forAnn(), forAnn({ userId: ids.bob! }));
    const heard = await eventsDuring(async () => {
      const response = await ann.post('/api/notifications/read-all/');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toEqual({ unread: 0 });
    });
    expect(heard).toEqual([{ type: 'notification', audience: { userIds: [ids.ann] } }]);
    const list = await ann.get('/api/notifications/');
    expect(list.body.results.map((each: { read: boolean }) => each.read)).toEqual([true, true]);
    expect((await bob.get('/api/notifications/unread/')).body).toEqual({ unread: 1 });
  });
});

describe('delivering notifications', () => {
  const withFailingMailer = () => ({ db: t.db, mailer: failingMailer(), events: t.events, appUrl: APP_URL });
  function failingMailer(): Mailer {
    return unboundedMailer(async () => {
      throw new Error('SMTP is down');
    });
  }

  it('mails a step, a completion and a rejection with the link to the task, and tells the open pages', async () => {
    const ids3 = await write(
      forAnn({ kind: 'task_step', text: 'Bob Baker asks you to approve "Trip"' }),
      forAnn({ kind: 'task_completed' }),
      forAnn({ kind: 'task_rejected', text: 'Maya Chen rejected your request "Equipment request".' }),
    );
    const since = t.smtp.mails.length;
    // A real SMTP mailer, as the app's, sending to the test's catcher.
    const mailer = createMailer({ smtpUrl: t.smtp.url, from: 'portal@acme.test', log: { info: () => {} } });

    const heard = await eventsDuring(() =>
      deliverNotifications({ db: t.db, mailer, events: t.events, appUrl: APP_URL }, ids3),
    );
    expect(heard).toEqual(
      ids3.map((id) => ({
        type: 'notification',
        notificationId: id,
        taskId: task,
        audience: { userIds: [ids.ann] },
      })),
    );

    const mails = t.smtp.mails.slice(since);
    expect(mails.map((mail) => mail.to)).toEqual([['ann@acme.test'], ['ann@acme.test'], ['ann@acme.test']]);
    expect(mails.map((mail) => subjectOf(mail.raw))).toEqual([
      'Bob Baker asks you to approve "Trip"',
      'Maya Chen approved your request "Equipment request"',
      'Maya Chen rejected your request "Equipment request".',
    ]);
    for (const mail of mails) {
      expect(mail.body).toContain('Hello Ann,');
      expect(mail.body).toContain(`${APP_URL}/tasks?taskId=${task}`);
    }
    expect(mails[0]!.body).toContain('Please review it and approve or reject it here:');
    // The sentence ends once, whether or not it came with its full stop.
    expect(mails[1]!.body).toContain('Maya Chen approved your request "Equipment request".\r\n');
    expect(mails[2]!.body).not.toContain('..');
  });

  it('does not mail a comment, nor a dismissed employee, but tells their open pages', async () => {
    const bobId = ids.bob!;
    const [comment] = await write(forAnn({ kind: 'task_comment', text: 'Maya Chen commented on "Trip"' }));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, bobId));
    try {
      const [dismissed] = await write(forAnn({ userId: bobId, kind: 'task_step' }));
      const sent: string[] = [];
      const mailer = unboundedMailer(async (mail) => void sent.push(mail.to));
      const heard = await eventsDuring(() =>
        deliverNotifications({ db: t.db, mailer, events: t.events, appUrl: APP_URL }, [comment!, dismissed!]),
      );
      expect(heard.map((event) => event.notificationId)).toEqual([comment, dismissed]);
      expect(sent).toEqual([]);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.id, bobId));
    }
  });

  it('never throws: not when the mail fails, nor when the database does', async () => {
    const [id] = await write(forAnn({ kind: 'task_step' }));
    const warnings: string[] = [];
    const log = { warn: (_: object, message: string) => void warnings.push(message) };
    const heard = await eventsDuring(() => deliverNotifications(withFailingMailer(), [id!], log));
    // The mail failed, yet the open pages were told.
    expect(heard.map((event) => event.notificationId)).toEqual([id]);
    expect(warnings).toEqual(['could not mail a notification']);

    const broken = {
      ...withFailingMailer(),
      db: {
        select: () => {
          throw new Error('connection lost');
        },
      } as unknown as TestApp['db'],
    };
    await expect(deliverNotifications(broken, [id!], log)).resolves.toBeUndefined();
    expect(warnings).toContain('could not load notifications to deliver');
  });

  it('writes nothing and delivers nothing for an empty list', async () => {
    expect(await t.db.transaction((tx) => writeNotifications(tx, [], t.clock.now()))).toEqual([]);
    await expect(deliverNotifications(withFailingMailer(), [])).resolves.toBeUndefined();
  });

  it('makes a one-line subject of at most 120 characters from a long or multi-line sentence', () => {
    const mail = notificationMail(
      {
        email: 'ann@acme.test',
        firstName: 'Ann',
        kind: 'task_step',
        text: `Approve "${'x'.repeat(200)}\nline"`,
        taskId: 5,
      },
      APP_URL,
    );
    expect(mail.subject).toHaveLength(120);
    expect(mail.subject).not.toContain('\n');
    expect(mail.subject.endsWith('…')).toBe(true);
    expect(mail.text).toContain(`${APP_URL}/tasks?taskId=5`);
  });
});
