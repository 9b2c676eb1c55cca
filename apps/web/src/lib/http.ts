import { CsrfResponse, ErrorBody, MissingFieldsBody } from '@atrium/contracts';
import type { z } from 'zod';

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

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const form = MissingFieldsBody.safeParse(body);
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(form.success ? form.data.missing_fields : {})) {
    if (messages[0] !== undefined) fieldErrors[field] = messages[0];
  }
  const plain = ErrorBody.safeParse(body);
  const message = plain.success
    ? plain.data.error
    : (Object.values(fieldErrors)[0] ?? `The request failed (HTTP ${response.status}). Try again.`);
  return new ApiError(response.status, message, fieldErrors);
}

let pendingCsrfToken: Promise<string> | undefined;

/** The double-submit token: the cookie when it is set, else one fetched once for all waiting requests. */
function csrfToken(): Promise<string> {
  const cookie = readCookie(CSRF_COOKIE);
  if (cookie) return Promise.resolve(cookie);
  pendingCsrfToken ??= request('GET', '/api/auth/csrf/', CsrfResponse)
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
  schema: z.ZodType<T>,
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
  if (!response.ok) throw await toApiError(response);
  // 204 No Content (a removal) has no body to read.
  return schema.parse(response.status === 204 ? null : await response.json());
}

/**
 * The one way to call the API: JSON in and out, answers checked against their contract schema, errors
 * thrown as ApiError. Pure on purpose: what a failure means for the screen is decided by its caller.
 */
export const http = {
  get: <T>(path: string, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('GET', path, schema, undefined, options),
  post: <T>(path: string, schema: z.ZodType<T>, body?: unknown, options?: RequestOptions) =>
    request('POST', path, schema, body, options),
  put: <T>(path: string, schema: z.ZodType<T>, body?: unknown) => request('PUT', path, schema, body),
  patch: <T>(path: string, schema: z.ZodType<T>, body?: unknown) => request('PATCH', path, schema, body),
  delete: <T>(path: string, schema: z.ZodType<T>) => request('DELETE', path, schema),
  /** Posts a multipart form (a file upload). */
  upload: <T>(path: string, schema: z.ZodType<T>, form: FormData) => request('POST', path, schema, form),
};
