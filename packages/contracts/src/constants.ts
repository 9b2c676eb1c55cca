import type { UserStatus } from './common';

// Plain values shared by server and web: limits, page sizes, labels and enumerations. They live apart from
// the schemas so that the web app can import them without zod (its first load carries no schema).

// Dates
/** The months' English names, January first: the UI's dates and the birth-month dictionary. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

// Users
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  1: 'Online',
  2: 'Offline',
  3: 'Illness',
  4: 'Vacation',
};

export const SOCIAL_NETWORKS = [
  'telegram',
  'discord',
  'whatsapp',
  'linkedin',
  'fb',
  'twitter',
  'skype',
  'slack',
  'instagram',
] as const;

// Login
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
/** The login page's "Send a new code" countdown, in seconds. */
export const RESEND_DELAY_SECONDS = 180;

// Chats and live events
/** The longest message, counted after trimming. */
export const MESSAGE_MAX = 900;
/** The only emoji: a like. */
export const LIKE_EMOJI = '+1';

export const LIVE_EVENT_TYPES = [
  'chat.message',
  'chat.like',
  'chat.delete',
  'post.created',
  'post.updated',
  'post.deleted',
  'task.updated',
  'notification',
  'meeting.changed',
] as const;
/**
 * The header of every API answer to a GET that says where the server's process was in the live events when
 * it began to read: an answer at the same position as the event stream's 'hello' cannot have missed an
 * event the stream does not carry.
 */
export const EVENTS_POSITION_HEADER = 'x-events-position';

// Documents
/** Spec §5: the one message for a document that is not a PDF or picture, or is over 2 MB. */
export const INVALID_DOCUMENT_FILE = 'Invalid format (PNG, JPG, PDF) or file size too large (up to 2 Mb)';
export const DOCUMENT_TITLE_MAX = 200;
/** Spec §9: documents are listed 10 a page. */
export const DOCUMENTS_PAGE_SIZE = 10;

// Meetings
/** Spec: a meeting has at most 200 attendees. */
export const MAX_ATTENDEES = 200;
export const MEETING_TITLE_MAX = 200;
export const MEETING_DESCRIPTION_MAX = 5_000;
export const MEETING_LINK_MAX = 2_000;

// News
export const POST_TITLE_MAX = 200;
export const POST_BODY_MAX = 20_000;

// Audit log and vacation history
/** The audit log is read 20 entries a page, newest first. */
export const AUDIT_PAGE_SIZE = 20;
export const VACATION_LOG_PAGE_SIZE = 50;

// Tasks
/** The templates of requests the spec knows by key; every other template is a factory task. */
export const KNOWN_TEMPLATE_KEYS = [
  'internal_hospital_staff',
  'internal_hospital_gph',
  'official_sick_leave_approval',
  'business_trip_approval',
  'vacation_approval',
  'leave_at_own_expense_approval',
] as const;
export type KnownTemplateKey = (typeof KNOWN_TEMPLATE_KEYS)[number];

/** The list tabs of /tasks with their spec ids; 'important' exists in the UI only, disabled. */
export const TASK_STATUS_IDS = { active: 0, important: 1, overdue: 2, planned: 3, completed: 4 } as const;
export const TASK_LIST_STATUSES = ['active', 'completed', 'overdue', 'planned'] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];
export const TASK_VIEWS = ['exec', 'creator'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
export const TASK_ORDERS = ['completed', 'sla_at', 'created_at', '-created_at'] as const;
export const TASKS_PAGE_SIZE = 15;

/** Local status of a workflow item (spec §4): approved, canceled, skipped, then expired/process by SLA, else next. */
export const WORKFLOW_STATUSES = ['approved', 'canceled', 'skipped', 'expired', 'process', 'next'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** Who a template step goes to, resolved when the request is created. */
export const STEP_ROLES = ['manager', 'deputy', 'hrbp', 'extra', 'hr', 'user'] as const;
export type StepRole = (typeof STEP_ROLES)[number];

export const TASK_COMMENT_MAX = 2000;
export const TASK_NAME_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
