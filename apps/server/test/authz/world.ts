import { GROUP_HR, GROUP_USER, type ManagerTypeCode } from '@atrium/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import {
  absences,
  companies,
  competencies,
  competencyLevels,
  departments,
  dictionaryItems,
  holidays,
  levelTypes,
  managerLinks,
  notifications,
  profileFieldGroups,
  profileFields,
  tasks,
  taskTemplates,
  users,
} from '../../src/db/schema/index';
import { createSession, SESSION_COOKIE } from '../../src/modules/auth/sessions';
import { issueFeed } from '../../src/modules/calendar/feed';
import { saveCover } from '../../src/modules/news/cover';
import { createPost } from '../../src/modules/news/service';
import { ensureTemplates } from '../../src/modules/tasks/default-templates';
import { createRequest } from '../../src/modules/tasks/engine';
import { updateFormField } from '../../src/modules/users/form-config';
import { createCompany, createUser } from '../fixtures';
import type { HttpClient } from '../http-client';
import { createManagerTypes, linkManager } from '../task-fixtures';
import type { TestApp } from '../test-app';

/**
 * The fixture world of the authorization matrix, built once per test file (and so once per engine):
 *
 * Acme — Emil, "the employee", whose manager is Maya and HR business partner Hanna (HR); Olga, another
 * employee, managed by Mark (a manager of someone else); Edna, a post editor (create_posts); Hanna, HR.
 * Globex — Sam, HR and post editor of his own company: a user of another company with every right
 * there, so that any right leaking across companies shows.
 *
 * Emil owns the objects the matrix asks about: his profile (with private fields), a factory request
 * with an attached file and a comment in its chat, an approved business trip, a document with its file,
 * a meeting, a comment under a post, a notification, an avatar and two calendar feeds. Globex has a
 * post, a document, a meeting and an absence of Sam's, so that ids of another company exist to be
 * probed. Greta, HR of Globex and a member of Acme as well, asks only in the object-level checks.
 */

export const ROLES = [
  'anonymous',
  'employee',
  'otherEmployee',
  'manager',
  'otherManager',
  'editor',
  'hr',
  'otherCompany',
] as const;
export type Role = (typeof ROLES)[number];
export type Actor = Exclude<Role, 'anonymous'>;

/** What each actor is called in the world, and their address (the company is in the domain). */
export const ACTORS: Record<Actor, { key: string; email: string }> = {
  employee: { key: 'emil', email: 'emil@acme.test' },
  otherEmployee: { key: 'olga', email: 'olga@acme.test' },
  manager: { key: 'maya', email: 'maya@acme.test' },
  otherManager: { key: 'mark', email: 'mark@acme.test' },
  editor: { key: 'edna', email: 'edna@acme.test' },
  hr: { key: 'hanna', email: 'hanna@acme.test' },
  otherCompany: { key: 'sam', email: 'sam@globex.test' },
};

export const NOW = '2026-11-20T09:00:00.000Z';

/**
 * Text found only in what belongs to one company (its people's last names, its posts, holidays,
 * departments, dictionaries, competencies): an answer to someone outside the company must not hold it.
 */
export const MARK = { acme: 'acmeonly', globex: 'globexonly' } as const;

/** The private profile fields of an actor: values unique to them, so that a leak anywhere is found by text. */
export function privateValues(key: string, n: number) {
  return {
    privateEmail: `private.${key}@home.example`,
    mobilePhone: `+1 555 700 ${String(1000 + n)}`,
    birthdate: `19${70 + n}-0${1 + (n % 9)}-1${n % 10}`,
    passportExpiry: `2031-0${1 + (n % 9)}-2${n % 10}`,
    privateFolder: `private-folder-of-${key}`,
  };
}

/** Marks the title and the file of each document, so that its owner can be told from any answer. */
export const documentMarker = (key: string) => `document-of-${key}`;

export const PDF = (marker: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n% ${marker}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

export const ics = (uid: string) =>
  new TextEncoder().encode(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Atrium matrix//EN',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTART:20261125T140000Z',
      'DTEND:20261125T150000Z',
      'SUMMARY:Imported meeting',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );

/** A request body: JSON, or a browser form with an optional file (field `file`). */
export type RequestBody =
  | { json: unknown }
  | {
      multipart: {
        fields?: Record<string, string>;
        file?: { bytes: Uint8Array; name: string; type: string };
      };
    };

export type Answer = { status: number; headers: Headers; text: string; body: unknown };

/** Sends a request as the client would (its cookies, its CSRF header); a stream is cut after its head. */
export async function send(
  baseUrl: string,
  client: HttpClient,
  method: string,
  path: string,
  body?: RequestBody,
  options: { stream?: boolean } = {},
): Promise<Answer> {
  if (!options.stream && (body === undefined || 'json' in body)) {
    const answer = await client.request(method, path, body?.json);
    return { status: answer.status, headers: answer.headers, text: answer.text, body: answer.body };
  }
  const headers: Record<string, string> = {};
  if (client.cookies.size) headers.cookie = client.cookieHeader();
  const csrf = client.cookies.get('csrftoken');
  if (csrf && method !== 'GET') headers['x-csrftoken'] = csrf;
  let payload: FormData | undefined;
  if (body && 'multipart' in body) {
    payload = new FormData();
    for (const [name, value] of Object.entries(body.multipart.fields ?? {})) payload.append(name, value);
    const file = body.multipart.file;
    if (file) payload.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  }
  const abort = new AbortController();
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: payload,
    redirect: 'manual',
    signal: abort.signal,
  });
  if (options.stream && response.ok) {
    // An event stream never ends: its status and first bytes are the answer.
    const reader = response.body?.getReader();
    const first = reader ? await reader.read() : undefined;
    abort.abort();
    await reader?.cancel().catch(() => {});
    const text = first?.value ? new TextDecoder().decode(first.value) : '';
    return { status: response.status, headers: response.headers, text, body: undefined };
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: json };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** Someone who asks: their session (company) and what they are entitled to see. */
export type Viewer = {
  name: string;
  client: HttpClient;
  /** 0 for anonymous. */
  userId: number;
  /** The key their private values are made from; null for anonymous. */
  key: string | null;
  /** The active company of their session. */
  company: number;
  memberOf: number[];
  /** The companies they are HR of. */
  hrOf: number[];
  /** In Emil's request (or its manager, or HR): may see its file. */
  readsEmilsRequest: boolean;
};

export async function buildWorld(t: TestApp) {
  const { db } = t;
  const now = t.clock.now();
  const acme = (await createCompany(db, 'Acme')).id;
  const globex = (await createCompany(db, 'Globex')).id;
  const types: Record<ManagerTypeCode, number> = await createManagerTypes(db);
  await ensureTemplates(db, acme);
  await ensureTemplates(db, globex);
  await db.insert(holidays).values([
    { companyId: acme, date: '2026-12-25', name: `${MARK.acme} Christmas`, vacation: true },
    { companyId: globex, date: '2026-12-24', name: `${MARK.globex} Christmas Eve`, vacation: true },
  ]);

  // The structure: one level and one department per company; Emil works in Acme's.
  const structure = async (companyId: number, name: string) => {
    const [level] = await db
      .insert(levelTypes)
      .values({ companyId, name: `${name} departments`, depth: 0 })
      .returning();
    const [department] = await db
      .insert(departments)
      .values({ companyId, levelTypeId: level?.id ?? 0, name: `${name} engineering` })
      .returning();
    return { levelType: level?.id ?? 0, department: department?.id ?? 0 };
  };
  const acmeStructure = await structure(acme, MARK.acme);
  const globexStructure = await structure(globex, MARK.globex);

  const item = async (dictionary: string, companyId: number, code: string) => {
    const [row] = await db
      .insert(dictionaryItems)
      .values({ dictionary, companyId, code, name: code })
      .returning({ id: dictionaryItems.id });
    return row?.id ?? 0;
  };
  const storageCategory = await item('StorageCategory', acme, `${MARK.acme} contracts`);
  await item('StorageCategory', globex, `${MARK.globex} contracts`);
  const [competency] = await db
    .insert(competencies)
    .values({ companyId: acme, name: `${MARK.acme} TypeScript` })
    .returning();
  const [competencyLevel] = await db
    .insert(competencyLevels)
    .values({ competencyId: competency?.id ?? 0, name: 'Fluent', level: 1 })
    .returning();

  // The actors, each with private values of their own.
  const ids = {} as Record<Actor, number>;
  const keys = Object.keys(ACTORS) as Actor[];
  for (const [n, role] of keys.entries()) {
    const { key, email } = ACTORS[role];
    const inGlobex = role === 'otherCompany';
    const user = await createUser(db, {
      companyId: inGlobex ? globex : acme,
      email,
      firstName: key[0]?.toUpperCase() + key.slice(1),
      lastName: inGlobex ? 'Globexonly' : 'Acmeonly',
      groups: role === 'hr' || inGlobex ? [GROUP_HR, GROUP_USER] : [GROUP_USER],
      rights: role === 'editor' || inGlobex ? ['create_posts'] : [],
    });
    ids[role] = user.id;
    await db
      .update(users)
      .set({
        ...privateValues(key, n),
        hireDate: '2026-01-01',
        departmentId: inGlobex ? globexStructure.department : acmeStructure.department,
      })
      .where(eq(users.id, user.id));
  }
  await linkManager(db, types, ids.employee, ids.manager, 'manager');
  await linkManager(db, types, ids.employee, ids.hr, 'hrbp');
  await linkManager(db, types, ids.otherEmployee, ids.otherManager, 'manager');
  await linkManager(db, types, ids.otherEmployee, ids.hr, 'hrbp');

  // Greta: HR and post editor of Globex, and a member of Acme too, where she is a colleague like any
  // other (decision 0006). Only the object-level checks ask as her, from a session in each company.
  const greta = await createUser(db, {
    companyId: globex,
    alsoIn: [acme],
    email: 'greta@twofold.test',
    firstName: 'Greta',
    lastName: 'Twofold',
    groups: [GROUP_HR, GROUP_USER],
    rights: ['create_posts'],
  });
  await db
    .update(users)
    .set({ ...privateValues('greta', keys.length), hireDate: '2026-01-01' })
    .where(eq(users.id, greta.id));
  /** Everyone with private values, by the key their values are made from. */
  const people = [
    ...keys.map((role, n) => ({
      key: ACTORS[role].key,
      n,
      userId: ids[role],
      companyId: role === 'otherCompany' ? globex : acme,
    })),
    { key: 'greta', n: keys.length, userId: greta.id, companyId: globex },
  ];

  // Acme's own copy of the profile form, so that a field id of Acme's exists.
  const [nickname] = await db
    .select({ id: profileFields.id })
    .from(profileFields)
    .innerJoin(profileFieldGroups, eq(profileFieldGroups.id, profileFields.groupId))
    .where(and(isNull(profileFieldGroups.companyId), eq(profileFields.name, 'nickname')));
  await updateFormField(db, acme, nickname?.id ?? 0, { display_name: 'Nickname' });
  const [acmeNickname] = await db
    .select({ id: profileFields.id })
    .from(profileFields)
    .innerJoin(profileFieldGroups, eq(profileFieldGroups.id, profileFields.groupId))
    .where(and(eq(profileFieldGroups.companyId, acme), eq(profileFields.name, 'nickname')));

  const clients = {} as Record<Role, HttpClient>;
  clients.anonymous = t.client();
  await clients.anonymous.csrf();
  for (const role of keys) clients[role] = await t.login(ACTORS[role].email);
  const gretaInAcme = t.client();
  gretaInAcme.cookies.set(SESSION_COOKIE, await createSession(db, greta.id, acme, now));
  await gretaInAcme.csrf();

  /** Who asks, and what they are entitled to: the matrix's roles, and Greta from each of her companies. */
  const viewer = (
    name: string,
    client: HttpClient,
    user: { id: number; key: string | null; company: number },
    memberOf: number[],
    hrOf: number[],
  ): Viewer => ({
    name,
    client,
    userId: user.id,
    key: user.key,
    company: user.company,
    memberOf,
    hrOf,
    readsEmilsRequest: ['employee', 'manager', 'hr'].includes(name),
  });
  const acmeViewer = (role: Actor, hrOf: number[] = []) =>
    viewer(role, clients[role], { id: ids[role], key: ACTORS[role].key, company: acme }, [acme], hrOf);
  const viewers: Record<Role | 'gretaInGlobex' | 'gretaInAcme', Viewer> = {
    anonymous: viewer('anonymous', clients.anonymous, { id: 0, key: null, company: 0 }, [], []),
    employee: acmeViewer('employee'),
    otherEmployee: acmeViewer('otherEmployee'),
    manager: acmeViewer('manager'),
    otherManager: acmeViewer('otherManager'),
    editor: acmeViewer('editor'),
    hr: acmeViewer('hr', [acme]),
    otherCompany: viewer(
      'otherCompany',
      clients.otherCompany,
      { id: ids.otherCompany, key: 'sam', company: globex },
      [globex],
      [globex],
    ),
    gretaInGlobex: viewer(
      'gretaInGlobex',
      await t.login('greta@twofold.test'),
      { id: greta.id, key: 'greta', company: globex },
      [acme, globex],
      [globex],
    ),
    gretaInAcme: viewer(
      'gretaInAcme',
      gretaInAcme,
      { id: greta.id, key: 'greta', company: acme },
      [acme, globex],
      [globex],
    ),
  };

  const expectOk = async (what: string, answer: Promise<Answer>) => {
    const { status, text } = await answer;
    if (status >= 300) throw new Error(`world: ${what} answered ${status}: ${text}`);
    return (await answer).body as Record<string, unknown> & { id: number };
  };
  const as = (role: Role, method: string, path: string, body?: RequestBody) =>
    send(t.baseUrl, clients[role], method, path, body);

  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const image = (name = 'picture.png') => ({
    multipart: { file: { bytes: new Uint8Array(png), name, type: 'image/png' } },
  });
  const pdf = (marker: string, name = `${marker}.pdf`) => ({
    multipart: { file: { bytes: PDF(marker), name, type: 'application/pdf' } },
  });

  await expectOk('avatar', as('employee', 'POST', '/api/users/profile/upload-avatar/', image()));

  /** A document of `role` (title and bytes marked with its owner), with its file. */
  async function newDocument(role: 'employee' | 'otherCompany' = 'employee') {
    const owner = ACTORS[role].key;
    const record = await expectOk(
      'document',
      as(role, 'POST', '/api/storage/', {
        json: {
          title: `${documentMarker(owner)} contract`,
          user_id: ids[role],
          category: role === 'employee' ? storageCategory : undefined,
        },
      }),
    );
    await expectOk(
      'document file',
      as(role, 'POST', `/api/storage/upload-file/${record.id}/`, pdf(documentMarker(owner))),
    );
    return record.id;
  }

  /** A meeting `role` organizes with a guest from outside (not one of the actors). */
  async function newMeeting(role: 'employee' | 'otherCompany' = 'employee') {
    const meeting = await expectOk(
      'meeting',
      as(role, 'POST', '/api/calendars/events/', {
        json: {
          title: `${ACTORS[role].key}'s one-to-one`,
          start: '2026-11-20T13:00:00Z',
          end: '2026-11-20T14:00:00Z',
          attendees: ['guest@outside.example'],
        },
      }),
    );
    return String(meeting.uuid);
  }

  /** A post of Acme by Edna, with a cover. */
  async function newPost(title = `${MARK.acme} news`) {
    const id = await createPost(db, {
      authorId: ids.editor,
      companyId: acme,
      title,
      body: 'Hello, Acme.',
      now,
    });
    await saveCover(db, id, new Uint8Array(png), now);
    return id;
  }

  /** A comment of Emil's in a chat. */
  async function newComment(chatId: number) {
    const message = await expectOk(
      'comment',
      as('employee', 'POST', `/api/chats/${chatId}/chat_send_message/`, {
        json: { message: 'A comment of Emil' },
      }),
    );
    return message.id;
  }

  /** A request of Emil's for equipment: step 1 is Maya's (open), step 2 HR's (not started). */
  async function newRequest() {
    // Filed as the factory endpoint files it; its notifications are not delivered (nobody reads them here).
    return db.transaction((tx) =>
      createRequest(tx, {
        companyId: acme,
        templateId: equipmentTemplate,
        requesterId: ids.employee,
        userId: ids.employee,
        name: 'Equipment request',
        inputParams: {},
        now,
      }),
    );
  }

  /** A new request of Emil's with its two steps: Maya's (open) and HR's (not started). */
  async function newRequestWithSteps() {
    const created = await newRequest();
    const steps = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.parentTaskId, created.id))
      .orderBy(asc(tasks.p), asc(tasks.id));
    return { request: created.id, managerStep: steps[0]?.id ?? 0, hrStep: steps[1]?.id ?? 0 };
  }

  /** An upload of Emil's that no request has taken yet. */
  async function newPendingFile() {
    return (
      await expectOk('pending file', as('employee', 'POST', '/api/tasks/upload/', pdf('quote-of-emil')))
    ).id;
  }

  /** Hanna as an extra manager of Emil (she oversees him anyway, as HR): a link that may be removed. */
  async function newManagerLink() {
    const [link] = await db
      .insert(managerLinks)
      .values({ userId: ids.employee, managerId: ids.hr, managerTypeId: types.extra })
      .returning({ id: managerLinks.id });
    return link?.id ?? 0;
  }

  /** A new session of the actor (for logging out without ending the shared one). */
  async function freshClient(role: Role) {
    const client = t.client();
    if (role !== 'anonymous') {
      const companyId = role === 'otherCompany' ? globex : acme;
      client.cookies.set(SESSION_COOKIE, await createSession(db, ids[role], companyId, now));
    }
    await client.csrf();
    return client;
  }

  /** A new subscription token of Emil's absence calendar. */
  async function newFeedToken() {
    const feed = await issueFeed(db, ids.employee, 'absences', now, 'http://portal.test');
    return feed.url.replace(/^.*\/feed\//, '').replace(/\.ics$/, '');
  }

  // Emil's request, filed through the API with a quote file attached, and a comment in its chat.
  const [equipment] = await db
    .select({ id: taskTemplates.id })
    .from(taskTemplates)
    .where(and(eq(taskTemplates.companyId, acme), eq(taskTemplates.key, 'equipment_request')));
  const equipmentTemplate = equipment?.id ?? 0;
  const taskFile = await expectOk(
    'task file',
    as('employee', 'POST', '/api/tasks/upload/', pdf('quote-of-emil')),
  );
  const request = await expectOk(
    'request',
    as('employee', 'POST', '/api/tasks/factory/', {
      json: {
        template: 'equipment_request',
        inputParams: {
          equipment: 'laptop',
          reason: 'My laptop no longer starts',
          needed_by: '2026-12-01',
          quote: [taskFile.id],
        },
      },
    }),
  );
  const requestChat = Number(request.chat);
  const requestComment = await newComment(requestChat);

  // An approved business trip of Emil's this month: its kind is for him, his managers and HR.
  await db.insert(absences).values({
    companyId: acme,
    userId: ids.employee,
    kind: 'business_trip',
    status: 'approved',
    fromDate: '2026-11-02',
    toDate: '2026-11-04',
    countDays: 3,
    createdAt: now,
  });

  // And one of Sam's in Globex, which nobody outside Globex may see.
  await db.insert(absences).values({
    companyId: globex,
    userId: ids.otherCompany,
    kind: 'vacation',
    status: 'approved',
    fromDate: '2026-11-09',
    toDate: '2026-11-10',
    countDays: 2,
    createdAt: now,
  });

  const document = await newDocument();
  const meeting = await newMeeting();
  await expectOk(
    'absence feed',
    as('employee', 'POST', '/api/calendars/feed/', { json: { scope: 'department' } }),
  );
  await expectOk('meeting feed', as('employee', 'POST', '/api/calendars/events/feed/'));
  const post = await newPost();
  const postChat = Number((await expectOk('post', as('employee', 'GET', `/api/posts/${post}/`))).chat);
  const postComment = await newComment(postChat);
  const [notification] = await db
    .insert(notifications)
    .values({
      userId: ids.employee,
      kind: 'task_comment',
      text: 'Maya commented on "Equipment request"',
      taskId: request.id,
      actorId: ids.manager,
      createdAt: now,
    })
    .returning({ id: notifications.id });

  // Globex's own objects: ids of another company to probe.
  const globexDocument = await newDocument('otherCompany');
  const globexMeeting = await newMeeting('otherCompany');
  const globexPost = await expectOk(
    'Globex post',
    as('otherCompany', 'POST', '/api/posts/', {
      json: { title: `${MARK.globex} news`, body: 'Hello, Globex.' },
    }),
  );
  await db.update(companies).set({ vacationAllowance: 28 });

  return {
    t,
    now,
    companies: { acme, globex },
    ids,
    clients,
    viewers,
    people,
    types,
    structure: { acme: acmeStructure, globex: globexStructure },
    storageCategory,
    competencyLevel: competencyLevel?.id ?? 0,
    formField: acmeNickname?.id ?? 0,
    objects: {
      request: request.id,
      requestChat,
      requestComment,
      taskFile: taskFile.id,
      document,
      meeting,
      post,
      postChat,
      postComment,
      notification: notification?.id ?? 0,
      globexDocument,
      globexMeeting,
      globexPost: globexPost.id,
    },
    files: {
      image,
      pdf,
      ics: (uid: string) => ({
        multipart: { file: { bytes: ics(uid), name: 'calendar.ics', type: 'text/calendar' } },
      }),
    },
    make: {
      newDocument,
      newMeeting,
      newPost,
      newComment,
      newRequest,
      newRequestWithSteps,
      newPendingFile,
      newManagerLink,
      newFeedToken,
      freshClient,
    },
    send: (
      client: HttpClient,
      method: string,
      path: string,
      body?: RequestBody,
      options?: { stream?: boolean },
    ) => send(t.baseUrl, client, method, path, body, options),
  };
}
