import { z } from 'zod';
import { TaskPerson } from './tasks';

/**
 * What a notification tells: a request step now awaits you, your request was completed or rejected,
 * someone commented in a request you take part in.
 */
export const NOTIFICATION_KINDS = ['task_step', 'task_completed', 'task_rejected', 'task_comment'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const Notification = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The sentence shown in the list, e.g. 'Maya Chen approved your request "Equipment request"'. */
  text: z.string(),
  /** The task to open (/tasks?taskId=), or null. */
  task: z.number().nullable(),
  /** Who caused it, or null for the system (an SLA, a routing). */
  actor: TaskPerson.nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().positive().default(1),
});

export const NotificationsPage = z.object({
  count: z.number(),
  /** Unread notifications of the user in all, for the bell's badge. */
  unread: z.number(),
  next: z.string().nullable(),
  results: z.array(Notification),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const UnreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;
