import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageLikes, tasks, users } from '../src/db/schema/index';
import { loadFormConfig } from '../src/modules/users/form-config';
import { type FieldSpec, PROFILE_FIELDS, SPECIAL_FIELDS } from '../src/modules/users/profile-fields';
import type { Row } from './authz/matrix';
import { type Answer, buildWorld, NOW, type World } from './authz/world';
import { BODY_ROWS, FILE_ROUTES, LOGIN_RECORDS, QUERY_ROWS, roleFor } from './hostile/cases';
import { watchTables } from './hostile/digest';
import { bodyMutations, fieldMutations, type Mutation, randomMutation } from './hostile/mutations';
import { type QueryMutation, type QueryParam, queryMutations, randomQueryMutation } from './hostile/query';
import type { JsonSchema } from './hostile/schema';
import { sendRaw } from './hostile/send';
import { hostileJson } from './hostile/values';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12, hostile input: every JSON body and every query string of the API, made wrong in every way
 * a client can (wrong types, null, a megabyte of text, nesting 10,000 deep, unknown keys, text
 * PostgreSQL or UTF-8 cannot hold, tricky Unicode, bodies that are not JSON objects, wrong content
 * types), sent by a role the route lets through so that validation is what answers. No answer is a
 * 500; every refusal is a 4xx in the API's error shape that names the field it refuses; no refused
 * request (and no read at all) changes a row of any table. Then the fields a body may carry but the
 * server takes from the session (mass assignment): sending them changes nothing they should not.
 */
let t: TestApp;
let w: World;
let operations: Map<string, Operation>;
let watch: Awaited<ReturnType<typeof watchTables>>;

type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { in: string; name: string; schema: JsonSchema }[];
};

/** 'POST /api/users/:id/' as the OpenAPI document spells it: 'POST /api/users/{id}/'. */
const openApiKey = (route: string) => route.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  w = await buildWorld(t);
  const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = new Map(
    Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    ),
  );
  watch = await watchTables(t.db);
}, 120_000);
afterAll(() => t?.close());

const jsonSchemaOf = (route: string) =>
  operations.get(openApiKey(route))?.requestBody?.content['application/json']?.schema;
const queryParamsOf = (route: string): QueryParam[] =>
  (operations.get(openApiKey(route))?.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map(({ name, schema }) => ({ name, schema }));

/** The API's error shape: `{error}` or `{missing_fields: {field: [messages]}}`, nothing else. */
function expectErrorShape(answer: Answer, where: string) {
  const body = answer.body as Record<string, unknown> | undefined;
  expect(body, `${where}: a JSON error body`).toBeTypeOf('object');
  const keys = Object.keys(body ?? {}).filter((k) => k !== 'retry_after');
  expect(keys, `${where}: one key, error or missing_fields`).toHaveLength(1);
  if (keys[0] === 'error') expect(body?.error, where).toBeTypeOf('string');
  else {
    expect(keys[0], where).toBe('missing_fields');
    for (const messages of Object.values(body?.missing_fields as Record<string, unknown>)) {
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string'), where).toBe(true);
    }
  }
}

/** A field is named by its path (inputParams.reason), its last key (reason) or a key under it (attendees.0). */
function names(answer: Answer, field: string): boolean {
  const fields = Object.keys((answer.body as { missing_fields?: object }).missing_fields ?? {});
  const leaf = field.split('.').pop() ?? field;
  return fields.some((key) => [field, leaf].some((name) => key === name || key.startsWith(`${name}.`)));
}

type Target = { client: World['clients'][keyof World['clients']]; method: string; path: string };

/**
 * Sends one hostile request and holds its answer to the rules: below 500; a refusal in the error shape,
 * naming the field when it refuses one; and a refused request leaves every table as it was.
 */
async function expectHandled(
  target: Target,
  request: { text?: string; contentType?: string | null; path?: string },
  rule: {
    label: string;
    field: string | null;
    refuse: boolean;
    mayWrite?: readonly string[];
    /** A read: no answer, not even a 200, may change a table. */
    readOnly?: boolean;
  },
) {
  const path = request.path ?? target.path;
  const answer = await sendRaw(
    t.baseUrl,
    target.client,
    target.method,
    path,
    request.text,
    request.contentType,
  );
  // Asked after every request, so that a change that was allowed is not charged to the next one.
  const changed = await watch.changedTables(rule.mayWrite);
  const where = `${target.method} ${path.slice(0, 200)} with ${rule.label.slice(0, 200)}: ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  if (rule.readOnly) expect(changed, `${where}: a read changed tables`).toEqual([]);
  if (rule.refuse) expect(answer.status, where).toBeGreaterThanOrEqual(400);
  if (answer.status < 400) return;
  expectErrorShape(answer, where);
  expect(changed, `${where}: tables changed`).toEqual([]);
  // What may be taken can still be refused for another reason (an e-mail address already taken by an
  // earlier variant): only what must be refused must be refused by the field's name.
  if (rule.field !== null && rule.refuse) {
    expect([400, 422], where).toContain(answer.status);
    expect(names(answer, rule.field), `${where}: names ${rule.field}`).toBe(true);
  }
}

/** Record bodies (the profile form) know the fields of the form, beyond what their schema declares. */
const PROFILE_KEYS = [...Object.keys(PROFILE_FIELDS), ...SPECIAL_FIELDS];
const knownKeysOf = (route: string) =>
  ['POST /api/users/', 'PATCH /api/users/:id/', 'POST /api/users/me_update/'].includes(route)
    ? PROFILE_KEYS
    : [];

/** Random runs per route, on top of the fixed mutations; seeds fixed so that a failure reproduces. */
const BODY_RUNS = 15;
const QUERY_RUNS = 10;
const SEED = 20261122;

describe('the route walk', () => {
  it('has a hostile case for every route with a JSON body and every GET route with a query schema', () => {
    const jsonRoutes = [...operations]
      .filter(([, op]) => op.requestBody?.content['application/json'])
      .map(([key]) => key);
    const covered = new Set([...BODY_ROWS.keys()].map(openApiKey));
    expect(jsonRoutes.length).toBeGreaterThan(30);
    expect(
      jsonRoutes.filter((key) => !covered.has(key)),
      'JSON routes without hostile bodies',
    ).toEqual([]);
    expect(
      [...covered].filter((key) => !jsonRoutes.includes(key)),
      'body cases of non-JSON routes',
    ).toEqual([]);
    const fileRoutes = [...FILE_ROUTES].map(openApiKey);
    expect(
      fileRoutes.filter((key) => jsonRoutes.includes(key)),
      'file routes that take JSON',
    ).toEqual([]);

    const queryRoutes = [...operations]
      .filter(([key, op]) => key.startsWith('GET ') && op.parameters?.some((p) => p.in === 'query'))
      .map(([key]) => key);
    const queried = new Set([...QUERY_ROWS.keys()].map(openApiKey));
    expect(
      queryRoutes.filter((key) => !queried.has(key)),
      'GET routes without hostile queries',
    ).toEqual([]);
  });
});

describe('hostile JSON bodies', () => {
  it.each([...BODY_ROWS].map(([route, row]) => [route, row] as const))(
    '%s: refuses what is wrong by name, with no 500 and no change',
    async (route, row: Row) => {
      const schema = jsonSchemaOf(route);
      if (!schema) throw new Error(`${route} publishes no JSON body schema`);
      const made = row.fresh ? await row.fresh(w) : {};
      await watch.reset();
      const role = roleFor(row);
      const target = {
        client: w.clients[role],
        method: route.split(' ')[0] ?? 'POST',
        path: row.path(w, made),
      };
      const body = row.body?.(w, role, made);
      if (!body || !('json' in body)) throw new Error(`${route}: the matrix row has no JSON body`);
      const valid = body.json as Record<string, unknown>;
      const mayWrite = route.startsWith('POST /api/auth/') ? LOGIN_RECORDS : [];
      const knownKeys = knownKeysOf(route);
      const check = (m: Mutation) =>
        expectHandled(target, { text: m.text, contentType: m.contentType }, { ...m, mayWrite });
      for (const mutation of [...fieldMutations(schema, valid, knownKeys), ...bodyMutations(schema, valid)]) {
        await check(mutation);
      }
      await fc.assert(fc.asyncProperty(randomMutation(schema, valid, knownKeys), check), {
        seed: SEED,
        numRuns: BODY_RUNS,
      });
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    },
    120_000,
  );
});

describe('hostile query strings', () => {
  // One test for all GET routes: which of them have a query schema is known only from the running app.
  it('refuses what is wrong in any query parameter by name, with no 500 and no change', async () => {
    for (const [route, row] of QUERY_ROWS) {
      const params = queryParamsOf(route);
      if (!params.length) continue;
      const role = roleFor(row);
      const [pathname = '', query = ''] = row.path(w, {}).split('?');
      const target = { client: w.clients[role], method: 'GET', path: pathname };
      await watch.reset();
      const check = (m: QueryMutation) =>
        expectHandled(
          target,
          { path: `${pathname}?${m.query}` },
          { label: m.label, field: m.param, refuse: m.refuse, readOnly: true },
        );
      for (const mutation of queryMutations(query, params)) await check(mutation);
      await fc.assert(fc.asyncProperty(randomQueryMutation(query, params), check), {
        seed: SEED,
        numRuns: QUERY_RUNS,
      });
    }
  }, 300_000);
});

describe('fields a caller may send but not set (mass assignment)', () => {
  /** A value each kind of profile field would take, were it editable. */
  const plausible: Record<FieldSpec['kind'], unknown[]> = {
    text: ['Smuggled'],
    email: ['smuggled@example.test'],
    phone: ['+1 555 0199'],
    date: ['2030-01-02'],
    number: [5],
    bool: [true],
    status: [3],
    dictionary: [1, 2, 3],
    node: [1, 2],
    social: ['smuggled'],
  };

  it.each([
    ['self', 'employee'],
    ['hr', 'hr'],
  ] as const)(
    'a profile edit in %s mode changes nothing of what its form does not let edit',
    async (mode, role) => {
      const { fields } = await loadFormConfig(t.db, w.companies.acme, mode);
      const editable = new Set(fields.filter((f) => f.editable).map((f) => f.name));
      const locked = [
        ...Object.keys(PROFILE_FIELDS).filter((name) => !editable.has(name)),
        ...SPECIAL_FIELDS,
      ];
      expect(locked.length, 'fields the mode may not edit').toBeGreaterThan(0);
      const target =
        mode === 'self'
          ? { client: w.clients[role], method: 'POST', path: '/api/users/me_update/' }
          : { client: w.clients[role], method: 'PATCH', path: `/api/users/${w.ids.employee}/` };
      const value = (name: string) => {
        const spec = PROFILE_FIELDS[name];
        return spec ? fc.oneof(fc.constantFrom(...plausible[spec.kind]), hostileJson()) : hostileJson();
      };
      await watch.reset();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...locked).chain((name) => value(name).map((v) => [name, v] as const)),
          async ([name, v]) => {
            const text = JSON.stringify({ [name]: v });
            const answer = await sendRaw(t.baseUrl, target.client, target.method, target.path, text);
            const where = `${target.method} ${target.path} ${text.slice(0, 200)}: ${answer.status} ${answer.text.slice(0, 200)}`;
            expect(answer.status, where).toBeLessThan(500);
            expect(await watch.changedTables(), `${where}: tables changed`).toEqual([]);
          },
        ),
        { seed: SEED, numRuns: 40 },
      );
    },
    60_000,
  );

  it('a like is always the caller’s, made now, whoever and whenever the body names', async () => {
    const path = `/api/chats/${w.objects.postChat}/add_emoji/${w.objects.postComment}/`;
    const client = w.clients.employee;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.values(w.ids)),
        fc.oneof(fc.constant('1999-01-01T00:00:00Z'), hostileJson()),
        async (user, createdAt) => {
          const body = JSON.stringify({ emoji_id: '+1', user, created_at: createdAt });
          const liked = await sendRaw(t.baseUrl, client, 'POST', path, body);
          expect(liked.status, liked.text).toBeLessThan(500);
          const likes = await t.db
            .select()
            .from(chatMessageLikes)
            .where(eq(chatMessageLikes.messageId, w.objects.postComment));
          if (liked.status === 200) {
            expect(likes.map((like) => like.userId)).toContain(w.ids.employee);
            for (const like of likes) expect(like.createdAt.toISOString()).toBe(NOW);
          }
          const others = likes.filter((like) => like.userId !== w.ids.employee && like.userId === user);
          expect(others, `a like in the name of user ${user}`).toEqual([]);
          await sendRaw(t.baseUrl, client, 'DELETE', path, body);
        },
      ),
      { seed: SEED, numRuns: 15 },
    );
  });

  it('a factory request is always filed by the caller, whatever manager the body names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...Object.values(w.ids)), hostileJson()), async (manager) => {
        const body = JSON.stringify({
          template: 'certificate_of_employment',
          inputParams: { purpose: 'bank', copies: 1, language: 'en', delivery_date: '2026-11-30' },
          manager,
        });
        const filed = await sendRaw(t.baseUrl, w.clients.employee, 'POST', '/api/tasks/factory/', body);
        expect(filed.status, filed.text).toBeLessThan(500);
        if (filed.status !== 201) return;
        const id = (filed.body as { id: number }).id;
        const [request] = await t.db.select().from(tasks).where(eq(tasks.id, id));
        expect(request?.managerId, 'the requester').toBe(w.ids.employee);
        expect(request?.userId, 'the person it is for').toBe(w.ids.employee);
      }),
      { seed: SEED, numRuns: 10 },
    );
  });

  it("a status change is the path's person's, whatever id the body names", async () => {
    const others = Object.values(w.ids).filter((id) => id !== w.ids.employee);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...others), fc.constantFrom(1, 2, 3, 4), async (id, status) => {
        const before = await t.db.select({ status: users.status }).from(users).where(eq(users.id, id));
        const body = JSON.stringify({ status, id });
        const answer = await sendRaw(
          t.baseUrl,
          w.clients.employee,
          'POST',
          `/api/users/${w.ids.employee}/status/`,
          body,
        );
        expect(answer.status, answer.text).toBe(200);
        const [mine] = await t.db
          .select({ status: users.status })
          .from(users)
          .where(eq(users.id, w.ids.employee));
        expect(mine?.status).toBe(status);
        const after = await t.db.select({ status: users.status }).from(users).where(eq(users.id, id));
        expect(after, `user ${id} untouched`).toEqual(before);
      }),
      { seed: SEED, numRuns: 10 },
    );
  });
});
