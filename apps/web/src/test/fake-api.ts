import type {
  ChatMessage,
  ChatReply,
  DepartmentNode,
  DictionaryItem,
  DictionaryName,
  FormField,
  FormFieldsResponse,
  FormMode,
  ManagerLink,
  ManagerType,
  Post,
  Profile,
  SessionResponse,
  UserCompetency,
  UserListItem,
  UsersFilterBody,
  UsersPage,
} from '@atrium/contracts';
import { SOCIAL_NETWORKS } from '@atrium/contracts';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export type ApiCall = {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  query: URLSearchParams;
};
type Handler = (call: ApiCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CSRF_TOKEN = 'test-csrf-token';

/** Stands in for the browser keeping a cookie the server set (jsdom has no Cookie Store API). */
export function setCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the fake server's Set-Cookie, see above
  document.cookie = `${name}=${value}; path=/`;
}

export function clearCookies() {
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: expiring is the only way to delete a cookie in jsdom
    document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** What the real server answers when a test does not say otherwise: a token, and nobody signed in. */
const defaults: Record<string, Handler> = {
  'GET /api/auth/csrf/': () => {
    setCookie('csrftoken', CSRF_TOKEN);
    return json(200, { csrftoken: CSRF_TOKEN });
  },
  'GET /api/auth/session/': () => json(401, { error: 'Authentication required.' }),
  'POST /api/auth/logout/': () => json(200, { ok: true }),
  'POST /api/users/filter/': () => json(200, { count: 0, next: null, results: [] } satisfies UsersPage),
  'GET /api/company_department_tree/': () => json(200, { results: [] }),
};

/** "METHOD /path" of a call without its query string: a route registered without one answers any query. */
const routeOf = (call: ApiCall) => `${call.method} ${call.path.split('?')[0]}`;

/**
 * Replaces fetch with a small fake of the API, keyed by "METHOD /path". Like the server, it refuses an
 * unsafe request whose X-CSRFToken header does not echo the csrftoken cookie.
 */
export function stubApi(routes: Record<string, Handler> = {}) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: String(input),
      // JSON parsed; a multipart form (an upload) as it was sent.
      body:
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof FormData
            ? init.body
            : undefined,
      headers: new Headers(init.headers),
      query: new URLSearchParams(String(input).split('?')[1] ?? ''),
    };
    calls.push(call);
    const csrfCookie = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1];
    if (call.method !== 'GET' && (!csrfCookie || call.headers.get('X-CSRFToken') !== csrfCookie)) {
      return json(403, { error: 'CSRF token missing or incorrect.' });
    }
    const key = `${call.method} ${call.path}`;
    const handler = routes[key] ?? routes[routeOf(call)] ?? defaults[key] ?? defaults[routeOf(call)];
    return handler ? handler(call) : json(404, { error: 'Not found.' });
  });
  const callsTo = (key: string) =>
    calls.filter((call) => `${call.method} ${call.path}` === key || routeOf(call) === key);
  return { calls, callsTo };
}

export const aSession = (): SessionResponse => {
  const company = { id: 1, name: 'Northwind', logo: null, logo_small: null };
  return {
    user: {
      id: 7,
      email: 'ada@northwind.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      avatar: null,
      status: 1,
      groups: [{ id: 2, name: 'User' }],
      rights: [],
      companies: [company],
      job_position: 3,
      job_position_name: 'Analyst',
      department: null,
      division: null,
      company_departments: [],
    },
    company,
  };
};

/** A person as list rows show them; `id` also varies the name and e-mail. */
export const aPerson = (id: number, overrides: Partial<UserListItem> = {}): UserListItem => ({
  id,
  email: `person${id}@northwind.test`,
  first_name: 'Person',
  last_name: `No${id}`,
  avatar: null,
  status: 1,
  job_position: 3,
  job_position_name: 'Analyst',
  division: null,
  division_name: null,
  department: null,
  department_name: null,
  country: null,
  gmt: null,
  manager_name: null,
  special_event: null,
  social: {},
  ...overrides,
});

export const aDepartment = (id: number, overrides: Partial<DepartmentNode> = {}): DepartmentNode => ({
  id,
  name: `Department ${id}`,
  parent_id: null,
  level_type: 1,
  depth: 1,
  employees_count: 0,
  ...overrides,
});

/**
 * POST /api/users/filter/ over a fixed list of people, paged like the server (page, page_size, count,
 * next link). It understands q (a substring of name, e-mail or position), ids, and Department, Division
 * and company_departments (matched against a person's own department and division, without the tree).
 */
export function fakeUsersFilter(people: UserListItem[]): Handler {
  return (call) => {
    const body = (call.body ?? {}) as UsersFilterBody;
    const list = (value: unknown) =>
      (Array.isArray(value) ? value : value == null ? [] : [value]).map(Number);
    const q = body.q?.trim().toLowerCase();
    const nodes = list(body.company_departments);
    const matches = people.filter(
      (person) =>
        (!q ||
          [person.first_name, person.last_name, person.email, person.job_position_name].some((text) =>
            text.toLowerCase().includes(q),
          )) &&
        (body.ids === undefined || list(body.ids).includes(person.id)) &&
        (body.Department === undefined || list(body.Department).includes(person.department ?? 0)) &&
        (body.Division === undefined || list(body.Division).includes(person.division ?? 0)) &&
        (nodes.length === 0 ||
          nodes.includes(person.department ?? 0) ||
          nodes.includes(person.division ?? 0)),
    );
    const page = Number(call.query.get('page') ?? 1);
    const pageSize = Number(call.query.get('page_size') ?? 15);
    const countOnly = call.query.get('count') === '1' || call.query.get('count') === 'true';
    const [path] = call.path.split('?');
    const next =
      !countOnly && page * pageSize < matches.length
        ? `${path}?page=${page + 1}&page_size=${pageSize}`
        : null;
    const results = countOnly ? [] : matches.slice((page - 1) * pageSize, page * pageSize);
    return json(200, { count: matches.length, next, results } satisfies UsersPage);
  };
}

/** Ada of aSession, who works for Contoso too. */
export const aTwoCompanySession = (): SessionResponse => {
  const session = aSession();
  session.user.companies.push({ id: 2, name: 'Contoso', logo: null, logo_small: null });
  return session;
};

/** POST /api/auth/switch-company/ as the server answers it for the user of `session`. */
export const switchCompanyRoute =
  (session: SessionResponse): Handler =>
  (call) => {
    const { company } = call.body as { company: number };
    const chosen = session.user.companies.find((each) => each.id === company);
    return chosen
      ? json(200, { user: session.user, company: chosen })
      : json(403, { error: 'You are not a member of this company.' });
  };

/** An item of a dictionary as GET /api/dictionaries/{name}/ lists it. */
export const aDictionaryItem = (id: number, name: string, overrides: Partial<DictionaryItem> = {}) =>
  ({ id, name, img: null, active: true, ...overrides }) satisfies DictionaryItem;

/** Routes answering GET /api/dictionaries/{name}/ with the given items, whatever the company or q. */
export function dictionaryRoutes(
  dictionaries: Partial<Record<DictionaryName, DictionaryItem[]>>,
): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(dictionaries).map(([name, results]) => [
      `GET /api/dictionaries/${name}/`,
      () => json(200, { results }),
    ]),
  );
}

/** social_telegram … social_instagram of a profile: the handle of each network, null for the others. */
const socialFields = (handles: Record<string, string>) =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`social_${network}`, handles[network] ?? null]));

/** A profile as a colleague sees it (GET /api/users/{id}/): no private fields, no editing. */
export const aProfile = (id: number, overrides: Partial<Profile> = {}): Profile => ({
  id,
  email: `person${id}@northwind.test`,
  first_name: 'Grace',
  last_name: 'Hopper',
  nickname: null,
  avatar: null,
  status: 1,
  company: 1,
  company_name: 'Northwind',
  job_position: 31,
  job_position_name: 'Analyst',
  job_position_official: null,
  division: 5,
  division_name: 'Engineering',
  department: 6,
  department_name: 'Platform',
  country: null,
  country_name: null,
  location: null,
  location_name: 'Berlin',
  gmt: 2,
  gender: 42,
  grade: null,
  legal_entity: null,
  employment_type: null,
  shoe_size: null,
  clothing_size: null,
  nutrition: null,
  status_visible: null,
  special_event: null,
  dms: true,
  birthday: '12-09',
  hire_date: '2021-03-15',
  first_hire_date: null,
  dismissal_date: null,
  about_me: 'Compilers.',
  manager_name: null,
  social: { telegram: 'grace' },
  // The contract builds these keys from SOCIAL_NETWORKS, so its type does not name them.
  ...socialFields({ telegram: 'grace' }),
  can_edit: false,
  edit_mode: 'none',
  ...overrides,
});

/** The private fields a profile has for the person themself and HR. */
export const privateProfileFields = (): Partial<Profile> => ({
  private_email: 'grace@home.test',
  mobile_phone: '+49 30 1234',
  birthdate: '1990-12-09',
  passport_expiry: '2030-01-31',
  visa_expiry: null,
  residence_permit_expiry: null,
  private_folder: null,
});

type FieldSeed = Partial<FormField> & Pick<FormField, 'name' | 'display_name' | 'type' | 'group'>;
const aFormField = (seed: FieldSeed): FormField => ({
  values: null,
  dictionary: null,
  required: false,
  editable: true,
  visible: true,
  is_fav: false,
  view_control: null,
  min: null,
  max: null,
  min_len: null,
  max_len: null,
  ...seed,
});

/** HR-only fields: the person may read them but not change them in the self configuration. */
const HR_ONLY = new Set(['first_name', 'last_name', 'email', 'job_position', 'hire_date', 'dms']);

/**
 * GET /api/users/form-fields/ much as the server seeds it: General (1), Personal (2), Social networks (3),
 * Employment (4) and Subordination (5), with ids of choices as the profile of aProfile uses them.
 */
export function aFormConfig(mode: FormMode = 'hr'): FormFieldsResponse {
  const fields = [
    aFormField({
      name: 'first_name',
      display_name: 'First name',
      type: 'string',
      group: 1,
      required: true,
      min_len: 1,
      max_len: 100,
    }),
    aFormField({
      name: 'last_name',
      display_name: 'Last name',
      type: 'string',
      group: 1,
      required: true,
      max_len: 100,
    }),
    aFormField({ name: 'email', display_name: 'E-mail', type: 'email', group: 1, required: true }),
    aFormField({ name: 'nickname', display_name: 'Nickname', type: 'string', group: 1 }),
    aFormField({
      name: 'job_position',
      display_name: 'Job position',
      type: 'select',
      group: 1,
      dictionary: 'UserJobPosition',
      values: [
        { id: 31, name: 'Analyst' },
        { id: 32, name: 'Engineer' },
      ],
    }),
    aFormField({
      name: 'gmt',
      display_name: 'Time zone (GMT offset)',
      type: 'amount',
      group: 1,
      min: -12,
      max: 14,
    }),
    aFormField({ name: 'hire_date', display_name: 'Hire date', type: 'date', group: 1 }),
    aFormField({ name: 'birthdate', display_name: 'Birthday', type: 'date', group: 2 }),
    aFormField({
      name: 'gender',
      display_name: 'Gender',
      type: 'radios',
      group: 2,
      dictionary: 'Gender',
      values: [
        { id: 41, name: 'Male' },
        { id: 42, name: 'Female' },
      ],
    }),
    aFormField({ name: 'about_me', display_name: 'About me', type: 'text', group: 2, max_len: 2000 }),
    aFormField({ name: 'private_email', display_name: 'Private e-mail', type: 'email', group: 2 }),
    aFormField({ name: 'mobile_phone', display_name: 'Mobile phone', type: 'phone', group: 2 }),
    aFormField({ name: 'social_telegram', display_name: 'Telegram', type: 'string', group: 3 }),
    aFormField({ name: 'dms', display_name: 'VHI', type: 'toggle', group: 4 }),
    aFormField({ name: 'passport_expiry', display_name: 'Passport valid until', type: 'date', group: 4 }),
    aFormField({ name: 'manager', display_name: 'Manager', type: 'user_id_picker', group: 5 }),
    aFormField({ name: 'hrbp', display_name: 'HR business partner', type: 'user_id_picker', group: 5 }),
  ].map((field) => ({ ...field, editable: mode !== 'self' || !HR_ONLY.has(field.name) }));
  const groups = [
    { id: 1, name: 'general', display_name: 'General', required: true, editable: true },
    { id: 2, name: 'personal', display_name: 'Personal', required: false, editable: true },
    { id: 3, name: 'social', display_name: 'Social networks', required: false, editable: true },
    { id: 4, name: 'employment', display_name: 'Employment', required: false, editable: true },
    { id: 5, name: 'subordination', display_name: 'Subordination', required: false, editable: true },
  ].map((group) => ({
    ...group,
    editable: fields.some((field) => field.group === group.id && field.editable),
  }));
  return { groups, fields };
}

/** UserManagerType as the server lists it. */
export const MANAGER_TYPES: ManagerType[] = [
  { id: 91, name: 'Manager', code: 'manager' },
  { id: 92, name: 'Deputy', code: 'deputy' },
  { id: 93, name: 'HR business partner', code: 'hrbp' },
  { id: 94, name: 'Extra manager', code: 'extra' },
];

/** Link `id`: `manager` manages user 12 as a manager of type `code`. */
export const aManagerLink = (
  id: number,
  code: ManagerType['code'],
  manager: Partial<ManagerLink['manager']> = {},
): ManagerLink => ({
  id,
  user: 12,
  manager: {
    id: 100 + id,
    first_name: 'Alan',
    last_name: `Turing${id}`,
    avatar: null,
    job_position_name: 'Lead',
    ...manager,
  },
  manager_type: MANAGER_TYPES.find((type) => type.code === code) as ManagerType,
});

/** Competency `id` with levels `id*10+1` (1. Basic) and `id*10+2` (2. Advanced), and the person's level id or none. */
export const aUserCompetency = (id: number, name: string, levelId: number | null = null): UserCompetency => {
  const levels = [
    { id: id * 10 + 1, name: 'Basic', level: 1, description: 'Knows the basics' },
    { id: id * 10 + 2, name: 'Advanced', level: 2, description: 'Teaches others' },
  ];
  return { competency: { id, name }, levels, level: levels.find((level) => level.id === levelId) ?? null };
};

/** Ada of aSession as a post editor: she holds create_posts in Northwind. */
export const anEditorSession = (): SessionResponse => {
  const session = aSession();
  session.user.rights = ['create_posts'];
  return session;
};

/** A post of Northwind by Grace Hopper; its comments are chat `100 + id`. */
export const aPost = (id: number, overrides: Partial<Post> = {}): Post => ({
  id,
  title: `Post ${id}`,
  body: `Text of post ${id}`,
  body_html: `<p>Text of post ${id}</p>\n`,
  cover: null,
  author: { id: 12, first_name: 'Grace', last_name: 'Hopper', avatar: null, job_position_name: 'Analyst' },
  company: 1,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
  chat: 100 + id,
  comments_count: 0,
  likes_count: 0,
  liked: false,
  can_edit: false,
  ...overrides,
});

/** A top-level comment `id` of chat 101 by Person No{id}, without replies or likes. */
export const aChatMessage = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chatId: 101,
  message: `Comment ${id}`,
  user: { id, first_name: 'Person', last_name: `No${id}`, avatar: null },
  created_at: '2026-11-20T10:00:00.000Z',
  reply: null,
  replies: [],
  emojis: [],
  deleted: null,
  likes_count: 0,
  liked: false,
  can_delete: false,
  ...overrides,
});

/** A reply `id` to message `reply`, in the shape a thread lists its replies. */
export const aChatReply = (id: number, reply: number, overrides: Partial<ChatReply> = {}): ChatReply => ({
  ...aChatMessage(id),
  reply,
  ...overrides,
  replies: [],
});

/**
 * Replaces EventSource with a fake whose streams a test drives; gives the streams opened so far, the
 * newest last.
 */
export function stubEventSource() {
  const sources: FakeEventSource[] = [];
  vi.stubGlobal(
    'EventSource',
    class extends FakeEventSource {
      constructor(url: string) {
        super(url);
        sources.push(this);
      }
    },
  );
  return sources;
}

export class FakeEventSource extends EventTarget {
  readonly url: string;
  closed = false;

  constructor(url: string) {
    super();
    this.url = url;
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  /** One server-sent event: its data, JSON-encoded unless it is text already. */
  emit(data: unknown) {
    this.dispatchEvent(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
  /** The connection drops, or the server refuses it. */
  fail() {
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
  }
}

/**
 * jsdom has no IntersectionObserver: this one reports every watched mark in view on demand (inside
 * act, so the pages it loads render), and tells how many marks are still watched.
 */
export function stubIntersectionObserver() {
  const observers = new Set<IntersectionObserverCallback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        observers.add(this.callback);
      }
      disconnect() {
        observers.delete(this.callback);
      }
    },
  );
  return {
    scrollToEnd: () =>
      act(() => {
        for (const callback of [...observers]) {
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
    watching: () => observers.size,
  };
}
