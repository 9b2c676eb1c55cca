import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme: Eddie holds create_posts, Ann is an employee. Other Ltd: Olga holds create_posts there, which
 * makes her a stranger to Acme's posts.
 */
let t: TestApp;
let eddie: HttpClient;
let ann: HttpClient;
let olga: HttpClient;
let acme: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await createCompany(t.db, 'Acme')).id;
  other = (await createCompany(t.db, 'Other Ltd')).id;
  await createUser(t.db, { companyId: acme, email: 'eddie@acme.test', rights: ['create_posts'] });
  await createUser(t.db, { companyId: acme, email: 'ann@acme.test' });
  await createUser(t.db, { companyId: other, email: 'olga@other.test', rights: ['create_posts'] });
  eddie = await t.login('eddie@acme.test');
  ann = await t.login('ann@acme.test');
  olga = await t.login('olga@other.test');
});
afterAll(() => t?.close());

async function publish(title = 'Hello', body = 'Some *news*', client = eddie) {
  const response = await client.post('/api/posts/', { title, body });
  expect(response.status).toBe(201);
  return response.body as { id: number; chat: number; [key: string]: unknown };
}

/** Sends one file as a browser form does. */
async function upload(client: HttpClient, path: string, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  const response = await fetch(t.baseUrl + path, {
    method: 'POST',
    body: form,
    headers: {
      cookie: client.cookieHeader(),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    },
  });
  return { status: response.status, body: (await response.json()) as { cover?: string; error?: string } };
}

describe('posts', () => {
  it('answers 401 without a session', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    expect((await anonymous.get('/api/posts/')).status).toBe(401);
    expect((await anonymous.post('/api/posts/', { title: 'x' })).status).toBe(401);
  });

  it('lets a post editor publish, with author, chat and the viewer’s abilities', async () => {
    const post = await publish('  Welcome  ', 'Hello **all**');
    expect(post).toMatchObject({
      title: 'Welcome',
      body: 'Hello **all**',
      body_html: '<p>Hello <strong>all</strong></p>\n',
      cover: null,
      author: { first_name: expect.any(String), job_position_name: 'N/A' },
      company: acme,
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T09:00:00.000Z',
      chat: expect.any(Number),
      comments_count: 0,
      likes_count: 0,
      liked: false,
      can_edit: true,
    });
    const read = await ann.get(`/api/posts/${post.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: post.id, can_edit: false });
    expect((await ann.get(`/api/chats/${post.chat}/`)).body).toEqual({
      id: post.chat,
      messages: [],
      earlier: 0,
      comments_count: 0,
    });
  });

  it('refuses titles empty after trimming or over 200 characters, and bodies over 20,000', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await eddie.post('/api/posts/', body);
      expect(response.status).toBe(422);
      return response.body.missing_fields;
    };
    expect(await refused({ body: 'x' })).toEqual({ title: ['Title is required'] });
    expect(await refused({ title: '   ' })).toEqual({ title: ['Title is required'] });
    expect(await refused({ title: 'x'.repeat(201) })).toEqual({
      title: ['Title must be at most 200 characters'],
    });
    expect(await refused({ title: 'ok', body: 'x'.repeat(20_001) })).toEqual({
      body: ['Body must be at most 20,000 characters'],
    });
    expect(await refused({ title: 'ok', author: 1 })).toEqual({ author: ['Unknown field'] });
    await publish('x'.repeat(200), 'x'.repeat(20_000));
    const post = await publish();
    const patched = await eddie.patch(`/api/posts/${post.id}/`, { title: ' ' });
    expect(patched.status).toBe(422);
    expect(patched.body.missing_fields).toEqual({ title: ['Title is required'] });
  });

  it('lets only post editors of the post’s company create, edit and delete (403), and hides other companies’ posts (404)', async () => {
    const post = await publish();
    expect((await ann.post('/api/posts/', { title: 'Mine' })).status).toBe(403);
    expect((await ann.patch(`/api/posts/${post.id}/`, { title: 'Mine' })).status).toBe(403);
    expect((await ann.delete(`/api/posts/${post.id}/`)).status).toBe(403);
    expect((await olga.post('/api/posts/', { title: 'Into Acme', company: acme })).status).toBe(404);
    expect((await olga.get(`/api/posts/${post.id}/`)).status).toBe(404);
    expect((await olga.patch(`/api/posts/${post.id}/`, { title: 'Mine' })).status).toBe(404);
    expect((await olga.delete(`/api/posts/${post.id}/`)).status).toBe(404);
    expect((await olga.post(`/api/posts/${post.id}/like/`)).status).toBe(404);
    expect((await olga.get(`/api/posts/?company=${acme}`)).status).toBe(404);
    expect((await ann.get('/api/posts/999999/')).status).toBe(404);
  });

  it('edits a post and then deletes it with its chat', async () => {
    const post = await publish();
    t.clock.advance(60_000);
    const patched = await eddie.patch(`/api/posts/${post.id}/`, { body: '# Changed' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Hello',
      body: '# Changed',
      body_html: '<h1>Changed</h1>\n',
      updated_at: '2026-11-20T09:01:00.000Z',
      created_at: '2026-11-20T09:00:00.000Z',
    });
    expect((await eddie.delete(`/api/posts/${post.id}/`)).status).toBe(204);
    expect((await ann.get(`/api/posts/${post.id}/`)).status).toBe(404);
    expect((await ann.get(`/api/chats/${post.chat}/`)).status).toBe(404);
  });

  it('lists a company’s posts newest first, 10 a page', async () => {
    const olgas = [];
    for (let i = 0; i < 11; i++) {
      t.clock.advance(1000);
      olgas.push((await publish(`Other ${i}`, '', olga)).id);
    }
    const first = await olga.get('/api/posts/');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(11);
    expect(first.body.results.map((p: { id: number }) => p.id)).toEqual(olgas.slice(1).reverse());
    expect(first.body.next).toBe(`/api/posts/?company=${other}&page=2`);
    const second = await olga.get(first.body.next);
    expect(second.body.results.map((p: { id: number }) => p.id)).toEqual([olgas[0]]);
    expect(second.body.next).toBeNull();
    // Acme's feed holds none of them.
    const acmeFeed = await ann.get(`/api/posts/?company=${acme}`);
    expect(acmeFeed.body.results.every((p: { company: number }) => p.company === acme)).toBe(true);
    // A page past the last is empty, with the count still right.
    expect((await olga.get('/api/posts/?page=3')).body).toMatchObject({ count: 11, next: null, results: [] });
  });

  it('shows each reader of the feed their own like and whether they may edit', async () => {
    const post = await publish('Liked');
    await ann.post(`/api/posts/${post.id}/like/`);
    const seen = async (reader: HttpClient) =>
      (await reader.get(`/api/posts/?company=${acme}`)).body.results.find(
        (p: { id: number }) => p.id === post.id,
      );
    expect(await seen(ann)).toMatchObject({ liked: true, likes_count: 1, can_edit: false });
    expect(await seen(eddie)).toMatchObject({ liked: false, likes_count: 1, can_edit: true });
  });

  it('counts likes once per person, liking and unliking idempotently', async () => {
    const post = await publish();
    expect((await ann.post(`/api/posts/${post.id}/like/`)).body).toMatchObject({
      likes_count: 1,
      liked: true,
    });
    expect((await ann.post(`/api/posts/${post.id}/like/`)).body).toMatchObject({
      likes_count: 1,
      liked: true,
    });
    expect((await eddie.post(`/api/posts/${post.id}/like/`)).body).toMatchObject({ likes_count: 2 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => ann.post(`/api/posts/${post.id}/like/`)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await ann.get(`/api/posts/${post.id}/`)).body).toMatchObject({ likes_count: 2, liked: true });
    expect((await ann.delete(`/api/posts/${post.id}/like/`)).body).toMatchObject({
      likes_count: 1,
      liked: false,
    });
    expect((await ann.delete(`/api/posts/${post.id}/like/`)).body).toMatchObject({
      likes_count: 1,
      liked: false,
    });
  });

  it('stores script in titles and bodies as typed and serves body_html inert', async () => {
    const title = '<script>alert("title")</script>';
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(2)>',
      '[click](javascript:alert(3)) [also](JAVASCRIPT:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=)',
      '[fine](https://example.com) and mailto:someone@example.com',
    ].join('\n\n');
    const post = await publish(title, body);
    const read = (await ann.get(`/api/posts/${post.id}/`)).body;
    expect(read.title).toBe(title);
    expect(read.body).toBe(body);
    const html: string = read.body_html;
    // Every tag is one Markdown makes, and every link goes to https or mailto.
    const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
    expect(new Set(tags.map((tag) => tag[1]))).toEqual(new Set(['p', 'a']));
    for (const [, , attributes] of tags.filter((tag) => tag[1] === 'a')) {
      expect(attributes).toMatch(/^ href="(https:|mailto:)[^"]*" target="_blank" rel="noopener noreferrer"$/);
    }
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">fine</a>',
    );
    expect(html).toContain('<a href="mailto:someone@example.com" target="_blank" rel="noopener noreferrer">');
  });
});

describe('the editor preview', () => {
  it("renders a body exactly as a saved post's body_html, for post editors only", async () => {
    const body = '**Bold** and [a link](https://example.com) and <script>alert(1)</script>';
    const preview = await eddie.post('/api/posts/preview/', { body });
    expect(preview.status).toBe(200);
    const saved = await publish('Preview check', body);
    expect(preview.body.body_html).toBe(saved.body_html);
    expect(preview.body.body_html).toContain('<strong>Bold</strong>');
    expect(preview.body.body_html).not.toContain('<script>');
    expect((await ann.post('/api/posts/preview/', { body })).status).toBe(403);
    const tooLong = await eddie.post('/api/posts/preview/', { body: 'x'.repeat(20_001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.missing_fields.body).toBeTruthy();
  });
});

describe('post covers', () => {
  const png = () =>
    sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#4c6ef5' } })
      .png()
      .toBuffer();

  it('re-encodes a cover to WebP within 1600 px and serves it with caching', async () => {
    const post = await publish();
    const uploaded = await upload(eddie, `/api/posts/${post.id}/cover/`, await png(), 'c.png', 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.cover).toMatch(new RegExp(`^/api/posts/${post.id}/cover/\\?v=`));
    const cookie = `sessionid=${ann.cookies.get('sessionid')}`;
    const image = await fetch(t.baseUrl + uploaded.body.cover, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    const again = await fetch(t.baseUrl + uploaded.body.cover, {
      headers: { cookie, 'if-none-match': image.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    const stranger = await fetch(t.baseUrl + uploaded.body.cover, {
      headers: { cookie: `sessionid=${olga.cookies.get('sessionid')}` },
    });
    expect(stranger.status).toBe(404);

    const removed = await eddie.delete(`/api/posts/${post.id}/cover/`);
    expect(removed.body.cover).toBeNull();
    expect((await ann.get(`/api/posts/${post.id}/cover/`)).status).toBe(404);
  });

  it('refuses what is not a real picture, pictures over 2 MB, and people who may not edit', async () => {
    const post = await publish();
    const path = `/api/posts/${post.id}/cover/`;
    const invalid = { error: 'Image file is not valid' };
    const text = new TextEncoder().encode('not a picture');
    expect(await upload(eddie, path, text, 'fake.png', 'image/png')).toEqual({ status: 400, body: invalid });
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await upload(eddie, path, svg, 'x.svg', 'image/svg+xml')).toEqual({ status: 400, body: invalid });
    const truncated = (await png()).subarray(0, 200);
    expect(await upload(eddie, path, truncated, 'cut.png', 'image/png')).toEqual({
      status: 400,
      body: invalid,
    });
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(await png());
    expect(await upload(eddie, path, huge, 'big.png', 'image/png')).toEqual({ status: 400, body: invalid });
    expect((await upload(ann, path, await png(), 'c.png', 'image/png')).status).toBe(403);
    expect((await upload(olga, path, await png(), 'c.png', 'image/png')).status).toBe(404);
    expect((await ann.get(`/api/posts/${post.id}/`)).body.cover).toBeNull();
  });
});
