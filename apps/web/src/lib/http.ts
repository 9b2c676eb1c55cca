import { type CsrfResponse, EVENTS_POSITION_HEADER } from '@atrium/contracts';
import { noteReadPosition } from './read-positions';

const CSRF_COOKIE = 'csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD']);
const NETWORK_ERROR = 'The server cannot be reached. Check your connection and try again.';

/** A refused or failed API call: the HTTP status (0 when the server was not reached) and its messages. */
export class ApiError extends Error {
  readonly status: number;
  /** The first message of each field of a `missing_fields` answer. */
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** What to show under a form field: that field's own message, else the general one. */
export function errorMessageFor(error: unknown, field: string): string {
  if (error instanceof ApiError) return error.fieldErrors[field] ?? error.message;
  return 'Something went wrong. Try again.';
}

function readCookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair === undefined ? undefined : decodeURIComponent(pair.slice(name.length + 1));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first message of each field of a `missing_fields` body (the contracts' MissingFieldsBody). An error
 * body may come from a proxy rather than the API, so it is read with care, not trusted as typed.
 */
function fieldErrorsOf(body: unknown): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  const fields = isRecord(body) ? body.missing_fields : undefined;
  if (!isRecord(fields)) return fieldErrors;
  for (const [field, messages] of Object.entries(fields)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string') fieldErrors[field] = first;
  }
  return fieldErrors;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const fieldErrors = fieldErrorsOf(body);
  // The contracts' ErrorBody: { error: string }.
  const message =
    isRecord(body) && typeof body.error === 'string'
      ? body.error
      : (Object.values(fieldErrors)[0] ?? `The request failed (HTTP ${response.status}). Try again.`);
  return new ApiError(response.status, message, fieldErrors);
}

let pendingCsrfToken: Promise<string> | undefined;

/** The double-submit token: the cookie when it is set, else one fetched once for all waiting requests. */
function csrfToken(): Promise<string> {
  const cookie = readCookie(CSRF_COOKIE);
  if (cookie) return Promise.resolve(cookie);
  pendingCsrfToken ??= request<CsrfResponse>('GET', '/api/auth/csrf/')
    .then(({ csrftoken }) => csrftoken)
    .finally(() => {
      pendingCsrfToken = undefined;
    });
  return pendingCsrfToken;
}

/** Per-call options: `signal` aborts the request (TanStack Query passes one to cancel a superseded call). */
export type RequestOptions = { signal?: AbortSignal };

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  { signal }: RequestOptions = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const payload = body instanceof FormData || body === undefined ? body : JSON.stringify(body);
  // Fastify refuses an empty body that claims to be JSON, so the type is only sent with JSON. A form's
  // type is left to fetch, which adds the multipart boundary.
  if (typeof payload === 'string') headers.set('Content-Type', 'application/json');
  if (!SAFE_METHODS.has(method)) headers.set('X-CSRFToken', await csrfToken());
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: payload,
      signal,
    });
  } catch (error) {
    // An aborted call is not a network failure: its caller asked for it and ignores the outcome.
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (method === 'GET') noteReadPosition(response.headers.get(EVENTS_POSITION_HEADER));
  if (!response.ok) throw await toApiError(response);
  // 204 No Content (a removal) has no body to read.
  return (response.status === 204 ? null : await response.json()) as T;
}

/**
 * The one way to call the API: JSON in and out, errors thrown as ApiError. An answer is typed by its
 * contract (`http.get<UsersPage>(…)`) but not parsed in the browser: the server checks every answer
 * against its response schema before sending it, and parsing here only cost the first load zod and every
 * answer a walk through it. Pure on purpose: what a failure means for the screen is decided by its caller.
 */
export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  /** A removal: most answer nothing (204, null); a few the state after it (a like taken back). */
  delete: <T = null>(path: string) => request<T>('DELETE', path),
  /** Posts a multipart form (a file upload). */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};
