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
    // Own keys only: a body key such as "constructor" must not find what every object inherits.
    const list = Object.hasOwn(fields, field) ? (fields[field] as string[]) : [];
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

/** Deeper than any body of the API nests (a form's file list is three levels down). */
const MAX_INPUT_DEPTH = 8;
/** A refusal names at most this many fields, whatever a body holds. */
const MAX_NAMED_FIELDS = 20;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored: PostgreSQL text holds no NUL, and UTF-8 has no lone surrogates. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return undefined;
}

/**
 * What no field of a body or query string may hold, whatever its schema: text PostgreSQL cannot store
 * (keys included) and nesting deeper than MAX_INPUT_DEPTH. Values are walked without recursion, so that
 * a body nested 10,000 deep is answered, not a stack overflow. Text is named by its path, as the schema
 * errors name fields; a value nested too deep by the field that holds it: the first two object keys on
 * its path (a form's input within inputParams), never array indexes.
 */
function unstorableInput(input: unknown, context: string): Record<string, string[]> {
  // No prototype: a key such as "__proto__" in a query string is named like any other.
  const fields: Record<string, string[]> = Object.create(null);
  type Entry = { value: unknown; path: string[]; field: string[]; depth: number };
  const stack: Entry[] = [{ value: input, path: [], field: [], depth: 0 }];
  while (stack.length && Object.keys(fields).length < MAX_NAMED_FIELDS) {
    const { value, path, field, depth } = stack.pop() as Entry;
    if (typeof value === 'string') {
      const problem = unstorable(value);
      if (problem) fields[path.join('.') || context] = [problem];
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_INPUT_DEPTH) {
        fields[field.join('.') || context] = ['is nested too deeply'];
        continue;
      }
      const nameDeeper = !Array.isArray(value) && field.length === path.length && field.length < 2;
      for (const [key, item] of Object.entries(value)) {
        const problem = unstorable(key);
        if (problem) fields[[...path, key].join('.')] = [`The key ${problem}`];
        else
          stack.push({
            value: item,
            path: [...path, key],
            field: nameDeeper ? [...path, key] : field,
            depth: depth + 1,
          });
      }
    }
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
  // After the schemas (so that a form sent as multipart is checked too, once it is the body), before
  // any handler: a schema that takes any value (a form's inputs) must not pass these on either.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // fromEntries makes own keys of whatever the keys are, "__proto__" included.
    const fields = Object.fromEntries([
      ...Object.entries(unstorableInput(request.query, 'querystring')),
      ...Object.entries(unstorableInput(request.body, 'body')),
    ]);
    if (Object.keys(fields).length === 0) return;
    throw new AppError(request.routeOptions.config?.validationStatus ?? 422, { missing_fields: fields });
  });
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
