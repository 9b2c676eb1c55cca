import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationKind } from '@atrium/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { notifications, users } from '../../db/schema/index';
import type { EventBus } from '../../lib/event-bus';
import type { Mailer } from '../../lib/mail';

export type NewNotification = {
  userId: number;
  kind: NotificationKind;
  text: string;
  taskId: number | null;
  actorId: number | null;
};

/** Kinds that also go out by e-mail; a comment is in-app only, so a lively chat does not flood mailboxes. */
const MAILED_KINDS = new Set<NotificationKind>(['task_step', 'task_completed', 'task_rejected']);

/** Longer subjects are cut: mail clients show about this much, and some servers refuse very long headers. */
const SUBJECT_MAX = 120;

/**
 * Writes notifications in the caller's transaction, so that they exist exactly when what they tell
 * happened. Returns their ids for `deliverNotifications`, to call once the transaction has committed.
 */
export async function writeNotifications(tx: Tx, list: NewNotification[], now: Date): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(list.map((each) => ({ ...each, createdAt: now })))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export type DeliveryDeps = { db: Db; mailer: Mailer; events?: EventBus; appUrl: string };
type Log = { warn(o: object, m: string): void };

/**
 * After commit: tells each recipient's open pages (the bell) and mails the kinds that are mailed, with a
 * link to the task. Never throws: a lost mail or event must not fail the request that caused it, whose
 * change has committed already. Mails go one after another, so that a burst (a request with many steps)
 * does not open an SMTP connection per recipient at once.
 */
export async function deliverNotifications(deps: DeliveryDeps, ids: number[], log?: Log) {
  if (ids.length === 0) return;
  let rows: Awaited<ReturnType<typeof loadForDelivery>>;
  try {
    rows = await loadForDelivery(deps.db, ids);
  } catch (error) {
    log?.warn({ err: error, notifications: ids }, 'could not load notifications to deliver');
    return;
  }
  for (const row of rows) {
    try {
      await deps.events?.publish({
        type: 'notification',
        notificationId: row.id,
        taskId: row.taskId ?? undefined,
        audience: { userIds: [row.userId] },
      });
    } catch (error) {
      log?.warn({ err: error, notification: row.id }, 'could not publish a notification');
    }
  }
  for (const row of rows) {
    // A dismissed employee keeps the in-app entry but gets no more mail at the old address.
    if (!MAILED_KINDS.has(row.kind) || !row.isActive) continue;
    try {
      await deps.mailer.send(notificationMail(row, deps.appUrl));
    } catch (error) {
      log?.warn({ err: error, notification: row.id }, 'could not mail a notification');
    }
  }
}

function loadForDelivery(db: Db, ids: number[]) {
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      text: notifications.text,
      taskId: notifications.taskId,
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(inArray(notifications.id, ids))
    .orderBy(notifications.id);
}

/** What the step's assignee is asked to do, or what the requester is invited to look at. */
const CALL_TO_ACTION: Partial<Record<NotificationKind, string>> = {
  task_step: 'Please review it and approve or reject it here:',
  task_completed: 'You can see the request and its approvals here:',
  task_rejected: 'You can see the request, who rejected it and why here:',
};

/**
 * The e-mail of a notification: its sentence as the subject; a greeting, the sentence and the link to
 * the task as the body. The sentence may quote a request's name that a user typed, so line breaks are
 * flattened (a subject is one header line).
 */
export function notificationMail(
  row: { email: string; firstName: string; kind: NotificationKind; text: string; taskId: number | null },
  appUrl: string,
) {
  const sentence = row.text.replace(/\s+/g, ' ').trim();
  const link = row.taskId ? `${appUrl}/tasks?taskId=${row.taskId}` : `${appUrl}/tasks`;
  return {
    to: row.email,
    subject: sentence.length > SUBJECT_MAX ? `${sentence.slice(0, SUBJECT_MAX - 1)}…` : sentence,
    text: [
      `Hello ${row.firstName},`,
      '',
      /[.!?]$/.test(sentence) ? sentence : `${sentence}.`,
      '',
      CALL_TO_ACTION[row.kind] ?? 'Open it in the portal:',
      link,
      '',
      'You receive this mail because you take part in this request on the Atrium portal.',
    ].join('\n'),
  };
}

/** The actor of a notification, joined under its own name beside the recipient. */
const actors = alias(users, 'actor');

/** A user's notifications matching `where`, newest first, as the bell shows them. */
async function selectNotifications(
  db: Db,
  where: SQL | undefined,
  page = { limit: 1, offset: 0 },
): Promise<Notification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      text: notifications.text,
      task: notifications.taskId,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      actorId: actors.id,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      actorAvatar: actors.avatar,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    text: row.text,
    task: row.task,
    actor:
      row.actorId === null
        ? null
        : {
            id: row.actorId,
            first_name: row.actorFirstName ?? '',
            last_name: row.actorLastName ?? '',
            avatar: row.actorAvatar,
          },
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
}

/** How many of the user's notifications are unread: the bell's badge. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * One page of the user's own notifications, newest first (the id breaks ties, so that pages never
 * overlap), with the total and the unread count.
 */
export async function listNotifications(db: Db, userId: number, page: number) {
  const mine = eq(notifications.userId, userId);
  const [results, [total]] = await Promise.all([
    selectNotifications(db, mine, {
      limit: NOTIFICATIONS_PAGE_SIZE,
      offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
    }),
    // Both counts in one pass over the user's notifications.
    db
      .select({
        n: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine),
  ]);
  return { count: total?.n ?? 0, unread: total?.unread ?? 0, results };
}

/**
 * Marks one of the user's notifications read. Gives it, and whether it was unread until now; null when
 * there is none of that id for this user (another user's notification is as absent as a missing one).
 * Reading it again keeps the first read time.
 */
export async function markNotificationRead(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<{ notification: Notification; changed: boolean } | null> {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(mine, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  const [notification] = await selectNotifications(db, mine);
  return notification ? { notification, changed: marked.length > 0 } : null;
}

/** Marks every unread notification of the user read; returns how many it marked. */
export async function markAllNotificationsRead(db: Db, userId: number, now: Date): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}
