import { GROUP_HR } from '@atrium/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let hr: HttpClient;
let ann: HttpClient;
let bob: HttpClient;
let stranger: HttpClient;
const ids: Record<string, number> = {};

/** Sends one file as a browser form does. */
async function upload(client: HttpClient, path: string, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  const headers: Record<string, string> = {
    cookie: client.cookieHeader(),
    'x-csrftoken': client.cookies.get('csrftoken') ?? '',
  };
  const response = await fetch(t.baseUrl + path, { method: 'POST', body: form, headers });
  return { status: response.status, body: (await response.json()) as { avatar?: string; error?: string } };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4c6ef5' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db, 'Pictures Ltd');
  const other = await createCompany(t.db, 'Elsewhere');
  ids.hr = (
    await createUser(t.db, { companyId: company.id, email: 'hr@pictures.test', groups: [GROUP_HR] })
  ).id;
  ids.ann = (await createUser(t.db, { companyId: company.id, email: 'ann@pictures.test' })).id;
  ids.bob = (await createUser(t.db, { companyId: company.id, email: 'bob@pictures.test' })).id;
  ids.stranger = (await createUser(t.db, { companyId: other.id, email: 'stranger@elsewhere.test' })).id;
  hr = await t.login('hr@pictures.test');
  ann = await t.login('ann@pictures.test');
  bob = await t.login('bob@pictures.test');
  stranger = await t.login('stranger@elsewhere.test');
});
afterAll(() => t?.close());

describe('avatars', () => {
  it('re-encodes an uploaded picture into 512 px and 96 px squares and serves them with caching', async () => {
    const uploaded = await upload(
      ann,
      '/api/users/profile/upload-avatar/',
      await png(800, 600),
      'me.png',
      'image/png',
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.avatar).toMatch(new RegExp(`^/api/users/${ids.ann}/avatar/\\?v=`));
    const response = await fetch(t.baseUrl + uploaded.body.avatar, {
      headers: { cookie: `sessionid=${bob.cookies.get('sessionid')}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    const small = await fetch(`${t.baseUrl + uploaded.body.avatar}&size=small`, {
      headers: { cookie: `sessionid=${bob.cookies.get('sessionid')}` },
    });
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(96);
    expect((await bob.get(`/api/users/${ids.ann}/`)).body.avatar).toBe(uploaded.body.avatar);
    const again = await fetch(t.baseUrl + uploaded.body.avatar, {
      headers: {
        cookie: `sessionid=${bob.cookies.get('sessionid')}`,
        'if-none-match': response.headers.get('etag') ?? '',
      },
    });
    expect(again.status).toBe(304);
  });

  it.each([
    ['text named .png', () => new TextEncoder().encode('hello, I am not a picture'), 'fake.png', 'image/png'],
    [
      'an SVG',
      () =>
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
    ['a truncated PNG', async () => (await png(64, 64)).subarray(0, 40), 'cut.png', 'image/png'],
    [
      'a 3 MB file',
      async () => new Uint8Array([...(await png(8, 8)), ...new Uint8Array(3 * 1024 * 1024)]),
      'big.png',
      'image/png',
    ],
  ])('refuses %s with "Image file is not valid"', async (_, make, name, type) => {
    const response = await upload(ann, '/api/users/profile/upload-avatar/', await make(), name, type);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Image file is not valid' });
  });

  it("lets HR upload someone's avatar, and nobody else", async () => {
    const picture = await png(100, 100);
    const byHr = await upload(
      hr,
      `/api/users/profile/upload-avatar/${ids.bob}/`,
      picture,
      'bob.png',
      'image/png',
    );
    expect(byHr.status).toBe(200);
    expect(
      (await upload(ann, `/api/users/profile/upload-avatar/${ids.bob}/`, picture, 'b.png', 'image/png'))
        .status,
    ).toBe(403);
    expect(
      (await upload(stranger, `/api/users/profile/upload-avatar/${ids.bob}/`, picture, 'b.png', 'image/png'))
        .status,
    ).toBe(404);
  });

  it("finds a colleague's avatar by e-mail, and nothing for strangers or unknown addresses", async () => {
    const own = (await ann.get(`/api/users/${ids.ann}/`)).body.avatar;
    expect((await bob.get('/api/users/profile/get_avatar/?email=ANN@pictures.test')).body).toEqual({
      avatar: own,
    });
    expect((await stranger.get('/api/users/profile/get_avatar/?email=ann@pictures.test')).body).toEqual({
      avatar: null,
    });
    expect((await bob.get('/api/users/profile/get_avatar/?email=nobody@x.test')).body).toEqual({
      avatar: null,
    });
    expect((await stranger.get(`/api/users/${ids.ann}/avatar/`)).status).toBe(404);
    expect((await t.client().get(`/api/users/${ids.ann}/avatar/`)).status).toBe(401);
    expect((await bob.get('/api/users/profile/get_avatar/')).status).toBe(422);
  });
});
