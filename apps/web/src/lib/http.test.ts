import type { CsrfResponse, OkBody } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { json, setCookie, stubApi } from '../test/fake-api';
import { ApiError, errorMessageFor, http } from './http';

describe('http', () => {
  it('fetches the CSRF token once when the cookie is missing, then echoes the cookie', async () => {
    const api = stubApi({ 'POST /api/things/': () => json(200, { ok: true }) });

    await Promise.all([http.post<OkBody>('/api/things/', { a: 1 }), http.post<OkBody>('/api/things/')]);
    await http.post<OkBody>('/api/things/');

    expect(api.callsTo('GET /api/auth/csrf/')).toHaveLength(1);
    const posts = api.callsTo('POST /api/things/');
    expect(posts.map((call) => call.headers.get('X-CSRFToken'))).toEqual(Array(3).fill('test-csrf-token'));
    const withBody = posts.filter((call) => call.body !== undefined);
    expect(withBody.map((call) => call.headers.get('Content-Type'))).toEqual(['application/json']);
    expect(posts.filter((call) => call.headers.has('Content-Type'))).toHaveLength(1);
  });

  it('uploads a form with the token, leaving its multipart type to fetch, and maps a refusal', async () => {
    const api = stubApi({
      'POST /api/files/': () => json(200, { ok: true }),
      'POST /api/files/bad/': () => json(400, { error: 'Image file is not valid' }),
    });
    const form = new FormData();
    form.append('file', new File(['x'], 'x.png', { type: 'image/png' }));

    await http.upload<OkBody>('/api/files/', form);
    const error = await http.upload<OkBody>('/api/files/bad/', form).catch((caught: unknown) => caught);

    const [upload] = api.callsTo('POST /api/files/');
    expect(upload?.body).toBe(form);
    expect(upload?.headers.get('X-CSRFToken')).toBe('test-csrf-token');
    expect(upload?.headers.has('Content-Type')).toBe(false);
    expect(error).toMatchObject({ status: 400, message: 'Image file is not valid' });
  });

  it('sends no token with a safe request', async () => {
    const api = stubApi();

    await http.get<CsrfResponse>('/api/auth/csrf/');

    expect(api.calls[0]?.headers.has('X-CSRFToken')).toBe(false);
  });

  it('turns an error body into an ApiError with its status and message', async () => {
    stubApi({ 'GET /api/things/1/': () => json(404, { error: 'Not found.' }) });

    const error = await http.get<OkBody>('/api/things/1/').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Not found.', fieldErrors: {} });
  });

  it('keeps the first message of each missing field', async () => {
    setCookie('csrftoken', 'set');
    stubApi({
      'POST /api/things/': () =>
        json(422, { missing_fields: { title: ['Title is required', 'Too short'], due: ['Bad date'] } }),
    });

    const error = await http.post<OkBody>('/api/things/', {}).catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      status: 422,
      fieldErrors: { title: 'Title is required', due: 'Bad date' },
    });
    expect(errorMessageFor(error, 'due')).toBe('Bad date');
    expect(errorMessageFor(error, 'other')).toBe('Title is required');
  });

  it('reports an unreachable server as status 0', async () => {
    stubApi({ 'GET /api/things/': () => Promise.reject(new TypeError('Failed to fetch')) });

    const error = await http.get<OkBody>('/api/things/').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 0 });
    expect(errorMessageFor(error, 'any')).toMatch(/cannot be reached/);
  });

  it('gives a readable message for an answer without a known body', async () => {
    stubApi({ 'GET /api/things/': () => new Response('<html>Bad gateway</html>', { status: 502 }) });

    const error = await http.get<OkBody>('/api/things/').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, message: 'The request failed (HTTP 502). Try again.' });
  });
});
