import { GROUP_HR } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chats,
  companies,
  companyMembers,
  departments,
  documents,
  managerLinks,
  meetingAttendees,
  meetings,
  notifications,
  posts,
  taskFiles,
  tasks,
  userGroups,
  users,
} from '../src/db/schema/index';
import { MATRIX, type Made, type Row } from './authz/matrix';
import { registeredRoutes, routesToCover } from './authz/routes';
import {
  type Answer,
  buildWorld,
  documentMarker,
  MARK,
  NOW,
  privateValues,
  ROLES,
  type Viewer,
  type World,
} from './authz/world';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12, the authorization matrix: every route of the API, for every role, against the objects of
 * one employee (authz/matrix.ts), and a walk over the registered routes that fails for any route the
 * matrix leaves out. Then object-level checks with random ids: whatever id is asked for, no answer
 * carries another person's private fields or documents, or another company's data, to someone not
 * entitled to them.
 */
let t: TestApp;
let w: World;
let registered: Set<string>;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  w = await buildWorld(t);
  registered = new Set(registeredRoutes(t.app.printRoutes({ commonPrefix: false })));
});
afterAll(() => t?.close());

/**
 * What no answer to a viewer may contain: the private values and documents of anyone but themself
 * (and, for HR, of their company's people), the file of a request they are not in, and anything only
 * of a company they are not in. The world marks each with text unique to it.
 */
function forbiddenTexts(viewer: Viewer): string[] {
  const texts: string[] = [];
  for (const person of w.people) {
    if (viewer.key === person.key || viewer.hrOf.includes(person.companyId)) continue;
    const values = privateValues(person.key, person.n);
    texts.push(values.privateEmail, values.mobilePhone, values.birthdate, values.privateFolder);
    texts.push(documentMarker(person.key));
  }
  if (!viewer.readsEmilsRequest) texts.push('quote-of-emil');
  if (!viewer.memberOf.includes(w.companies.acme)) texts.push(MARK.acme);
  if (!viewer.memberOf.includes(w.companies.globex)) texts.push(MARK.globex);
  return texts;
}

function expectNoLeak(viewer: Viewer, path: string, answer: Answer) {
  if (path.startsWith('/api/docs')) return;
  const text = answer.text.toLowerCase();
  for (const secret of forbiddenTexts(viewer)) {
    const leaked = text.includes(secret.toLowerCase());
    expect(leaked, `${viewer.name} must not receive "${secret}" from ${path}`).toBe(false);
  }
}

describe('the route walk', () => {
  it('finds every route and method of the API in the matrix, and no row of a route that does not exist', () => {
    const inMatrix = new Set(MATRIX.map((row) => row.route));
    const covered = routesToCover([...registered]);
    expect(covered.length).toBeGreaterThan(100);
    expect(
      covered.filter((route) => !inMatrix.has(route)),
      'routes missing from the matrix',
    ).toEqual([]);
    const stale = MATRIX.filter((row) => !row.pending && !registered.has(row.route)).map((row) => row.route);
    expect(stale, 'rows of routes that are not registered').toEqual([]);
  });

  it('reads the route tree right: every path the OpenAPI document publishes is among the routes walked', async () => {
    const spec = await t.client().get('/api/docs/json');
    const walked = new Set([...registered].map((route) => route.split(' ')[1]));
    const published = Object.keys(spec.body.paths).map((path) => path.replace(/\{(\w+)\}/g, ':$1'));
    expect(published.length).toBeGreaterThan(50);
    expect(published.filter((path) => !walked.has(path))).toEqual([]);
  });
});

const label = (row: Row) => (row.name ? `${row.route} (${row.name})` : row.route);

describe.each(MATRIX.map((row) => [label(row), row] as const))('%s', (_label, row) => {
  it.for(ROLES.map((role) => [role, row.roles[role]] as const))(
    'as %s answers %i',
    async ([role, expected], context) => {
      if (row.pending && !registered.has(row.route)) context.skip(`${row.route} is not registered yet`);
      const made: Made = row.fresh ? await row.fresh(w) : {};
      const client = row.freshSession ? await w.make.freshClient(role) : w.clients[role];
      const method = row.route.split(' ')[0] ?? 'GET';
      const path = row.path(w, made);
      const answer = await w.send(client, method, path, row.body?.(w, role, made), { stream: row.stream });
      expect(answer.status, `${method} ${path} as ${role}: ${answer.text.slice(0, 300)}`).toBe(expected);
      if (!row.tokenGrants) expectNoLeak(w.viewers[role], path, answer);
      if (row.check && answer.status < 300) row.check(w, role, answer);
    },
  );
});

/**
 * The object-level checks: ids from the world's id space and random ones, asked by every role. An
 * oracle written from the access rules of decision 0006 and the modules' policies (not from their code)
 * says what each answer must be; every answer is also searched for what its caller must never see.
 */
describe('object-level checks with random ids', () => {
  type Model = Awaited<ReturnType<typeof loadModel>>;
  let model: Model;

  /** Who is who and what belongs to whom, read from the database after the matrix has run. */
  async function loadModel() {
    const [
      people,
      members,
      hr,
      links,
      taskRows,
      docRows,
      chatRows,
      postRows,
      meetingRows,
      attendees,
      files,
      nodes,
      companyRows,
      notes,
    ] = await Promise.all([
      t.db.select({ id: users.id, companyId: users.companyId, email: users.email }).from(users),
      t.db.select().from(companyMembers),
      t.db.select().from(userGroups).where(eq(userGroups.groupId, GROUP_HR)),
      t.db.select().from(managerLinks),
      t.db.select().from(tasks),
      t.db
        .select({
          id: documents.id,
          userId: documents.userId,
          companyId: documents.companyId,
          uploadedAt: documents.uploadedAt,
        })
        .from(documents),
      t.db.select().from(chats),
      t.db.select({ id: posts.id, chatId: posts.chatId, companyId: posts.companyId }).from(posts),
      t.db
        .select({ id: meetings.id, companyId: meetings.companyId, organizerId: meetings.organizerId })
        .from(meetings),
      t.db.select().from(meetingAttendees),
      t.db.select({ id: taskFiles.id, ownerId: taskFiles.ownerId, taskId: taskFiles.taskId }).from(taskFiles),
      t.db.select({ id: departments.id, companyId: departments.companyId }).from(departments),
      t.db.select({ id: companies.id }).from(companies),
      t.db.select({ id: notifications.id, userId: notifications.userId }).from(notifications),
    ]);
    const companiesOf = (userId: number) =>
      members.filter((m) => m.userId === userId).map((m) => m.companyId);
    const person = new Map(people.map((p) => [p.id, p]));
    const isHrOf = (viewer: number, companyId: number) =>
      hr.some((g) => g.userId === viewer && g.companyId === companyId);
    const shares = (viewer: number, other: number) =>
      companiesOf(other).some((id) => companiesOf(viewer).includes(id));
    const manages = (viewer: number, other: number) =>
      links.some((l) => l.userId === other && l.managerId === viewer);
    const taskById = new Map(taskRows.map((task) => [task.id, task]));
    /** A request is seen by its creator, its person, its steps' assignees, the person's managers and its company's HR. */
    const seesTask = (viewer: number, taskId: number) => {
      const task = taskById.get(taskId);
      const request = task && (task.parentTaskId === null ? task : taskById.get(task.parentTaskId));
      if (!request) return false;
      const steps = taskRows.filter((s) => s.parentTaskId === request.id).map((s) => s.userId);
      return (
        [request.managerId, request.userId, ...steps].includes(viewer) ||
        (request.userId !== null && manages(viewer, request.userId)) ||
        isHrOf(viewer, request.companyId)
      );
    };
    return {
      ids: {
        user: people.map((p) => p.id),
        task: taskRows.map((task) => task.id),
        document: docRows.map((d) => d.id),
        chat: chatRows.map((c) => c.id),
        meeting: meetingRows.map((m) => m.id),
        taskFile: files.map((f) => f.id),
        department: nodes.map((n) => n.id),
        post: postRows.map((p) => p.id),
        company: companyRows.map((c) => c.id),
        notification: notes.map((n) => n.id),
      },
      departmentCompany: (id: number) => nodes.find((n) => n.id === id)?.companyId,
      postCompany: (id: number) => postRows.find((p) => p.id === id)?.companyId,
      notificationOwner: (id: number) => notes.find((n) => n.id === id)?.userId,
      person,
      memberOf: companiesOf,
      shares,
      isHrOf,
      /** Absence data: the person, any of their managers, HR of their company. */
      oversees: (viewer: number, other: number) =>
        viewer === other || manages(viewer, other) || isHrOf(viewer, person.get(other)?.companyId ?? 0),
      seesTask,
      document: new Map(docRows.map((d) => [d.id, d])),
      /** A post's chat: the post's company; a request's chat: who sees the request. */
      seesChat: (viewer: number, chatId: number) => {
        const chat = chatRows.find((c) => c.id === chatId);
        if (chat?.kind === 'post') {
          const post = postRows.find((p) => p.chatId === chatId);
          return post !== undefined && companiesOf(viewer).includes(post.companyId);
        }
        const request = taskRows.find((task) => task.chatId === chatId && task.isGroup);
        return chat !== undefined && request !== undefined && seesTask(viewer, request.id);
      },
      /** A meeting: its organizer and attendees, in the company the meeting was made in. */
      seesMeeting: (viewer: number, viewerCompany: number, meetingId: string) => {
        const meeting = meetingRows.find((m) => m.id === meetingId);
        if (!meeting || meeting.companyId !== viewerCompany) return false;
        const email = person.get(viewer)?.email.toLowerCase();
        return (
          meeting.organizerId === viewer ||
          attendees.some((a) => a.meetingId === meetingId && a.email === email)
        );
      },
      /** A request's file: its uploader until a request takes it, then whoever sees the request. */
      seesTaskFile: (viewer: number, fileId: number) => {
        const file = files.find((f) => f.id === fileId);
        if (!file) return false;
        return file.taskId === null ? file.ownerId === viewer : seesTask(viewer, file.taskId);
      },
    };
  }

  beforeAll(async () => {
    model = await loadModel();
  });

  type IdKind = keyof Model['ids'];
  type Probe = {
    name: string;
    kind: IdKind;
    /** GET unless named. */
    method?: string;
    path: (id: number | string) => string;
    /** The status for a viewer (by user id and session company) and an id. */
    expected: (viewer: number, company: number, id: number | string) => number;
    check?: (viewer: number, id: number | string, answer: Answer) => void;
  };

  const exists = (id: number | string) => model.person.has(Number(id));
  /** 404 for someone in none of the viewer's companies, else `status` when `allowed`, 403 when not. */
  const personRule =
    (allowed: (viewer: number, id: number) => boolean) => (viewer: number, _c: number, id: number | string) =>
      !exists(id) || !model.shares(viewer, Number(id)) ? 404 : allowed(viewer, Number(id)) ? 200 : 403;
  const colleague = personRule(() => true);
  const overseer = personRule((viewer, id) => model.oversees(viewer, id));

  const PROBES: Probe[] = [
    {
      name: 'a profile',
      kind: 'user',
      path: (id) => `/api/users/${id}/`,
      expected: colleague,
      check: (viewer, id, answer) => {
        const entitled =
          viewer === Number(id) || model.isHrOf(viewer, model.person.get(Number(id))?.companyId ?? 0);
        expect('private_email' in (answer.body as object), 'private fields').toBe(entitled);
      },
    },
    {
      name: "a person's month",
      kind: 'user',
      path: (id) => `/api/calendars/calendar/${id}/`,
      expected: colleague,
    },
    {
      name: "a person's managers",
      kind: 'user',
      path: (id) => `/api/managers/?user_id=${id}`,
      expected: colleague,
    },
    {
      name: "a person's competencies",
      kind: 'user',
      path: (id) => `/api/competencies/get_levels/?user_id=${id}`,
      expected: colleague,
    },
    {
      // The structure, like the directory, shows the people a company employs (users.company_id), not
      // every member: Greta (employed by Globex, a member of Acme) is in Globex's tree only.
      name: "a person's place in the structure",
      kind: 'user',
      path: (id) => `/api/company_structure/user_tree/?user=${id}`,
      expected: (viewer, _c, id) =>
        model.memberOf(viewer).includes(model.person.get(Number(id))?.companyId ?? 0) ? 200 : 404,
    },
    {
      name: "a person's day count",
      kind: 'user',
      path: (id) => `/api/absences/count-days/?user_id=${id}&from_date=2026-12-01&to_date=2026-12-04`,
      expected: overseer,
    },
    {
      name: "a person's balance",
      kind: 'user',
      path: (id) => `/api/user_vars/values/?user=${id}`,
      expected: overseer,
    },
    {
      name: "a person's vacation log",
      kind: 'user',
      path: (id) => `/api/user_vars/${id}/history/`,
      expected: overseer,
    },
    {
      // Refused (403) rather than absent for another company's person: see the matrix's GET /api/tasks/.
      name: "a person's tasks",
      kind: 'user',
      path: (id) => `/api/tasks/?view=creator&user=${id}`,
      expected: overseer,
    },
    {
      name: "a person's documents",
      kind: 'user',
      path: (id) => `/api/storage/?user_id=${id}`,
      expected: personRule(
        (viewer, id) => viewer === id || model.isHrOf(viewer, model.person.get(id)?.companyId ?? 0),
      ),
    },
    {
      name: "a document's file",
      kind: 'document',
      path: (id) => `/api/storage/${id}/file/`,
      expected: (viewer, _c, id) => {
        const doc = model.document.get(Number(id));
        if (!doc || !model.shares(viewer, doc.userId)) return 404;
        if (viewer !== doc.userId && !model.isHrOf(viewer, doc.companyId)) return 403;
        // A record whose file never came (POST without upload-file) has nothing to download.
        return doc.uploadedAt === null ? 404 : 200;
      },
    },
    {
      name: 'a task',
      kind: 'task',
      path: (id) => `/api/tasks/${id}/`,
      expected: (viewer, _c, id) => (model.seesTask(viewer, Number(id)) ? 200 : 404),
    },
    {
      name: "a task's workflow",
      kind: 'task',
      path: (id) => `/api/tasks/${id}/workflow/`,
      expected: (viewer, _c, id) => (model.seesTask(viewer, Number(id)) ? 200 : 404),
    },
    {
      name: "a request's file",
      kind: 'taskFile',
      path: (id) => `/api/tasks/files/${id}/`,
      expected: (viewer, _c, id) => (model.seesTaskFile(viewer, Number(id)) ? 200 : 404),
    },
    {
      name: 'a chat',
      kind: 'chat',
      path: (id) => `/api/chats/${id}/`,
      expected: (viewer, _c, id) => (model.seesChat(viewer, Number(id)) ? 200 : 404),
    },
    {
      name: 'a department node',
      kind: 'department',
      path: (id) => `/api/company_department_tree/${id}`,
      expected: (viewer, _c, id) =>
        model.memberOf(viewer).includes(model.departmentCompany(Number(id)) ?? 0) ? 200 : 404,
    },
    {
      name: 'a post',
      kind: 'post',
      path: (id) => `/api/posts/${id}/`,
      expected: (viewer, _c, id) =>
        model.memberOf(viewer).includes(model.postCompany(Number(id)) ?? 0) ? 200 : 404,
    },
    {
      name: "a company's holidays",
      kind: 'company',
      path: (id) => `/api/holidays/${id}/`,
      expected: (viewer, _c, id) => (model.memberOf(viewer).includes(Number(id)) ? 200 : 404),
    },
    {
      name: 'marking a notification read',
      kind: 'notification',
      method: 'POST',
      path: (id) => `/api/notifications/${id}/read/`,
      expected: (viewer, _c, id) => (model.notificationOwner(Number(id)) === viewer ? 200 : 404),
    },
    {
      name: 'a meeting',
      kind: 'meeting',
      path: (id) => `/api/calendars/events/${id}/`,
      expected: (viewer, company, id) => (model.seesMeeting(viewer, company, String(id)) ? 200 : 404),
    },
  ];

  /** Runs of each property: with the ids of the world weighed in, enough to meet every kind of owner. */
  const RUNS = 30;
  /** Viewers by name, so that a counterexample reads as one. */
  const viewerNames = () => fc.constantFrom(...(Object.keys(w.viewers) as (keyof World['viewers'])[]));

  it.each(PROBES.map((probe) => [probe.name, probe] as const))(
    '%s: the answer to any id is the one the access rules give, and leaks nothing',
    async (_name, probe) => {
      const known = model.ids[probe.kind] as (number | string)[];
      const random: fc.Arbitrary<number | string> =
        probe.kind === 'meeting' ? fc.uuid() : fc.integer({ min: 1, max: 2_147_483_647 });
      await fc.assert(
        fc.asyncProperty(viewerNames(), fc.oneof(fc.constantFrom(...known), random), async (name, id) => {
          const viewer = w.viewers[name];
          const path = probe.path(id);
          const answer = await w.send(viewer.client, probe.method ?? 'GET', path);
          const expected = viewer.userId === 0 ? 401 : probe.expected(viewer.userId, viewer.company, id);
          expect(answer.status, `${path} as ${viewer.name}`).toBe(expected);
          if (answer.status === 200) probe.check?.(viewer.userId, id, answer);
          expectNoLeak(viewer, path, answer);
        }),
        { seed: 20261120, numRuns: RUNS },
      );
    },
  );

  it("builds the company calendar for any people or department ids without another company's absences", async () => {
    const known = [...model.ids.user, ...model.ids.department];
    const ids = fc.array(fc.oneof(fc.constantFrom(...known), fc.integer({ min: 1, max: 2_147_483_647 })), {
      maxLength: 3,
    });
    const filter = fc.record(
      {
        year: fc.constant(2026),
        month: fc.integer({ min: 10, max: 12 }),
        users: ids,
        department: ids,
        division: ids,
      },
      { requiredKeys: ['year', 'month'] },
    );
    await fc.assert(
      fc.asyncProperty(viewerNames(), filter, async (name, body) => {
        const viewer = w.viewers[name];
        const answer = await w.send(viewer.client, 'POST', '/api/calendars/company/filter/', { json: body });
        expect(answer.status, JSON.stringify(body)).toBe(viewer.userId === 0 ? 401 : 200);
        expectNoLeak(viewer, '/api/calendars/company/filter/', answer);
      }),
      { seed: 20261120, numRuns: RUNS },
    );
  });

  it("filters the directory by any company, person or manager ids without showing another company's people", async () => {
    const known = [...model.ids.user, w.companies.acme, w.companies.globex];
    const ids = fc.array(fc.oneof(fc.constantFrom(...known), fc.integer({ min: 1, max: 2_147_483_647 })), {
      minLength: 1,
      maxLength: 3,
    });
    const filter = fc.record(
      { company: ids, Company: ids, ids, Manager: ids, managers_for: ids, special_order: ids },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(viewerNames(), filter, async (name, body) => {
        const viewer = w.viewers[name];
        const answer = await w.send(viewer.client, 'POST', '/api/users/filter/', { json: body });
        expect(answer.status, JSON.stringify(body)).toBe(viewer.userId === 0 ? 401 : 200);
        expectNoLeak(viewer, '/api/users/filter/', answer);
        for (const person of (answer.body as { results?: { id: number }[] } | undefined)?.results ?? []) {
          expect(model.shares(viewer.userId, person.id), `${viewer.name} lists ${person.id}`).toBe(true);
        }
      }),
      { seed: 20261120, numRuns: RUNS },
    );
  });
});
