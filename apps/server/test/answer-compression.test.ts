import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../../scripts/seed/index';
import { COMPRESS_FROM, chosenEncoding } from '../src/lib/answer-compression';
import type { HttpClient } from './http-client';
import { addDepartments } from './structure-fixtures';
import { createTestApp, type TestApp } from './test-app';

describe('chosenEncoding', () => {
  it('prefers Brotli, then gzip, and takes neither when the client does not', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenEncoding('gzip, deflate')).toBe('gzip');
    expect(chosenEncoding('deflate')).toBeNull();
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
    expect(chosenEncoding('')).toBeNull();
  });

  it('reads weights: q=0 refuses a coding, * stands for the ones not named', () => {
    expect(chosenEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chosenEncoding('BR; Q=0.1')).toBe('br');
    expect(chosenEncoding('*')).toBe('br');
    expect(chosenEncoding('br;q=0, *;q=0.3')).toBe('gzip');
    expect(chosenEncoding('*;q=0')).toBeNull();
    expect(chosenEncoding('gzip;q=oops')).toBeNull();
  });
});

describe('API answers', () => {
  let t: TestApp;
  let hr: HttpClient;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.db, { info: () => {} }, new Date('2026-11-20T09:00:00Z'));
    // A Department dictionary of a large company: 600 departments under the first division.
    await addDepartments(t.db, 600, 'Department number');
    hr = await t.login('hr@demo.test');
  });
  afterAll(() => t?.close());

  const get = (path: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: path,
      headers: {
        cookie: hr.cookieHeader(),
        ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
      },
    });
  const LARGE = '/api/dictionaries/Department/';

  it('sends a large answer compressed with Brotli or gzip, as the client takes, the same answer once decoded', async () => {
    const plain = await get(LARGE);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM);
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    const br = await get(LARGE, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(LARGE, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const refused = await get(LARGE, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('sends a small answer as it is, whatever the client takes', async () => {
    const session = await get('/api/auth/session/', 'gzip, deflate, br');
    expect(session.statusCode).toBe(200);
    expect(session.rawPayload.length).toBeLessThan(COMPRESS_FROM);
    expect(session.headers['content-encoding']).toBeUndefined();
    expect(session.json().user.email).toBe('hr@demo.test');
  });

  it('is decoded by a browser-like client without it noticing', async () => {
    const response = await hr.get(LARGE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(response.body.results.length).toBeGreaterThan(600);
  });
});
