/** An error a service throws to answer the request with a given status and body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${statusCode}`);
  }
}

export const badRequest = (error: string) => new AppError(400, { error });
export const unauthorized = (error = 'Authentication credentials were not provided.') =>
  new AppError(401, { error });
export const forbidden = (error = 'You do not have permission to perform this action.') =>
  new AppError(403, { error });
export const notFound = (error = 'Not found.') => new AppError(404, { error });
export const conflict = (error: string) => new AppError(409, { error });

/** A form error on one or more fields: 422 with `missing_fields`, as the spec's forms expect. */
export const fieldErrors = (fields: Record<string, string | string[]>) =>
  new AppError(422, {
    missing_fields: Object.fromEntries(
      Object.entries(fields).map(([field, messages]) => [
        field,
        Array.isArray(messages) ? messages : [messages],
      ]),
    ),
  });

/** An answer to try again after a while: the contracts' RetryLaterBody, and the Retry-After header. */
const retryLater = (statusCode: 429 | 503, error: string, retryAfterSeconds: number) =>
  new AppError(
    statusCode,
    { error, retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

export const tooManyRequests = (retryAfterSeconds: number) =>
  retryLater(429, `Too many requests. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds);

/** The server cannot do this now for a reason that passes (not the client's doing): 503, retry later. */
export const unavailable = (error: string, retryAfterSeconds: number) =>
  retryLater(503, error, retryAfterSeconds);
