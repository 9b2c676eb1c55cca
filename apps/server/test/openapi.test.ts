import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the API description', () => {
  it('publishes OpenAPI for every route at /api/docs, generated from the contracts', async () => {
    const spec = await t.client().get('/api/docs/json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const path of [
      '/api/auth/request-code/',
      '/api/auth/check-code/',
      '/api/auth/session/',
      '/api/roles/permissions/',
    ]) {
      expect(routes).toContain(path);
      expect(spec.body.paths[path], path).toBeDefined();
    }
    const email =
      spec.body.paths['/api/auth/request-code/'].post.requestBody.content['application/json'].schema;
    expect(email.required).toEqual(['email']);
    const viewer = await t.client().get('/api/docs/');
    expect(viewer.status).toBe(200);
    expect(viewer.text).toContain('swagger');
  });
});

describe('security headers', () => {
  it('sends a content security policy and nosniff on API answers', async () => {
    const response = await t.client().get('/api/auth/csrf/');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
