import { MATRIX, type Row } from '../authz/matrix';
import type { Role } from '../authz/world';

/**
 * The requests hostile input is derived from: for every route with a JSON body, a row of the
 * authorization matrix (authz/matrix.ts) whose body is valid and whose role is let through; for every
 * GET route with a query schema, a row whose query is valid. Routes whose matrix rows send no body
 * (a body is optional there) get a row of their own here.
 */

/** Who asks: a role the row lets through, so that validation, not authorization, is what answers. */
const ROLE_ORDER: Role[] = [
  'anonymous',
  'employee',
  'hr',
  'editor',
  'manager',
  'otherEmployee',
  'otherManager',
  'otherCompany',
];

export function roleFor(row: Row): Role {
  const allowed = ROLE_ORDER.find((role) => row.roles[role] < 300);
  // A route nobody passes with a valid body (a login code that is wrong) still validates first.
  return allowed ?? ROLE_ORDER.find((role) => ![401, 403, 404].includes(row.roles[role])) ?? 'employee';
}

const unlike = MATRIX.find((row) => row.route === 'DELETE /api/chats/:id/add_emoji/:message_id/');
if (!unlike) throw new Error('the matrix has no row of DELETE /api/chats/:id/add_emoji/:message_id/');

/** Rows for JSON bodies the matrix does not send. */
const EXTRA_ROWS: Row[] = [
  // Taking back a like takes the same body as giving one; the web app sends none.
  { ...unlike, body: () => ({ json: { emoji_id: '+1' } }) },
];

/**
 * Routes whose matrix body is a file (multipart). The route walk checks this list against the OpenAPI
 * document, so that a route cannot fall out of the hostile tests by being listed here wrongly.
 */
export const FILE_ROUTES = new Set([
  'POST /api/users/profile/upload-avatar/:user_id/',
  'POST /api/users/profile/upload-avatar/',
  'POST /api/posts/:id/cover/',
  'POST /api/tasks/upload/',
  'POST /api/calendars/events/import/',
  'POST /api/storage/upload-file/:id/',
]);

const sendsJson = (row: Row) => row.body !== undefined && !FILE_ROUTES.has(row.route);

/** One row per route: the first that lets a role through, else the first. */
function firstPerRoute(rows: Row[]): Map<string, Row> {
  const byRoute = new Map<string, Row>();
  for (const row of rows) {
    const chosen = byRoute.get(row.route);
    const passes = (r: Row) => ROLE_ORDER.some((role) => r.roles[role] < 300);
    if (!chosen || (!passes(chosen) && passes(row))) byRoute.set(row.route, row);
  }
  return byRoute;
}

/** Routes with a JSON body, each with the row its valid body comes from. */
export const BODY_ROWS: Map<string, Row> = firstPerRoute([
  ...MATRIX.filter((row) => sendsJson(row) && !row.pending),
  ...EXTRA_ROWS,
]);

/** GET routes, each with a row whose path carries a valid query. */
export const QUERY_ROWS: Map<string, Row> = firstPerRoute(
  MATRIX.filter((row) => row.route.startsWith('GET ') && !row.stream && !row.tokenGrants),
);

/** Tables a refused login request writes by design: the throttles count refused attempts too. */
export const LOGIN_RECORDS = ['throttle_hits', 'login_codes'];
