import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The status of a schema validation failure on this route; 422 unless the spec says otherwise. */
    validationStatus?: number;
  }
}

type Issue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

/** Turns schema issues into `{field: [messages]}`; unknown keys are named one by one. */
export function issuesToFields(issues: Issue[], context: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = fields[field] ?? [];
    fields[field] = list;
    list.push(message);
  };
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys)
        add(field === context ? String(key) : `${field}.${key}`, 'Unknown field');
    } else add(field, issue.message ?? 'Invalid value');
  }
  return fields;
}

/** PostgreSQL error codes that are the client's fault, with the answer they get. */
const DATABASE_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'This record already exists.'],
  '23503': [409, 'A record this one refers to does not exist or is still in use.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22003': [400, 'A number is out of range.'],
  '22001': [400, 'A value is too long.'],
  '22007': [400, 'A date or time is not valid.'],
  '22008': [400, 'A date or time is out of range.'],
};

function databaseCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** One error answer for the whole API: `{error}` or `{missing_fields}`, never a stack trace or SQL. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const status = request.routeOptions.config?.validationStatus ?? 422;
      return reply.code(status).send({ missing_fields: issuesToFields(error.validation, context) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: 'Internal server error.' });
    }
    const dbCode = databaseCode(error);
    if (dbCode && DATABASE_ERRORS[dbCode]) {
      const [status, message] = DATABASE_ERRORS[dbCode];
      request.log.info({ code: dbCode, detail: error.message }, 'database refused the request');
      return reply.code(status).send({ error: message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error.' });
  });
}
