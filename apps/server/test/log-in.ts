import type { HttpClient } from './http-client';
import type { SmtpCatcher } from './smtp-catcher';

/** Logs a client in through the mailed code, as a browser does: CSRF token, code by mail, check. */
export async function logIn(client: HttpClient, smtp: SmtpCatcher, email: string) {
  const since = smtp.mails.length;
  await client.csrf();
  const requested = await client.post('/api/auth/request-code/', { email });
  if (requested.status !== 200) throw new Error(`request-code answered ${requested.status}`);
  const otp = await smtp.codeFor(email, since);
  const checked = await client.post('/api/auth/check-code/', { email, otp });
  if (checked.status !== 200) throw new Error(`check-code answered ${checked.status}`);
  return client;
}
