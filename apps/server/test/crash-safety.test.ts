import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlSocketPath, findHolder } from '../src/db/backup';
import {
  auditLog,
  chatMessages,
  documentFiles,
  documents,
  posts,
  taskDecisions,
  tasks,
} from '../src/db/schema/index';
import { createPost } from '../src/modules/news/service';
import { createRequest } from '../src/modules/tasks/engine';
import { testEngine } from './database';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { logIn } from './log-in';
import {
  type RunningServer,
  removeTempDirs,
  type ServerDatabase,
  serverDatabase,
  startServer,
} from './server-processes';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-catcher';
import { createTemplate } from './task-fixtures';

/**
 * The server process killed with SIGKILL while writes are in flight, then started again on the same data:
 * every write it acknowledged is there, and no write is there in part. Acme: Emma files documents and
 * comments, Hana comments on her post, Max approves the requests filed for Emma, one step each.
 */
const REQUESTS = 40;
/** Acknowledgements of each kind the stream reaches before the kill, so that it is well under way. */
const ACKED_BEFORE_KILL = { comments: 20, approvals: 10, uploads: 6 };

let smtp: SmtpCatcher;
let database: ServerDatabase;
/** Every server process started, killed at the end whatever the test did. */
const started: RunningServer[] = [];
const id = { acme: 0, emma: 0, hana: 0, max: 0, chat: 0 };
const requestIds: number[] = [];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  database = await serverDatabase(testEngine());
  await database.use(async ({ db }) => {
    id.acme = (await createCompany(db, 'Acme')).id;
    id.emma = (await createUser(db, { companyId: id.acme, email: 'emma@acme.test' })).id;
    id.hana = (await createUser(db, { companyId: id.acme, email: 'hana@acme.test' })).id;
    id.max = (await createUser(db, { companyId: id.acme, email: 'max@acme.test' })).id;
    const now = new Date();
    const post = await createPost(db, {
      authorId: id.hana,
      companyId: id.acme,
      title: 'Welcome',
      body: '',
      now,
    });
    const [row] = await db.select({ chatId: posts.chatId }).from(posts).where(eq(posts.id, post));
    id.chat = row?.chatId ?? 0;
    const template = await createTemplate(db, {
      companyId: id.acme,
      steps: [{ name: 'Approval by Max', role: 'user', userId: id.max }],
    });
    for (let n = 0; n < REQUESTS; n++) {
      const created = await db.transaction((tx) =>
        createRequest(tx, {
          companyId: id.acme,
          templateId: template.id,
          requesterId: id.emma,
          userId: id.emma,
          name: `Request ${n}`,
          inputParams: {},
          now,
        }),
      );
      requestIds.push(created.id);
    }
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop('SIGKILL')));
  await database?.drop();
  await smtp?.close();
  removeTempDirs();
});

const byNumber = (a: number, b: number) => a - b;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF by its magic bytes, 16–256 KB of random content after them. */
function randomPdf() {
  const header = new TextEncoder().encode('%PDF-1.4\n');
  const body = randomBytes(16 * 1024 + Math.floor(Math.random() * 240 * 1024));
  const bytes = new Uint8Array(header.length + body.length);
  bytes.set(header);
  bytes.set(body, header.length);
  return bytes;
}

function upload(server: RunningServer, client: HttpClient, documentId: number, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), `scan-${documentId}.pdf`);
  return fetch(`${server.baseUrl}/api/storage/upload-file/${documentId}/`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader(), 'x-csrftoken': client.cookies.get('csrftoken') ?? '' },
  });
}

/** What the stream sent, and what the server acknowledged with a 2xx before it died. */
type Ledger = {
  comments: Map<number, string>;
  commentsSent: Set<string>;
  approvals: Set<number>;
  approvalsSent: Set<number>;
  documents: Set<number>;
  /** A document's file by its id: its hash, acknowledged or only sent. */
  uploads: Map<number, string>;
  uploadsSent: Map<number, string>;
  inFlight: number;
};

/**
 * Runs writers side by side until the server dies under them: comments by Emma and Hana, Max's approvals,
 * Emma's documents (a record, then its file). A request the dead server never answered fails the fetch,
 * which ends that writer. Resolves once every writer has ended.
 */
function writeUntilKilled(server: RunningServer, clients: Record<'emma' | 'hana' | 'max', HttpClient>) {
  const ledger: Ledger = {
    comments: new Map(),
    commentsSent: new Set(),
    approvals: new Set(),
    approvalsSent: new Set(),
    documents: new Set(),
    uploads: new Map(),
    uploadsSent: new Map(),
    inFlight: 0,
  };
  const pending = [...requestIds];
  let serial = 0;
  const track = async <T>(work: Promise<T>) => {
    ledger.inFlight++;
    try {
      return await work;
    } finally {
      ledger.inFlight--;
    }
  };
  const expectOk = (status: number, what: string) => {
    if (status < 200 || status >= 300) throw new Error(`${what} answered ${status}`);
  };

  const commenter = async (client: HttpClient) => {
    for (;;) {
      const text = `comment ${++serial} ${randomBytes(4).toString('hex')}`;
      ledger.commentsSent.add(text);
      const response = await track(
        client.post(`/api/chats/${id.chat}/chat_send_message/`, { message: text }),
      );
      expectOk(response.status, 'a comment');
      ledger.comments.set(response.body.id, text);
    }
  };
  const approver = async () => {
    for (let request = pending.shift(); request !== undefined; request = pending.shift()) {
      ledger.approvalsSent.add(request);
      const response = await track(
        clients.max.post(`/api/tasks/${request}/approve/`, { comment: `approved ${request}` }),
      );
      expectOk(response.status, 'an approval');
      ledger.approvals.add(request);
    }
    throw new Error('ran out of requests to approve before the kill');
  };
  const filer = async () => {
    for (;;) {
      const created = await track(
        clients.emma.post('/api/storage/', { title: `Scan ${++serial}`, user_id: id.emma }),
      );
      expectOk(created.status, 'a new document');
      ledger.documents.add(created.body.id);
      const bytes = randomPdf();
      ledger.uploadsSent.set(created.body.id, sha256(bytes));
      const uploaded = await track(upload(server, clients.emma, created.body.id, bytes));
      expectOk(uploaded.status, 'an upload');
      ledger.uploads.set(created.body.id, sha256(bytes));
    }
  };

  const writers = [
    commenter(clients.emma),
    commenter(clients.hana),
    approver(),
    approver(),
    filer(),
    filer(),
  ].map((writer) =>
    writer.then(
      () => null,
      (error: Error) => error,
    ),
  );
  return { ledger, done: Promise.all(writers) };
}

async function start() {
  const server = await startServer({ ...database.env, SMTP_URL: smtp.url });
  started.push(server);
  return server;
}

/** A client of the restarted process that keeps the cookies it had with the killed one. */
function carryOver(server: RunningServer, before: HttpClient) {
  const client = server.client();
  for (const [name, value] of before.cookies) client.cookies.set(name, value);
  return client;
}

function download(server: RunningServer, client: HttpClient, documentId: number) {
  return fetch(`${server.baseUrl}/api/storage/${documentId}/file/`, {
    headers: { cookie: client.cookieHeader() },
  });
}

/** Every document of Emma's the server lists, page by page. */
async function listedDocuments(client: HttpClient) {
  const listed: { id: number; file: string | null; size: number }[] = [];
  for (let page = 1; ; page++) {
    const response = await client.get(`/api/storage/?user_id=${id.emma}&page=${page}&page_size=100`);
    expect(response.status).toBe(200);
    listed.push(...response.body.results);
    if (!response.body.next) return listed;
  }
}

describe(`a server process killed mid-stream (${testEngine()})`, () => {
  it('keeps every acknowledged write and no half-written one, and starts again on the same data', async () => {
    const first = await start();
    const clients = {
      emma: await logIn(first.client(), smtp, 'emma@acme.test'),
      hana: await logIn(first.client(), smtp, 'hana@acme.test'),
      max: await logIn(first.client(), smtp, 'max@acme.test'),
    };

    const { ledger, done } = writeUntilKilled(first, clients);
    const deadline = Date.now() + 30_000;
    while (
      ledger.comments.size < ACKED_BEFORE_KILL.comments ||
      ledger.approvals.size < ACKED_BEFORE_KILL.approvals ||
      ledger.uploads.size < ACKED_BEFORE_KILL.uploads
    ) {
      if (Date.now() > deadline) throw new Error(`the stream stalled: ${first.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const inFlight = ledger.inFlight;
    expect(await first.stop('SIGKILL')).toBe(null);
    const failures = await done;
    // Every writer was cut off by the kill (a fetch error), none by an error answer.
    for (const failure of failures) expect(failure).toBeInstanceOf(TypeError);
    expect(inFlight).toBeGreaterThan(0);
    if (database.dataDir) expect(existsSync(controlSocketPath(database.dataDir))).toBe(true);

    // The dead process's control socket is still there; the new one replaces it.
    const server = await start();
    if (database.dataDir) {
      expect(await findHolder(database.dataDir)).toMatchObject({ pid: server.child.pid, role: 'server' });
    }
    const after = { emma: carryOver(server, clients.emma), max: carryOver(server, clients.max) };

    // Sessions opened before the crash still hold.
    expect((await after.emma.get('/api/auth/session/')).body.user).toMatchObject({ id: id.emma });

    // Comments: each acknowledged one is there with its text; nothing that was never sent.
    const chat = await after.emma.get(`/api/chats/${id.chat}/`);
    expect(chat.status).toBe(200);
    const shown = new Map<number, string>(
      chat.body.messages.map((m: { id: number; message: string }) => [m.id, m.message]),
    );
    for (const [messageId, text] of ledger.comments) expect(shown.get(messageId), text).toBe(text);
    for (const text of shown.values()) expect(ledger.commentsSent.has(text), text).toBe(true);
    expect(new Set(shown.values()).size).toBe(shown.size);

    // Approvals: each acknowledged one shows in its request's workflow.
    for (const request of ledger.approvals) {
      const workflow = await after.max.get(`/api/tasks/${request}/workflow/`);
      expect(workflow.status).toBe(200);
      const step = workflow.body.results.find((item: { is_group: boolean }) => !item.is_group);
      expect(step?.decision, `request ${request}`).toMatchObject({
        decision: 'approved',
        comment: `approved ${request}`,
      });
    }

    // Documents: each acknowledged upload is listed, and every listed one has its file, byte for byte.
    const listed = await listedDocuments(after.emma);
    const listedIds = new Set(listed.map((document) => document.id));
    for (const documentId of ledger.uploads.keys())
      expect(listedIds.has(documentId), `${documentId}`).toBe(true);
    for (const document of listed) {
      expect(document.file).not.toBeNull();
      const file = await download(server, after.emma, document.id);
      expect(file.status).toBe(200);
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(bytes.length).toBe(document.size);
      expect(sha256(bytes), `document ${document.id}`).toBe(ledger.uploadsSent.get(document.id));
    }

    // A new write after the restart works, so the stream could go on.
    const more = await after.emma.post(`/api/chats/${id.chat}/chat_send_message/`, {
      message: 'after the restart',
    });
    expect(more.status).toBe(201);
    expect(await server.stop('SIGTERM')).toBe(0);

    // In the database: each change's rows, all or none.
    await database.use(async ({ db }) => {
      const messages = await db.select().from(chatMessages).where(eq(chatMessages.chatId, id.chat));
      expect(messages.length).toBe(shown.size + 1);

      const decisions = await db.select().from(taskDecisions);
      const steps = await db.select().from(tasks).where(inArray(tasks.parentTaskId, requestIds));
      const approvedSteps = steps.filter((step) => step.completeApproved);
      const requests = await db.select().from(tasks).where(inArray(tasks.id, requestIds));
      const approvals = await db.select().from(auditLog).where(eq(auditLog.action, 'task.approve'));
      expect(decisions.length).toBeGreaterThanOrEqual(ledger.approvals.size);
      expect(approvedSteps.length).toBe(decisions.length);
      expect(requests.filter((request) => request.completed).length).toBe(decisions.length);
      expect(approvals.length).toBe(decisions.length);
      const decidedRequests = new Set(
        approvedSteps.map((step) => step.parentTaskId).filter((parent) => parent !== null),
      );
      for (const request of ledger.approvals) expect(decidedRequests.has(request)).toBe(true);
      for (const request of decidedRequests) expect(ledger.approvalsSent.has(request)).toBe(true);
      expect(new Set(approvals.map((row) => Number(row.entityId)))).toEqual(decidedRequests);

      const records = await db.select().from(documents).where(eq(documents.userId, id.emma));
      const files = await db
        .select({ documentId: documentFiles.documentId, bytes: documentFiles.bytes })
        .from(documentFiles);
      const uploadedRecords = records.filter((record) => record.uploadedAt !== null);
      for (const documentId of ledger.documents) {
        expect(records.some((record) => record.id === documentId)).toBe(true);
      }
      expect(files.map((file) => file.documentId).sort(byNumber)).toEqual(
        uploadedRecords.map((r) => r.id).sort(byNumber),
      );
      for (const file of files) {
        const record = uploadedRecords.find((r) => r.id === file.documentId);
        expect(file.bytes.length).toBe(record?.size);
        expect(sha256(file.bytes)).toBe(ledger.uploadsSent.get(file.documentId));
      }
      const audits = await db
        .select({ action: auditLog.action, entityId: auditLog.entityId })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'document'), isNotNull(auditLog.entityId)));
      const ofAction = (action: string) =>
        audits
          .filter((row) => row.action === action)
          .map((row) => Number(row.entityId))
          .sort(byNumber);
      expect(ofAction('document.create')).toEqual(records.map((r) => r.id).sort(byNumber));
      expect(ofAction('document.upload')).toEqual(uploadedRecords.map((r) => r.id).sort(byNumber));
    });
  }, 120_000);
});
