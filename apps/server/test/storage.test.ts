import { DOCUMENTS_PAGE_SIZE, INVALID_DOCUMENT_FILE } from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictionaryItems, documentFiles, documents, managerLinks } from '../src/db/schema/index';
import { MAX_UPLOAD_BYTES } from '../src/lib/files';
import { createAcmeCast, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme: Emma keeps documents, Bob is her manager, Hana is HR, Sam a colleague. Other Ltd: Olga, a
 * stranger to Acme. Each company has its own StorageCategory and StorageType items.
 */
let t: TestApp;
let emma: HttpClient;
let bob: HttpClient;
let hana: HttpClient;
let sam: HttpClient;
let olga: HttpClient;
let acme: number;
const id = { emma: 0, bob: 0, hana: 0, sam: 0, olga: 0 };
const acmeItem = { contracts: 0, payroll: 0, scan: 0, original: 0 };
const otherItem = { contracts: 0, scan: 0 };

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const text = (value: string) => new TextEncoder().encode(value);

beforeAll(async () => {
  t = await createTestApp();
  const cast = await createAcmeCast(t);
  ({ acme, emma, bob, hana, sam, olga } = cast);
  Object.assign(id, cast.id);
  const { other } = cast;
  const item = async (dictionary: string, companyId: number, code: string) => {
    const [row] = await t.db
      .insert(dictionaryItems)
      .values({ dictionary, companyId, code, name: code[0]?.toUpperCase() + code.slice(1) })
      .returning();
    return row?.id ?? 0;
  };
  acmeItem.contracts = await item('StorageCategory', acme, 'contracts');
  acmeItem.payroll = await item('StorageCategory', acme, 'payroll');
  acmeItem.scan = await item('StorageType', acme, 'scan');
  acmeItem.original = await item('StorageType', acme, 'original');
  otherItem.contracts = await item('StorageCategory', other, 'contracts');
  otherItem.scan = await item('StorageType', other, 'scan');
  const [managerType] = await t.db
    .insert(dictionaryItems)
    .values({ dictionary: 'UserManagerType', code: 'manager', name: 'Manager' })
    .returning();

  await t.db
    .insert(managerLinks)
    .values({ userId: id.emma, managerId: id.bob, managerTypeId: managerType?.id ?? 0 });
});
afterAll(() => t?.close());

/** Sends a browser form (multipart/form-data) as the web app's FormData does. */
async function sendForm(
  client: HttpClient,
  method: 'POST' | 'PATCH',
  path: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/pdf' }), file.name);
  const response = await fetch(t.baseUrl + path, {
    method,
    body: form,
    headers: { cookie: client.cookieHeader(), 'x-csrftoken': client.cookies.get('csrftoken') ?? '' },
  });
  const body = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered.
  return { status: response.status, body: (body ? JSON.parse(body) : undefined) as any };
}

const upload = (client: HttpClient, documentId: number, bytes: Uint8Array, name: string, type?: string) =>
  sendForm(client, 'POST', `/api/storage/upload-file/${documentId}/`, {}, { bytes, name, type });

function download(client: HttpClient, documentId: number) {
  return fetch(`${t.baseUrl}/api/storage/${documentId}/file/`, {
    headers: { cookie: client.cookieHeader() },
  });
}

/** Files a record for `ownerId` and uploads its file; returns the record as the upload answers it. */
async function fileDocument(
  client: HttpClient,
  ownerId: number,
  title: string,
  file: { bytes: Uint8Array; name: string } = { bytes: PDF, name: `${title}.pdf` },
  filing: { category?: number; type?: number } = {},
) {
  const created = await client.post('/api/storage/', { title, user_id: ownerId, ...filing });
  expect(created.status).toBe(201);
  const uploaded = await upload(client, created.body.id, file.bytes, file.name);
  expect(uploaded.status).toBe(200);
  return uploaded.body;
}

const list = (client: HttpClient, ownerId: number, query = '') =>
  client.get(`/api/storage/?user_id=${ownerId}${query}`);

/** The ids of a person's records, fileless ones too. */
const recordIds = async (ownerId: number) =>
  (
    await t.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.userId, ownerId))
      .orderBy(documents.id)
  ).map((row) => row.id);

const storedFiles = (documentId: number) =>
  t.db.select().from(documentFiles).where(eq(documentFiles.documentId, documentId));

const auditRows = (documentId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'document'), eq(auditLog.entityId, String(documentId))))
    .orderBy(auditLog.id);

describe('rights', () => {
  it('answers 401 without a session on every storage call', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    expect((await list(anonymous, id.emma)).status).toBe(401);
    expect((await anonymous.post('/api/storage/', { title: 'x', user_id: id.emma })).status).toBe(401);
    expect((await upload(anonymous, 1, PDF, 'a.pdf')).status).toBe(401);
    expect((await anonymous.patch('/api/storage/1/', { title: 'x' })).status).toBe(401);
    expect((await anonymous.delete('/api/storage/1/')).status).toBe(401);
    expect((await anonymous.get('/api/storage/1/file/')).status).toBe(401);
  });

  it('lets the owner file, list, rename, download and remove their own document', async () => {
    const created = await emma.post('/api/storage/', {
      title: 'Employment contract',
      user_id: id.emma,
      category: acmeItem.contracts,
      type: acmeItem.original,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        title: 'Employment contract',
        user_id: id.emma,
        category: { id: acmeItem.contracts, name: 'Contracts' },
        type: { id: acmeItem.original, name: 'Original' },
        file: null,
        file_name: null,
        content_type: null,
        size: null,
        created_at: '2026-11-20T09:00:00.000Z',
      },
    });
    const documentId = created.body.id;
    const uploaded = await upload(emma, documentId, PDF, 'contract.pdf');
    expect(uploaded).toMatchObject({
      status: 200,
      body: {
        id: documentId,
        file: `/api/storage/${documentId}/file/`,
        file_name: 'contract.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
      },
    });
    expect((await list(emma, id.emma)).body.results.map((d: { id: number }) => d.id)).toContain(documentId);
    const renamed = await emma.patch(`/api/storage/${documentId}/`, { title: 'Signed contract' });
    expect(renamed).toMatchObject({
      status: 200,
      body: { title: 'Signed contract', file_name: 'contract.pdf' },
    });
    const file = await download(emma, documentId);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    expect((await emma.delete(`/api/storage/${documentId}/`)).status).toBe(204);
    expect((await download(emma, documentId)).status).toBe(404);
  });

  it("lets HR of the owner's company do all of it for them", async () => {
    const created = await hana.post('/api/storage/', { title: 'Medical certificate', user_id: id.emma });
    expect(created.status).toBe(201);
    const documentId = created.body.id;
    expect((await upload(hana, documentId, PNG, 'certificate.png', 'image/png')).body).toMatchObject({
      content_type: 'image/png',
    });
    const listed = await list(hana, id.emma);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((d: { id: number }) => d.id)).toContain(documentId);
    // The owner sees what HR filed for them.
    expect((await list(emma, id.emma)).body.results.map((d: { id: number }) => d.id)).toContain(documentId);
    expect((await hana.patch(`/api/storage/${documentId}/`, { title: 'Sick note' })).body.title).toBe(
      'Sick note',
    );
    expect((await download(hana, documentId)).status).toBe(200);
    expect((await hana.delete(`/api/storage/${documentId}/`)).status).toBe(204);
  });

  it("refuses a colleague and the owner's manager every call with 403, and changes nothing", async () => {
    const document = await fileDocument(emma, id.emma, 'Passport scan');
    for (const other of [sam, bob]) {
      expect((await list(other, id.emma)).status).toBe(403);
      expect((await other.post('/api/storage/', { title: 'Planted', user_id: id.emma })).status).toBe(403);
      expect((await upload(other, document.id, PNG, 'swap.png')).status).toBe(403);
      expect((await other.patch(`/api/storage/${document.id}/`, { title: 'Changed' })).status).toBe(403);
      expect((await other.delete(`/api/storage/${document.id}/`)).status).toBe(403);
      expect((await download(other, document.id)).status).toBe(403);
    }
    const [row] = await t.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row).toMatchObject({ title: 'Passport scan', fileName: 'Passport scan.pdf' });
    expect((await list(emma, id.emma)).body.results.map((d: { title: string }) => d.title)).not.toContain(
      'Planted',
    );
  });

  it('answers 404 to a user of another company, as if the person and the document did not exist', async () => {
    const document = await fileDocument(emma, id.emma, 'Diploma');
    expect((await list(olga, id.emma)).status).toBe(404);
    expect((await olga.post('/api/storage/', { title: 'Planted', user_id: id.emma })).status).toBe(404);
    expect((await upload(olga, document.id, PDF, 'swap.pdf')).status).toBe(404);
    expect((await olga.patch(`/api/storage/${document.id}/`, { title: 'Changed' })).status).toBe(404);
    expect((await olga.delete(`/api/storage/${document.id}/`)).status).toBe(404);
    expect((await download(olga, document.id)).status).toBe(404);
    // The same answer as for what does not exist at all.
    expect((await list(emma, 999_999)).status).toBe(404);
    expect((await emma.patch('/api/storage/999999/', { title: 'x' })).status).toBe(404);
    expect((await download(emma, 999_999)).status).toBe(404);
  });
});

describe('files', () => {
  const refused = { status: 400, body: { error: INVALID_DOCUMENT_FILE } };

  it('refuses what is not a PDF or picture by both its bytes and its name, and keeps the record fileless', async () => {
    const created = await emma.post('/api/storage/', { title: 'Attempts', user_id: id.emma });
    const documentId = created.body.id;
    const executable = new Uint8Array(64);
    executable.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(await upload(emma, documentId, executable, 'invoice.pdf')).toEqual(refused);
    expect(await upload(emma, documentId, text('<html><script>alert(1)</script></html>'), 'a.pdf')).toEqual(
      refused,
    );
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(emma, documentId, svg, 'logo.png', 'image/png')).toEqual(refused);
    expect(await upload(emma, documentId, svg, 'logo.svg', 'image/svg+xml')).toEqual(refused);
    expect(await upload(emma, documentId, text('plain notes'), 'notes.txt', 'text/plain')).toEqual(refused);
    // A real PDF under a name that is not .pdf/.jpg/.jpeg/.png/.gif is refused too.
    expect(await upload(emma, documentId, PDF, 'notes.txt')).toEqual(refused);
    expect(await upload(emma, documentId, PDF, 'noextension')).toEqual(refused);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, documentId));
    expect(row).toMatchObject({ fileName: null, uploadedAt: null });
    expect(await storedFiles(documentId)).toEqual([]);
  });

  it('cuts off a file of 2 MB and a byte while receiving it, and takes one of exactly 2 MB', async () => {
    const documentId = (await emma.post('/api/storage/', { title: 'Big scan', user_id: id.emma })).body.id;
    const tooBig = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    tooBig.set(PDF);
    expect(await upload(emma, documentId, tooBig, 'big.pdf')).toEqual(refused);
    const limit = new Uint8Array(MAX_UPLOAD_BYTES);
    limit.set(PDF);
    expect((await upload(emma, documentId, limit, 'big.pdf')).body).toMatchObject({ size: MAX_UPLOAD_BYTES });
  });

  it('keeps a traversal name only as a clean name, never as a path', async () => {
    const document = await fileDocument(emma, id.emma, 'Traversal', {
      bytes: PDF,
      name: '../../etc/passwd.pdf',
    });
    expect(document.file_name).toBe('passwd.pdf');
    const file = await download(emma, document.id);
    expect(file.headers.get('content-disposition')).toBe(
      `inline; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
    );
  });

  it('replaces the file when one is uploaded again', async () => {
    const document = await fileDocument(emma, id.emma, 'Photo', { bytes: PDF, name: 'first.pdf' });
    const replaced = await upload(emma, document.id, PNG, 'second.png', 'image/png');
    expect(replaced.body).toMatchObject({
      file_name: 'second.png',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(new Uint8Array(await (await download(emma, document.id)).arrayBuffer())).toEqual(PNG);
  });
});

describe('downloads', () => {
  it('sends the original name per RFC 6266, nosniff, no caching and a sandbox; PDFs and pictures inline', async () => {
    const pdf = await fileDocument(emma, id.emma, 'Smlouva', {
      bytes: PDF,
      name: 'Smlouva č. 5.pdf',
    });
    const response = await download(emma, pdf.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Smlouva _. 5.pdf"; filename*=UTF-8''Smlouva%20%C4%8D.%205.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");

    const png = await fileDocument(emma, id.emma, 'Badge', { bytes: PNG, name: 'badge.png' });
    const picture = await download(emma, png.id);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('content-disposition')).toMatch(/^inline; filename="badge.png"/);
  });

  it('answers 404 for a record whose file never came', async () => {
    const documentId = (await emma.post('/api/storage/', { title: 'Pending', user_id: id.emma })).body.id;
    expect((await download(emma, documentId)).status).toBe(404);
  });
});

describe('no orphans', () => {
  it('lists no record whose upload failed, and removes the owner’s fileless records older than an hour', async () => {
    const ownerId = (await createUser(t.db, { companyId: acme })).id;
    const failed = (await hana.post('/api/storage/', { title: 'Failed upload', user_id: ownerId })).body.id;
    expect(await upload(hana, failed, text('not a pdf'), 'a.pdf')).toMatchObject({ status: 400 });
    expect((await list(hana, ownerId)).body).toEqual({ count: 0, next: null, results: [] });

    const start = t.clock.now();
    try {
      t.clock.advance(59 * 60 * 1000);
      const recent = await hana.post('/api/storage/', { title: 'Still uploading', user_id: ownerId });
      // Not an hour old yet: kept.
      expect(await recordIds(ownerId)).toEqual([failed, recent.body.id]);
      t.clock.advance(2 * 60 * 1000);
      const next = await fileDocument(hana, ownerId, 'Next one');
      // The failed one is an hour and a minute old now; the other fileless one, two minutes.
      expect(await recordIds(ownerId)).toEqual([recent.body.id, next.id]);
      const purged = (await auditRows(failed)).find((row) => row.action === 'document.purge');
      expect(purged).toMatchObject({
        actorId: null,
        subjectUserId: ownerId,
        before: { title: 'Failed upload' },
      });
    } finally {
      t.clock.set(start);
    }
  });

  it('deletes the bytes with the record', async () => {
    const document = await fileDocument(emma, id.emma, 'To remove');
    expect(await storedFiles(document.id)).toHaveLength(1);
    expect((await emma.delete(`/api/storage/${document.id}/`)).status).toBe(204);
    expect(await storedFiles(document.id)).toEqual([]);
    expect(await t.db.select().from(documents).where(eq(documents.id, document.id))).toEqual([]);
  });
});

describe('listing', () => {
  let ownerId: number;
  beforeAll(async () => {
    ownerId = (await createUser(t.db, { companyId: acme })).id;
    for (let i = 1; i <= 12; i++) {
      await fileDocument(hana, ownerId, `Document ${i}`, undefined, {
        category: i <= 3 ? acmeItem.contracts : acmeItem.payroll,
        type: i % 2 ? acmeItem.scan : acmeItem.original,
      });
    }
  });

  it('pages 10 at a time, newest first, with the next page of the same person', async () => {
    const first = await list(hana, ownerId);
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(DOCUMENTS_PAGE_SIZE);
    expect(first.body.results[0].title).toBe('Document 12');
    expect(first.body.next).toBe(`/api/storage/?user_id=${ownerId}&page=2&page_size=10`);
    const second = await hana.get(first.body.next);
    expect(second.body.results.map((d: { title: string }) => d.title)).toEqual(['Document 2', 'Document 1']);
    expect(second.body.next).toBeNull();
  });

  it('filters by category and type, and keeps the filters in the next page', async () => {
    const contracts = await list(hana, ownerId, `&category=${acmeItem.contracts}`);
    expect(contracts.body.results.map((d: { title: string }) => d.title)).toEqual([
      'Document 3',
      'Document 2',
      'Document 1',
    ]);
    const scans = await list(hana, ownerId, `&category=${acmeItem.contracts}&type=${acmeItem.scan}`);
    expect(scans.body.results.map((d: { title: string }) => d.title)).toEqual(['Document 3', 'Document 1']);
    const payroll = await list(hana, ownerId, `&category=${acmeItem.payroll}&page_size=5`);
    expect(payroll.body.count).toBe(9);
    expect(payroll.body.next).toBe(
      `/api/storage/?user_id=${ownerId}&category=${acmeItem.payroll}&page=2&page_size=5`,
    );
  });

  it("refuses a filter of another company's dictionary or of the wrong dictionary, naming the field", async () => {
    expect(await list(hana, ownerId, `&category=${otherItem.contracts}`)).toMatchObject({
      status: 422,
      body: { missing_fields: { category: ['There is no such document category'] } },
    });
    expect(await list(hana, ownerId, `&type=${acmeItem.contracts}`)).toMatchObject({
      status: 422,
      body: { missing_fields: { type: ['There is no such document type'] } },
    });
    expect((await list(hana, ownerId, '&page=zero')).status).toBe(422);
    expect((await hana.get('/api/storage/')).body.missing_fields).toHaveProperty('user_id');
  });
});

describe('forms', () => {
  it('takes POST and PATCH as a browser form as well as JSON', async () => {
    const created = await sendForm(emma, 'POST', '/api/storage/', {
      title: 'From a form',
      user_id: String(id.emma),
      category: String(acmeItem.payroll),
      type: '',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { title: 'From a form', category: { id: acmeItem.payroll }, type: null },
    });
    const documentId = created.body.id;
    const patched = await sendForm(emma, 'PATCH', `/api/storage/${documentId}/`, {
      id: String(documentId),
      user_id: String(id.emma),
      title: 'Renamed in a form',
      type: String(acmeItem.scan),
    });
    expect(patched).toMatchObject({
      status: 200,
      body: { title: 'Renamed in a form', category: { id: acmeItem.payroll }, type: { id: acmeItem.scan } },
    });
    const cleared = await emma.patch(`/api/storage/${documentId}/`, { category: null });
    expect(cleared.body).toMatchObject({ category: null, type: { id: acmeItem.scan } });
  });

  it('names the field of a form that is wrong', async () => {
    const untitled = await sendForm(emma, 'POST', '/api/storage/', { title: '  ', user_id: String(id.emma) });
    expect(untitled).toMatchObject({
      status: 422,
      body: { missing_fields: { title: ['title is required'] } },
    });
    expect((await emma.post('/api/storage/', { user_id: id.emma })).body.missing_fields).toHaveProperty(
      'title',
    );
    expect(
      (await emma.post('/api/storage/', { title: 'x'.repeat(201), user_id: id.emma })).body.missing_fields,
    ).toHaveProperty('title');
    const withFile = await sendForm(
      emma,
      'POST',
      '/api/storage/',
      { title: 'With a file', user_id: String(id.emma) },
      { bytes: PDF, name: 'a.pdf' },
    );
    expect(withFile.status).toBe(422);
    expect(withFile.body.missing_fields).toHaveProperty('file');
    expect(
      await emma.post('/api/storage/', { title: 'Foreign', user_id: id.emma, category: otherItem.contracts }),
    ).toMatchObject({
      status: 422,
      body: { missing_fields: { category: ['There is no such document category'] } },
    });
    expect(
      await emma.post('/api/storage/', { title: 'Foreign', user_id: id.emma, type: otherItem.scan }),
    ).toMatchObject({ status: 422, body: { missing_fields: { type: ['There is no such document type'] } } });
  });

  it('keeps a document with its owner and its id when patched', async () => {
    const documentId = (await emma.post('/api/storage/', { title: 'Mine', user_id: id.emma })).body.id;
    expect(
      (await emma.patch(`/api/storage/${documentId}/`, { user_id: id.sam, title: 'Yours' })).body
        .missing_fields,
    ).toEqual({ user_id: ['A document stays with its owner'] });
    expect(
      (await emma.patch(`/api/storage/${documentId}/`, { id: documentId + 1, title: 'Other' })).body
        .missing_fields,
    ).toEqual({ id: ['This is another document'] });
    expect(
      (await emma.patch(`/api/storage/${documentId}/`, { category: otherItem.contracts })).body
        .missing_fields,
    ).toEqual({ category: ['There is no such document category'] });
    expect((await emma.patch(`/api/storage/${documentId}/`, { title: '' })).status).toBe(422);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, documentId));
    expect(row).toMatchObject({ title: 'Mine', userId: id.emma, categoryId: null });
  });
});

describe('audit', () => {
  it('logs create, update with the changed values, upload, HR’s download and removal, in order', async () => {
    const created = await hana.post('/api/storage/', {
      title: 'Audited',
      user_id: id.emma,
      category: acmeItem.contracts,
    });
    const documentId = created.body.id;
    await upload(hana, documentId, PDF, 'audited.pdf');
    await hana.patch(`/api/storage/${documentId}/`, { title: 'Audited twice', category: acmeItem.contracts });
    await upload(emma, documentId, PNG, 'photo.png', 'image/png');
    expect((await download(hana, documentId)).status).toBe(200);
    expect((await download(emma, documentId)).status).toBe(200);
    expect((await emma.delete(`/api/storage/${documentId}/`)).status).toBe(204);

    const rows = await auditRows(documentId);
    const common = {
      companyId: acme,
      subjectUserId: id.emma,
      entity: 'document',
      entityId: String(documentId),
    };
    expect(rows.map(({ id: _, at: __, ...row }) => row)).toEqual([
      {
        ...common,
        action: 'document.create',
        actorId: id.hana,
        before: null,
        after: { title: 'Audited', category: acmeItem.contracts, type: null },
      },
      {
        ...common,
        action: 'document.upload',
        actorId: id.hana,
        before: null,
        after: { file_name: 'audited.pdf', content_type: 'application/pdf', size: PDF.length },
      },
      // Only the title changed; the category sent again is not a change.
      {
        ...common,
        action: 'document.update',
        actorId: id.hana,
        before: { title: 'Audited' },
        after: { title: 'Audited twice' },
      },
      {
        ...common,
        action: 'document.upload',
        actorId: id.emma,
        before: { file_name: 'audited.pdf', content_type: 'application/pdf', size: PDF.length },
        after: { file_name: 'photo.png', content_type: 'image/png', size: PNG.length },
      },
      // HR's download is logged; the owner's own is not.
      { ...common, action: 'document.download', actorId: id.hana, before: null, after: null },
      {
        ...common,
        action: 'document.delete',
        actorId: id.emma,
        before: {
          title: 'Audited twice',
          category: acmeItem.contracts,
          type: null,
          file_name: 'photo.png',
          size: PNG.length,
        },
        after: null,
      },
    ]);
    expect(rows.every((row) => row.at.toISOString() === '2026-11-20T09:00:00.000Z')).toBe(true);
  });

  it('logs nothing for a refused call or a change that changes nothing', async () => {
    const document = await fileDocument(emma, id.emma, 'Quiet');
    const before = (await auditRows(document.id)).length;
    await sam.patch(`/api/storage/${document.id}/`, { title: 'Sneaky' });
    await download(sam, document.id);
    await upload(emma, document.id, text('nope'), 'nope.pdf');
    await emma.patch(`/api/storage/${document.id}/`, { title: 'Quiet' });
    expect(await auditRows(document.id)).toHaveLength(before);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.actorId, id.sam),
            inArray(auditLog.action, ['document.update', 'document.download']),
          ),
        ),
    ).toEqual([]);
  });
});
