import { expect } from 'vitest';
import { type Answer, MARK, type RequestBody, type Role, type World } from './world';

/**
 * The authorization matrix: for every route of the API (method and path as registered), the status
 * each role gets, asked about the objects of "the employee" (Emil) in the fixture world (world.ts).
 * Denials are as much a part of it as permissions: 401 without a session, 403 where the caller sees the
 * object but may not act on it, 404 where the object must look absent (another company's, or someone
 * else's task, meeting or notification).
 *
 * Each row names its request: the path with ids from the world, a valid body for a write (so that the
 * status shows the right, not validation), and for a write that removes or spends its object, `fresh`,
 * which builds a new one for each role's request. Rows run in this order, one role after the other.
 */

export type Statuses = Record<Role, number>;
/** What a row's `fresh` built for one request: ids by name. */
export type Made = Record<string, number | string>;

export type Row = {
  /** The route as registered: 'METHOD /path/:param/'. */
  route: string;
  /** Tells apart rows of one route. */
  name?: string;
  path: (w: World, made: Made) => string;
  body?: (w: World, role: Role, made: Made) => RequestBody;
  /** Builds the object of one request anew (for writes that delete or decide it). */
  fresh?: (w: World) => Promise<Made>;
  /** Sends the request from a session of its own (logging out must not end the shared one). */
  freshSession?: boolean;
  /** An event stream: only its status and first bytes are read. */
  stream?: boolean;
  roles: Statuses;
  /** More to prove of an answer than its status. */
  check?: (w: World, role: Role, answer: Answer) => void;
  /** A route issue 12 asks for that may not be registered yet: its rows run once it is. */
  pending?: boolean;
  /** The URL carries the credential (a feed token): whoever calls may read what it grants. */
  tokenGrants?: boolean;
};

const base = (signedIn: number, anonymous = 401): Statuses => ({
  anonymous,
  employee: signedIn,
  otherEmployee: signedIn,
  manager: signedIn,
  otherManager: signedIn,
  editor: signedIn,
  hr: signedIn,
  otherCompany: signedIn,
});
const only = (allowed: Role[], status: number, others: number, otherCompany = 404): Statuses => {
  const statuses = base(others);
  statuses.otherCompany = otherCompany;
  for (const role of allowed) statuses[role] = status;
  return statuses;
};

/** Anyone, with or without a session. */
const anyone = (status: number) => base(status, status);
/** Every signed-in user, of any company: what the caller does for themself or in their own company. */
const everyone = (status: number) => base(status);
/** The people of the employee's company; another company's user is told it does not exist. */
const colleagues = (status: number) => ({ ...base(status), otherCompany: 404 });
/** The employee, their managers and HR (absence data, task lists); colleagues are refused. */
const overseers = (status: number) => only(['employee', 'manager', 'hr'], status, 403);
/** The employee and HR (documents, competencies, status); their manager is refused like anyone. */
const ownerAndHr = (status: number) => only(['employee', 'hr'], status, 403);
/** HR of the employee's company only. */
const hrOnly = (status: number) => only(['hr'], status, 403);
/** Post editors of the employee's company only. */
const editorsOnly = (status: number) => only(['editor'], status, 403);
/** The people in the employee's request (the employee, the step's manager) and HR; anyone else: 404. */
const taskReaders = (status: number) => only(['employee', 'manager', 'hr'], status, 404);
/** The employee only, and to anyone else the object does not exist (meetings, notifications, feeds). */
const employeeAlone = (status: number, others = 404) => only(['employee'], status, others, others);

const json = (value: unknown): RequestBody => ({ json: value });
const E = (w: World) => w.ids.employee;

/** Private profile fields: only the person and HR of their company get them. */
const PRIVATE_FIELDS = ['private_email', 'mobile_phone', 'birthdate', 'passport_expiry', 'private_folder'];

export const MATRIX: Row[] = [
  // Sign-in: public, and the same answer whoever asks.
  { route: 'GET /api/auth/csrf/', path: () => '/api/auth/csrf/', roles: anyone(200) },
  {
    route: 'POST /api/auth/request-code/',
    path: () => '/api/auth/request-code/',
    body: (_w, role) => json({ email: `unknown-${role.toLowerCase()}@nowhere.example` }),
    roles: anyone(200),
  },
  {
    route: 'POST /api/auth/check-code/',
    path: () => '/api/auth/check-code/',
    body: () => json({ email: 'unknown@nowhere.example', otp: '123456' }),
    roles: anyone(400),
  },
  { route: 'GET /api/auth/session/', path: () => '/api/auth/session/', roles: everyone(200) },
  {
    route: 'POST /api/auth/switch-company/',
    path: () => '/api/auth/switch-company/',
    body: (w) => json({ company: w.companies.acme }),
    roles: { ...everyone(200), otherCompany: 403 },
  },
  {
    route: 'POST /api/auth/logout/',
    path: () => '/api/auth/logout/',
    freshSession: true,
    roles: anyone(200),
  },
  { route: 'GET /api/roles/permissions/', path: () => '/api/roles/permissions/', roles: everyone(200) },

  // The directory and profiles.
  { route: 'GET /api/users/', path: () => '/api/users/', roles: everyone(200) },
  {
    route: 'POST /api/users/filter/',
    path: () => '/api/users/filter/',
    body: () => json({ q: 'Emil' }),
    roles: everyone(200),
    check: (_w, role, answer) => {
      const count = (answer.body as { count: number }).count;
      expect(count, 'Emil is found by his colleagues only').toBe(role === 'otherCompany' ? 0 : 1);
    },
  },
  {
    route: 'GET /api/users/form-fields/',
    path: (w) => `/api/users/form-fields/?mode=hr&company=${w.companies.acme}`,
    roles: colleagues(200),
  },
  {
    route: 'PATCH /api/users/form-fields/:id/',
    path: (w) => `/api/users/form-fields/${w.formField}/`,
    body: () => json({ display_name: 'Nickname' }),
    roles: hrOnly(200),
  },
  {
    route: 'GET /api/users/:id/',
    path: (w) => `/api/users/${E(w)}/`,
    roles: colleagues(200),
    check: (_w, role, answer) => {
      const profile = answer.body as Record<string, unknown>;
      const entitled = role === 'employee' || role === 'hr';
      for (const field of PRIVATE_FIELDS) expect(field in profile, field).toBe(entitled);
      expect(profile.edit_mode).toBe(role === 'hr' ? 'hr' : role === 'employee' ? 'self' : 'none');
    },
  },
  {
    route: 'PATCH /api/users/:id/',
    path: (w) => `/api/users/${E(w)}/`,
    body: () => json({ nickname: 'Em' }),
    roles: hrOnly(200),
  },
  {
    route: 'POST /api/users/me_update/',
    path: () => '/api/users/me_update/',
    body: () => json({ nickname: 'Nick' }),
    roles: everyone(200),
  },
  {
    // Sam is HR of Globex: he creates people there, never in Acme.
    route: 'POST /api/users/',
    path: () => '/api/users/',
    body: (_w, role) =>
      json({ first_name: 'New', last_name: 'Person', email: `new-${role.toLowerCase()}@example.test` }),
    roles: { ...only(['hr'], 201, 403), otherCompany: 201 },
    check: (w, role, answer) => {
      const company = (answer.body as { company: number }).company;
      expect(company).toBe(role === 'otherCompany' ? w.companies.globex : w.companies.acme);
    },
  },
  {
    route: 'POST /api/users/:id/status/',
    path: (w) => `/api/users/${E(w)}/status/`,
    body: () => json({ status: 1 }),
    roles: ownerAndHr(200),
  },
  {
    route: 'POST /api/users/profile/upload-avatar/:user_id/',
    path: (w) => `/api/users/profile/upload-avatar/${E(w)}/`,
    body: (w) => w.files.image(),
    roles: hrOnly(200),
  },
  {
    route: 'POST /api/users/profile/upload-avatar/',
    path: () => '/api/users/profile/upload-avatar/',
    body: (w) => w.files.image(),
    roles: everyone(200),
  },
  {
    route: 'GET /api/users/profile/get_avatar/',
    path: () => '/api/users/profile/get_avatar/?email=emil@acme.test',
    roles: everyone(200),
    check: (_w, role, answer) => {
      const { avatar } = answer.body as { avatar: string | null };
      if (role === 'otherCompany') expect(avatar, 'no avatar of another company').toBeNull();
      else expect(avatar).toMatch(/^\/api\/users\/\d+\/avatar\//);
    },
  },
  { route: 'GET /api/users/:id/avatar/', path: (w) => `/api/users/${E(w)}/avatar/`, roles: colleagues(200) },

  // Absences: counts, balances and the vacation log are the employee's, his managers' and HR's.
  {
    route: 'GET /api/absences/count-days/',
    path: (w) => `/api/absences/count-days/?user_id=${E(w)}&from_date=2026-12-21&to_date=2026-12-27`,
    roles: overseers(200),
  },
  {
    route: 'GET /api/absences/available/',
    path: (w) => `/api/absences/available/?user_id=${E(w)}`,
    roles: overseers(200),
  },
  {
    route: 'POST /api/absences/vacation/',
    path: () => '/api/absences/vacation/',
    body: () => json({ from_date: '2026-12-01', to_date: '2026-12-02' }),
    roles: everyone(201),
  },
  {
    route: 'POST /api/absences/own-expense/',
    path: () => '/api/absences/own-expense/',
    body: () => json({ from_date: '2026-12-03', to_date: '2026-12-03', inputParams: { reason: 'Moving' } }),
    roles: everyone(201),
  },
  {
    route: 'POST /api/absences/business-trip/',
    path: () => '/api/absences/business-trip/',
    body: () =>
      json({
        from_date: '2026-12-07',
        to_date: '2026-12-08',
        inputParams: { destination: 'Berlin', purpose: 'A customer visit' },
      }),
    roles: everyone(201),
  },
  {
    route: 'POST /api/absences/sick-leave/',
    path: () => '/api/absences/sick-leave/',
    body: () => json({ from_date: '2026-12-09', to_date: '2026-12-09' }),
    roles: everyone(201),
  },
  {
    route: 'GET /api/user_vars/values/',
    path: (w) => `/api/user_vars/values/?user=${E(w)}`,
    roles: overseers(200),
  },
  {
    route: 'GET /api/user_vars/:id/history/',
    path: (w) => `/api/user_vars/${E(w)}/history/`,
    roles: overseers(200),
  },

  // The company structure and dictionaries: the employee's company's, for its members.
  {
    route: 'GET /api/company_department_tree/',
    path: (w) => `/api/company_department_tree/?company_id=${w.companies.acme}`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/company_department_tree/:id',
    path: (w) => `/api/company_department_tree/${w.structure.acme.department}`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/company_level_types/',
    path: (w) => `/api/company_level_types/?company=${w.companies.acme}`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/company_levels/',
    path: (w) => `/api/company_levels/?company=${w.companies.acme}&level_type=${w.structure.acme.levelType}`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/company_structure/',
    path: (w) => `/api/company_structure/?company=${w.companies.acme}`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/company_structure/user_tree/',
    path: (w) => `/api/company_structure/user_tree/?user=${E(w)}`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/dictionaries/',
    path: (w) => `/api/dictionaries/?companies=${w.companies.acme}`,
    roles: everyone(200),
    check: (_w, role, answer) => {
      const { results } = answer.body as { results: unknown[] };
      expect(results, 'another company is left out').toHaveLength(role === 'otherCompany' ? 0 : 1);
    },
  },
  {
    route: 'GET /api/dictionaries/:name/',
    path: (w) => `/api/dictionaries/StorageCategory/?company=${w.companies.acme}`,
    roles: colleagues(200),
  },

  // Subordination and competencies: read by colleagues, changed by HR (and the person, for levels).
  { route: 'GET /api/managers/', path: (w) => `/api/managers/?user_id=${E(w)}`, roles: colleagues(200) },
  {
    route: 'GET /api/managers/manager_types/',
    path: (w) => `/api/managers/manager_types/?user_id=${E(w)}`,
    roles: colleagues(200),
  },
  {
    route: 'POST /api/managers/',
    path: () => '/api/managers/',
    body: (w) => json({ user: E(w), manager: w.ids.hr, manager_type: w.types.extra }),
    roles: hrOnly(201),
  },
  {
    route: 'DELETE /api/managers/:id/',
    fresh: async (w) => ({ link: await w.make.newManagerLink() }),
    path: (_w, made) => `/api/managers/${made.link}/`,
    roles: hrOnly(204),
  },
  {
    route: 'GET /api/competencies/',
    path: (w) => `/api/competencies/?company=${w.companies.acme}`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/competencies/get_levels/',
    path: (w) => `/api/competencies/get_levels/?user_id=${E(w)}`,
    roles: colleagues(200),
  },
  {
    route: 'POST /api/competencies/set_level/',
    path: () => '/api/competencies/set_level/',
    body: (w) => json({ competency_level_id: w.competencyLevel, user_id: E(w) }),
    roles: ownerAndHr(200),
  },

  // News: the company reads, likes and comments; post editors write.
  {
    route: 'GET /api/posts/',
    path: (w) => `/api/posts/?company=${w.companies.acme}`,
    roles: colleagues(200),
  },
  { route: 'GET /api/posts/:id/', path: (w) => `/api/posts/${w.objects.post}/`, roles: colleagues(200) },
  {
    route: 'POST /api/posts/',
    path: () => '/api/posts/',
    body: (w) => json({ title: 'A matrix post', body: 'Hello', company: w.companies.acme }),
    roles: editorsOnly(201),
  },
  {
    // Sam edits posts of his own company: the preview renders for any post editor.
    route: 'POST /api/posts/preview/',
    path: () => '/api/posts/preview/',
    body: () => json({ body: '**Hello**' }),
    roles: { ...editorsOnly(200), otherCompany: 200 },
  },
  {
    route: 'PATCH /api/posts/:id/',
    path: (w) => `/api/posts/${w.objects.post}/`,
    body: () => json({ title: `${MARK.acme} news` }),
    roles: editorsOnly(200),
  },
  {
    route: 'DELETE /api/posts/:id/',
    fresh: async (w) => ({ post: await w.make.newPost('A post to delete') }),
    path: (_w, made) => `/api/posts/${made.post}/`,
    roles: editorsOnly(204),
  },
  {
    route: 'POST /api/posts/:id/like/',
    path: (w) => `/api/posts/${w.objects.post}/like/`,
    roles: colleagues(200),
  },
  {
    route: 'DELETE /api/posts/:id/like/',
    path: (w) => `/api/posts/${w.objects.post}/like/`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/posts/:id/cover/',
    path: (w) => `/api/posts/${w.objects.post}/cover/`,
    roles: colleagues(200),
  },
  {
    route: 'POST /api/posts/:id/cover/',
    path: (w) => `/api/posts/${w.objects.post}/cover/`,
    body: (w) => w.files.image('cover.png'),
    roles: editorsOnly(200),
  },
  {
    route: 'DELETE /api/posts/:id/cover/',
    fresh: async (w) => ({ post: await w.make.newPost('A post whose cover goes') }),
    path: (_w, made) => `/api/posts/${made.post}/cover/`,
    roles: editorsOnly(200),
  },

  // Chats: a post's chat follows the post; a request's chat follows the request.
  {
    route: 'GET /api/chats/:id/',
    name: "a post's comments",
    path: (w) => `/api/chats/${w.objects.postChat}/`,
    roles: colleagues(200),
  },
  {
    route: 'GET /api/chats/:id/',
    name: "the employee's request chat",
    path: (w) => `/api/chats/${w.objects.requestChat}/`,
    roles: taskReaders(200),
  },
  {
    route: 'POST /api/chats/:id/chat_send_message/',
    name: "a post's comments",
    path: (w) => `/api/chats/${w.objects.postChat}/chat_send_message/`,
    body: () => json({ message: 'A matrix comment' }),
    roles: colleagues(201),
  },
  {
    route: 'POST /api/chats/:id/chat_send_message/',
    name: "the employee's request chat",
    path: (w) => `/api/chats/${w.objects.requestChat}/chat_send_message/`,
    body: () => json({ message: 'A matrix comment' }),
    roles: taskReaders(201),
  },
  {
    route: 'POST /api/chats/:id/add_emoji/:message_id/',
    path: (w) => `/api/chats/${w.objects.postChat}/add_emoji/${w.objects.postComment}/`,
    body: () => json({ emoji_id: '+1' }),
    roles: colleagues(200),
  },
  {
    route: 'DELETE /api/chats/:id/add_emoji/:message_id/',
    path: (w) => `/api/chats/${w.objects.postChat}/add_emoji/${w.objects.postComment}/`,
    roles: colleagues(200),
  },
  {
    route: 'POST /api/chats/:id/add_emoji/:message_id/',
    name: "the employee's request chat",
    path: (w) => `/api/chats/${w.objects.requestChat}/add_emoji/${w.objects.requestComment}/`,
    body: () => json({ emoji_id: '+1' }),
    roles: taskReaders(200),
  },
  {
    // A message is addressed through its own chat: reading the post's chat gives no hold on the request's.
    route: 'POST /api/chats/:id/add_emoji/:message_id/',
    name: "a request comment addressed through the post's chat",
    path: (w) => `/api/chats/${w.objects.postChat}/add_emoji/${w.objects.requestComment}/`,
    body: () => json({ emoji_id: '+1' }),
    roles: everyone(404),
  },
  {
    route: 'POST /api/chats/:id/delete_message/',
    name: "a request comment addressed through the post's chat (the editor moderates posts only)",
    path: (w) => `/api/chats/${w.objects.postChat}/delete_message/`,
    body: (w) => json({ id: w.objects.requestComment }),
    roles: everyone(404),
  },
  {
    route: 'POST /api/chats/:id/chat_send_message/',
    name: "a reply in the post's chat to a request comment",
    path: (w) => `/api/chats/${w.objects.postChat}/chat_send_message/`,
    body: (w) => json({ message: 'A reply', reply: w.objects.requestComment }),
    roles: colleagues(422),
  },
  {
    // The author deletes their comment, and so does a post editor (moderation); nobody else.
    route: 'POST /api/chats/:id/delete_message/',
    name: "the employee's comment under a post",
    fresh: async (w) => ({ message: await w.make.newComment(w.objects.postChat) }),
    path: (w) => `/api/chats/${w.objects.postChat}/delete_message/`,
    body: (_w, _role, made) => json({ id: made.message }),
    roles: only(['employee', 'editor'], 200, 403),
  },
  {
    route: 'POST /api/chats/:id/delete_message/',
    name: "the employee's comment on his request",
    fresh: async (w) => ({ message: await w.make.newComment(w.objects.requestChat) }),
    path: (w) => `/api/chats/${w.objects.requestChat}/delete_message/`,
    body: (_w, _role, made) => json({ id: made.message }),
    roles: { ...taskReaders(403), employee: 200 },
  },

  // Tasks: a request is seen by the people in it, the person's managers and HR; nobody else knows of it.
  {
    route: 'GET /api/tasks/',
    path: (w) => `/api/tasks/?view=creator&user=${E(w)}`,
    roles: overseers(200),
  },
  { route: 'GET /api/tasks/:id/', path: (w) => `/api/tasks/${w.objects.request}/`, roles: taskReaders(200) },
  {
    route: 'GET /api/tasks/:id/workflow/',
    path: (w) => `/api/tasks/${w.objects.request}/workflow/`,
    roles: taskReaders(200),
  },
  {
    route: 'PATCH /api/tasks/:id/',
    path: (w) => `/api/tasks/${w.objects.request}/`,
    body: () => json({ description: 'For the new project' }),
    roles: { ...taskReaders(403), employee: 200 },
  },
  {
    // Step 1 is the manager's: the requester cannot approve his own request, HR's step has not started.
    route: 'POST /api/tasks/:id/approve/',
    fresh: async (w) => ({ request: (await w.make.newRequest()).id }),
    path: (_w, made) => `/api/tasks/${made.request}/approve/`,
    body: () => json({ comment: 'Fine' }),
    roles: { ...taskReaders(403), manager: 200 },
  },
  {
    // Addressed by its id, a step is decided by its assignee alone: no self-approval by the requester.
    route: 'POST /api/tasks/:id/approve/',
    name: "the manager's step, by its id",
    fresh: async (w) => w.make.newRequestWithSteps(),
    path: (_w, made) => `/api/tasks/${made.managerStep}/approve/`,
    roles: { ...taskReaders(403), manager: 200 },
  },
  {
    route: 'POST /api/tasks/:id/approve/',
    name: "HR's step, by its id, before it starts",
    fresh: async (w) => w.make.newRequestWithSteps(),
    path: (_w, made) => `/api/tasks/${made.hrStep}/approve/`,
    roles: { ...taskReaders(403), hr: 409 },
  },
  {
    route: 'POST /api/tasks/:id/reject/',
    fresh: async (w) => ({ request: (await w.make.newRequest()).id }),
    path: (_w, made) => `/api/tasks/${made.request}/reject/`,
    body: () => json({ comment: 'No' }),
    roles: { ...taskReaders(403), manager: 200 },
  },
  { route: 'GET /api/tasks/templates/', path: () => '/api/tasks/templates/', roles: everyone(200) },
  {
    route: 'GET /api/tasks/templates/:key/form/',
    path: () => '/api/tasks/templates/equipment_request/form/',
    roles: everyone(200),
  },
  {
    route: 'POST /api/tasks/upload/',
    path: () => '/api/tasks/upload/',
    body: (w) => w.files.pdf('a matrix upload'),
    roles: everyone(201),
  },
  {
    // A request takes only its requester's own uploads: nobody files a request with Emil's file.
    route: 'POST /api/tasks/factory/',
    name: "with the employee's pending upload",
    fresh: async (w) => ({ file: await w.make.newPendingFile() }),
    path: () => '/api/tasks/factory/',
    body: (_w, _role, made) =>
      json({
        template: 'equipment_request',
        inputParams: {
          equipment: 'monitor',
          reason: 'A second screen',
          needed_by: '2026-12-01',
          quote: [made.file],
        },
      }),
    roles: { ...everyone(422), employee: 201 },
  },
  {
    route: 'GET /api/tasks/files/:id/',
    path: (w) => `/api/tasks/files/${w.objects.taskFile}/`,
    roles: taskReaders(200),
  },
  {
    route: 'POST /api/tasks/factory/',
    path: () => '/api/tasks/factory/',
    body: () =>
      json({
        template: 'certificate_of_employment',
        inputParams: { purpose: 'bank', copies: 1, language: 'en', delivery_date: '2026-11-30' },
      }),
    roles: everyone(201),
  },

  // Notifications are their recipient's alone.
  { route: 'GET /api/notifications/', path: () => '/api/notifications/', roles: everyone(200) },
  { route: 'GET /api/notifications/unread/', path: () => '/api/notifications/unread/', roles: everyone(200) },
  {
    route: 'POST /api/notifications/:id/read/',
    path: (w) => `/api/notifications/${w.objects.notification}/read/`,
    roles: employeeAlone(200),
  },
  {
    route: 'POST /api/notifications/read-all/',
    path: () => '/api/notifications/read-all/',
    roles: everyone(200),
  },

  // The company calendar.
  {
    route: 'GET /api/calendars/company/holidays/',
    path: () => '/api/calendars/company/holidays/?year=2026',
    roles: everyone(200),
  },
  {
    route: 'GET /api/holidays/:id/',
    path: (w) => `/api/holidays/${w.companies.acme}/`,
    roles: colleagues(200),
  },
  {
    route: 'POST /api/calendars/company/filter/',
    path: () => '/api/calendars/company/filter/',
    body: () => json({ year: 2026, month: 11 }),
    roles: everyone(200),
    check: (_w, role, answer) => {
      // Emil's business trip: colleagues see that he is away, not why.
      const seesKind = ['employee', 'manager', 'hr'].includes(role);
      expect(answer.text.includes('"kind":"business_trip"'), 'the kind of the absence').toBe(seesKind);
      expect(answer.text.includes('"first_name":"Emil"'), 'Emil away').toBe(role !== 'otherCompany');
    },
  },
  {
    route: 'POST /api/calendars/company/get_missing_users/',
    path: () => '/api/calendars/company/get_missing_users/',
    body: () => json({ vacation_from_date: '2026-11-01', vacation_to_date: '2026-11-30' }),
    roles: everyone(200),
  },
  {
    route: 'GET /api/calendars/calendar/:id/',
    path: (w) => `/api/calendars/calendar/${E(w)}/?year=2026&month=11`,
    roles: colleagues(200),
    check: (_w, role, answer) => {
      const seesKind = ['employee', 'manager', 'hr'].includes(role);
      expect(answer.text.includes('"kind":"business_trip"'), 'the kind of the absence').toBe(seesKind);
    },
  },
  { route: 'GET /api/calendars/feed/', path: () => '/api/calendars/feed/', roles: employeeAlone(200) },
  {
    route: 'POST /api/calendars/feed/',
    path: () => '/api/calendars/feed/',
    body: () => json({ scope: 'department' }),
    roles: everyone(201),
  },
  { route: 'DELETE /api/calendars/feed/', path: () => '/api/calendars/feed/', roles: everyone(204) },
  {
    // The token is the credential: whoever holds it reads the feed, with or without a session.
    route: 'GET /api/calendars/feed/:token.ics',
    name: 'a live token',
    fresh: async (w) => ({ token: await w.make.newFeedToken() }),
    path: (_w, made) => `/api/calendars/feed/${made.token}.ics`,
    tokenGrants: true,
    roles: anyone(200),
  },
  {
    route: 'GET /api/calendars/feed/:token.ics',
    name: 'an unknown token',
    path: () => '/api/calendars/feed/not-a-live-token.ics',
    roles: anyone(404),
  },

  // Meetings: the organizer's and attendees' only; HR sees no more than anyone.
  {
    route: 'GET /api/calendars/events/',
    name: 'the caller’s own',
    path: () => '/api/calendars/events/',
    roles: everyone(200),
    check: (_w, role, answer) => {
      expect(answer.text.includes("emil's one-to-one"), "Emil's meeting").toBe(role === 'employee');
    },
  },
  {
    route: 'GET /api/calendars/events/',
    name: "the employee's, by his address",
    path: () => '/api/calendars/events/?email=emil@acme.test',
    roles: employeeAlone(200, 403),
  },
  {
    route: 'GET /api/calendars/events/day/',
    path: () => '/api/calendars/events/day/?date=2026-11-20&email=emil@acme.test',
    roles: employeeAlone(200, 403),
  },
  {
    route: 'GET /api/calendars/events/nextday/',
    path: () => '/api/calendars/events/nextday/?date=2026-11-19&email=emil@acme.test',
    roles: employeeAlone(200, 403),
  },
  {
    route: 'POST /api/calendars/events/',
    path: () => '/api/calendars/events/',
    body: () =>
      json({ title: 'A matrix meeting', start: '2026-11-24T10:00:00Z', end: '2026-11-24T10:30:00Z' }),
    roles: everyone(201),
  },
  {
    route: 'GET /api/calendars/events/:uuid/',
    path: (w) => `/api/calendars/events/${w.objects.meeting}/`,
    roles: employeeAlone(200),
  },
  {
    route: 'PATCH /api/calendars/events/:uuid/',
    path: (w) => `/api/calendars/events/${w.objects.meeting}/`,
    body: () => json({ title: "emil's one-to-one" }),
    roles: employeeAlone(200),
  },
  {
    route: 'DELETE /api/calendars/events/:uuid/',
    fresh: async (w) => ({ meeting: await w.make.newMeeting() }),
    path: (_w, made) => `/api/calendars/events/${made.meeting}/`,
    roles: employeeAlone(204),
  },
  {
    route: 'POST /api/calendars/events/import/',
    path: () => '/api/calendars/events/import/',
    body: (w, role) => w.files.ics(`matrix-${role}@example.test`),
    roles: everyone(200),
  },
  {
    route: 'GET /api/calendars/events/feed/',
    path: () => '/api/calendars/events/feed/',
    roles: employeeAlone(200),
  },
  {
    route: 'POST /api/calendars/events/feed/',
    path: () => '/api/calendars/events/feed/',
    roles: everyone(201),
  },
  {
    route: 'DELETE /api/calendars/events/feed/',
    path: () => '/api/calendars/events/feed/',
    roles: everyone(204),
  },

  // Personal documents: the owner and HR of his company; his manager is refused like any colleague.
  {
    route: 'GET /api/storage/',
    path: (w) => `/api/storage/?user_id=${E(w)}`,
    roles: ownerAndHr(200),
    check: (_w, _role, answer) => {
      expect((answer.body as { count: number }).count).toBeGreaterThan(0);
    },
  },
  {
    route: 'POST /api/storage/',
    path: () => '/api/storage/',
    body: (w) => json({ title: 'Filed by the matrix', user_id: E(w), category: w.storageCategory }),
    roles: ownerAndHr(201),
  },
  {
    route: 'POST /api/storage/upload-file/:id/',
    path: (w) => `/api/storage/upload-file/${w.objects.document}/`,
    body: (w) => w.files.pdf('document-of-emil'),
    roles: ownerAndHr(200),
  },
  {
    route: 'PATCH /api/storage/:id/',
    path: (w) => `/api/storage/${w.objects.document}/`,
    body: () => json({ title: 'document-of-emil contract' }),
    roles: ownerAndHr(200),
  },
  {
    route: 'GET /api/storage/:id/file/',
    path: (w) => `/api/storage/${w.objects.document}/file/`,
    roles: ownerAndHr(200),
  },
  {
    route: 'DELETE /api/storage/:id/',
    fresh: async (w) => ({ document: await w.make.newDocument() }),
    path: (_w, made) => `/api/storage/${made.document}/`,
    roles: ownerAndHr(204),
  },

  // Live updates: the stream is the caller's own (it filters events by audience).
  { route: 'GET /api/events/stream/', path: () => '/api/events/stream/', stream: true, roles: everyone(200) },

  // The API description is public.
  { route: 'GET /api/docs', path: () => '/api/docs', roles: anyone(200) },
  { route: 'GET /api/docs/', path: () => '/api/docs/', roles: anyone(200) },
  { route: 'GET /api/docs/json', path: () => '/api/docs/json', roles: anyone(200) },
  { route: 'GET /api/docs/yaml', path: () => '/api/docs/yaml', roles: anyone(200) },
  { route: 'GET /api/docs/static/index.html', path: () => '/api/docs/static/index.html', roles: anyone(302) },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    path: () => '/api/docs/static/swagger-initializer.js',
    roles: anyone(200),
  },
  { route: 'GET /api/docs/*', path: () => '/api/docs/static/swagger-ui.css', roles: anyone(200) },

  // Asked for by issue 12; their rows run as soon as the routes are registered.
  {
    route: 'GET /api/audit/',
    path: (w) => `/api/audit/?user_id=${E(w)}&page=1`,
    roles: hrOnly(200),
    pending: true,
  },
  { route: 'GET /api/health/', path: () => '/api/health/', roles: anyone(200), pending: true },
];

/** The table alone, as data (route, case, status by role): for a report, or `JSON.stringify`. */
export const TABLE = MATRIX.map(({ route, name, roles }) => ({ route, ...(name ? { name } : {}), roles }));
