import type { Answer } from '../authz/world';
import type { HttpClient } from '../http-client';

/**
 * Sends a body as exact bytes, with the Content-Type given (none when null), from a client's session
 * and with its CSRF header: what a browser or a script could send, not only what JSON.stringify makes.
 */
export async function sendRaw(
  baseUrl: string,
  client: HttpClient,
  method: string,
  path: string,
  text?: string,
  contentType: string | null = 'application/json',
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (client.cookies.size) headers.cookie = client.cookieHeader();
  const csrf = client.cookies.get('csrftoken');
  if (csrf && method !== 'GET') headers['x-csrftoken'] = csrf;
  if (text !== undefined && contentType !== null) headers['content-type'] = contentType;
  // Bytes rather than a string, so that fetch adds no Content-Type of its own.
  const body = text === undefined ? undefined : Buffer.from(text, 'utf8');
  const response = await fetch(baseUrl + path, { method, headers, body, redirect: 'manual' });
  const answer = await response.text();
  let json: unknown;
  try {
    json = answer ? JSON.parse(answer) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text: answer, body: json };
}
