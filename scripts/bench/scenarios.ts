/**
 * The scenarios of issue 11, each the request the web app sends (path, body, cookies, X-CSRFToken), with
 * its parameters resolved against the seeded data: Maya (manager@demo.test) is the session user; her
 * division, a colleague's profile, her requests, the post with 500 comments, today's meetings. Also the
 * load run's plan: its 50 people and the pools its requests draw from.
 */
import { CHAT_PAGE_SIZE } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client';
import { CODES_PER_EMAIL } from '../../apps/server/src/modules/auth/service';
import { DEMO_LIST } from '../seed/demo';
import { BENCH_USER } from './common';
import type { BenchMeta } from './seed';

export type Request = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Headers beyond the session's (the login scenario's address). */
  headers?: Record<string, string>;
};

export type Scenario = {
  name: string;
  label: string;
  /** Sends the session cookie (and X-CSRFToken on POST), as the logged-in web app does. */
  session: boolean;
  request: Request;
  /** A request that changes with each call (the login scenario: another address each time). */
  rotate?: (i: number) => Request;
  /**
   * The requests recorded for the raw SQL when `rotate` is set: `count` of them, with different keys so
   * that they share no lock, each replayed `maxReplays` times at most so that it does the route's work.
   */
  variants?: { request: (i: number) => Request; count: number; maxReplays: number };
  /** The statuses a correct answer has. */
  expect: number;
  /** The no-work route: no SQL to compare with. */
  noSql?: boolean;
};

export type BenchUser = {
  id: number;
  email: string;
  companyId: number;
  departmentId: number | null;
  divisionId: number | null;
};

export type LoadPlan = {
  emails: string[];
  profileIds: number[];
  prefixes: string[];
  companyId: number;
  scratchChat: number;
  year: number;
  month: number;
};

export type Plan = { user: BenchUser; scenarios: Scenario[]; load: LoadPlan; loginPool: string[] };

/**
 * Login code requests recorded for the raw SQL, each to an address and from a client of its own: a fifth
 * of the company, at most 6,000. The route's requests go to another address each; ten variants replayed
 * some 20,000 times piled thousands of rate-limit hits and spent codes on each key, and timed the SQL
 * several times slower than the route ran it (docs/performance.md, twenty-seventh pass). Each may be
 * replayed only `LOGIN_REPLAYS` times, so together they must allow as many replays as a timing's five
 * seconds take: ~12,700 on PostgreSQL at 100,000 people on a fast host, and never more than ~16,000, two
 * cores at 0.6 ms of the database's CPU a call (docs/performance.md, thirtieth pass).
 */
const captureVariants = (people: number) => Math.max(1, Math.min(6_000, Math.floor(people / 5)));

/**
 * How often a recorded login code request may be replayed and still store a code. Its address may ask
 * CODES_PER_EMAIL times in the throttle's window; the capture itself asks once or twice (the first
 * variant also warms the route up). A replay past that is refused by the throttle, a cheaper call than
 * any the route makes.
 */
const LOGIN_REPLAYS = CODES_PER_EMAIL - 2;

/** Clients' addresses (X-Forwarded-For) by purpose, in loopback ranges that nothing else uses. */
export const ipOf = {
  login: (i: number) => `127.2.${(i >> 8) & 255}.${i & 255}`,
  capture: (i: number) => `127.250.${(i >> 8) & 255}.${i & 255}`,
  rotation: (i: number) => `127.1.${(i >> 8) & 255}.${i & 255}`,
};

const demoEmails = DEMO_LIST.map((person) => person.email);

function monthBounds(year: number, month: number) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(last)}` };
}

export async function planScenarios(
  db: Db,
  meta: BenchMeta,
  now: Date,
  countOf: (body: unknown) => Promise<number>,
): Promise<Plan> {
  const [user] = await queryRows<BenchUser>(
    db,
    sql`select id, email, company_id as "companyId", department_id as "departmentId", division_id as "divisionId"
          from users where lower(email) = ${BENCH_USER}`,
  );
  if (!user) throw new Error(`no ${BENCH_USER} in the bench data`);
  const companyId = user.companyId;

  // The directory filter: Maya's division, the most common gender and employment type there, and a name.
  const [common] = await queryRows<{ gender: number; employment: number }>(
    db,
    sql`select (select gender_id from users where division_id = ${user.divisionId} and gender_id is not null
                 group by gender_id order by count(*) desc limit 1) as gender,
               (select employment_type_id from users where division_id = ${user.divisionId}
                 and employment_type_id is not null group by employment_type_id order by count(*) desc limit 1)
                 as employment`,
  );
  const keys = {
    ...(user.divisionId && { Division: [user.divisionId] }),
    ...(common?.gender && { gender: [common.gender] }),
    ...(common?.employment && { employmentType: [common.employment] }),
  };
  let filter: Record<string, unknown> = { q: 'mar', ...keys };
  for (const q of ['mar', 'ann', 'jo', 'a']) {
    filter = { q, ...keys };
    if ((await countOf(filter)) > 0) break;
  }

  const [{ n: people } = { n: 0 }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where company_id = ${companyId} and is_active`,
  );
  const [colleague] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where company_id = ${companyId} and is_active and id <> ${user.id}
          order by id offset ${Math.floor(people / 2)} limit 1`,
  );
  const [request] = await queryRows<{ id: number }>(
    db,
    sql`select id from tasks where manager_id = ${user.id} and parent_task_id is null and completed = false
          and canceled = false order by id desc limit 1`,
  );
  if (!colleague || !request) throw new Error('the bench data lacks a colleague or a request of Maya');

  // Generated people (no demo account), by id: the load run's 50, the raw-SQL capture's, then the pool
  // the login scenario rotates through.
  const loginVariants = captureVariants(people);
  const generated = (
    await queryRows<{ email: string }>(
      db,
      sql`select email from users where company_id = ${companyId} and is_active
            and lower(email) not in (${sql.join(
              demoEmails.map((email) => sql`${email}`),
              sql`, `,
            )}) order by id limit ${50 + loginVariants + 40_000}`,
    )
  ).map((row) => row.email.toLowerCase());
  const loadEmails = generated.slice(0, 50);
  const captureEmails = generated.slice(50, 50 + loginVariants);
  const loginPool = generated.slice(50 + loginVariants);

  const profileIds = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from users where company_id = ${companyId} and is_active order by md5(id::text) limit 1000`,
    )
  ).map((row) => row.id);
  const prefixes = (
    await queryRows<{ p: string }>(
      db,
      sql`select lower(left(first_name, 3)) as p from users where company_id = ${companyId}
            group by 1 order by count(*) desc limit 40`,
    )
  ).map((row) => row.p);

  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const today = now.toISOString().slice(0, 10);
  const { from, to } = monthBounds(year, month);
  const page = 'page=1&page_size=15';

  const loginRequest = (email: string, ip: string): Request => ({
    method: 'POST',
    path: '/api/auth/request-code/',
    body: { email },
    // Before login the page holds only the csrftoken cookie, which it echoes.
    headers: {
      cookie: 'csrftoken=bench-login-csrf-token',
      'x-csrftoken': 'bench-login-csrf-token',
      'x-forwarded-for': ip,
    },
  });
  const rotationOffset = Math.floor(Math.random() * Math.max(1, loginPool.length));

  const scenarios: Scenario[] = [
    {
      name: 'noop',
      label: 'no-work route (framework ceiling)',
      session: false,
      request: { method: 'GET', path: '/api/bench/noop/' },
      expect: 200,
      noSql: true,
    },
    {
      name: 'directory_filter',
      label: `directory filter, 3 keys + q '${filter.q}'`,
      session: true,
      request: { method: 'POST', path: `/api/users/filter/?${page}`, body: filter },
      expect: 200,
    },
    {
      name: 'directory_count',
      label: 'directory filter, count only',
      session: true,
      request: { method: 'POST', path: `/api/users/filter/?${page}&count=1`, body: filter },
      expect: 200,
    },
    {
      name: 'profile',
      label: "profile GET (a colleague's)",
      session: true,
      request: { method: 'GET', path: `/api/users/${colleague.id}/` },
      expect: 200,
    },
    {
      name: 'people_widget',
      label: 'people widget page (All, 15)',
      session: true,
      request: { method: 'POST', path: `/api/users/filter/?${page}`, body: {} },
      expect: 200,
    },
    {
      name: 'calendar_month',
      label: 'company calendar month, detail',
      session: true,
      request: {
        method: 'POST',
        path: '/api/calendars/company/filter/',
        body: { year, month, detail: true },
      },
      expect: 200,
    },
    {
      name: 'missing_users',
      label: 'missing users (vacation, month)',
      session: true,
      request: {
        method: 'POST',
        path: `/api/calendars/company/get_missing_users/?${page}`,
        body: { vacation_from_date: from, vacation_to_date: to },
      },
      expect: 200,
    },
    {
      name: 'tasks_exec',
      label: 'task list, exec',
      session: true,
      request: { method: 'GET', path: '/api/tasks/?view=exec&status=active&page=1' },
      expect: 200,
    },
    {
      name: 'tasks_creator',
      label: 'task list, creator',
      session: true,
      request: { method: 'GET', path: '/api/tasks/?view=creator&status=active&page=1' },
      expect: 200,
    },
    {
      name: 'workflow',
      label: 'workflow GET',
      session: true,
      request: { method: 'GET', path: `/api/tasks/${request.id}/workflow/` },
      expect: 200,
    },
    {
      name: 'chat_500',
      label: `chat GET, 500 messages (newest ${CHAT_PAGE_SIZE} threads, as the app asks)`,
      session: true,
      request: { method: 'GET', path: `/api/chats/${meta.chat500}/?limit=${CHAT_PAGE_SIZE}` },
      expect: 200,
    },
    {
      name: 'send_comment',
      label: 'send comment',
      session: true,
      request: {
        method: 'POST',
        path: `/api/chats/${meta.scratchChat}/chat_send_message/`,
        body: { message: 'bench: hello from the benchmark' },
      },
      expect: 201,
    },
    {
      name: 'feed',
      label: 'feed page',
      session: true,
      request: { method: 'GET', path: `/api/posts/?company=${companyId}&page=1` },
      expect: 200,
    },
    {
      name: 'meetings_today',
      label: 'meetings for today',
      session: true,
      request: {
        method: 'GET',
        path: `/api/calendars/events/day/?email=${encodeURIComponent(user.email)}&date=${today}&tz=UTC`,
      },
      expect: 200,
    },
    {
      name: 'login_code',
      label: 'login code request (mail to SMTP sink)',
      session: false,
      request: loginRequest(loginPool[0] as string, ipOf.rotation(0)),
      rotate: (i) =>
        loginRequest(loginPool[(rotationOffset + i) % loginPool.length] as string, ipOf.rotation(i % 65_536)),
      variants: {
        request: (i) => loginRequest(captureEmails[i % captureEmails.length] as string, ipOf.capture(i)),
        count: captureEmails.length,
        maxReplays: LOGIN_REPLAYS,
      },
      expect: 200,
    },
  ];
  return {
    user,
    scenarios,
    loginPool,
    load: { emails: loadEmails, profileIds, prefixes, companyId, scratchChat: meta.scratchChat, year, month },
  };
}
