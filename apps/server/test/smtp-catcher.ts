import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string; subject: string; body: string };

/** Quoted-printable text read back: soft line breaks joined, escaped bytes decoded as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The body of a plain-text mail, read back from quoted-printable when it was written so. */
function plainBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return /^Content-Transfer-Encoding: quoted-printable/im.test(raw) ? decodeQuotedPrintable(body) : body;
}

/**
 * A real SMTP server in the test process that keeps every mail it receives; with `refuses`, it refuses
 * the recipients that match (550, as a server refuses an unknown mailbox).
 */
export async function startSmtpCatcher({ refuses }: { refuses?: (address: string) => boolean } = {}) {
  const mails: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The app's pooled connections stay open after their mail: closing, the catcher ends them at once.
    closeTimeout: 50,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (!refuses?.(address.address)) return callback();
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          body: plainBody(raw),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a server process a test kills) resets its connection, which
  // smtp-server reports as an 'error' event: without a listener that would crash the test run. Any other
  // error still does.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /**
   * Waits for the latest mail to an address among those after the first `since` (of those that `matches`),
   * up to `timeoutMs`.
   */
  async function waitFor(
    to: string,
    since = 0,
    timeoutMs = 5000,
    matches: (mail: CaughtMail) => boolean = () => true,
  ): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.slice(since).findLast((m) => m.to.includes(to) && matches(m));
      if (mail) return mail;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** How many SMTP connections were opened to it. */
    connections: () => connections,
    waitFor,
    /**
     * The 6-digit code of the latest login mail to an address (a request's notice to the same person
     * may arrive in between: it is passed over).
     */
    async codeFor(to: string, since = 0) {
      const mail = await waitFor(to, since, undefined, (m) => LOGIN_CODE.test(m.subject));
      return LOGIN_CODE.exec(mail.subject)?.[1] as string;
    },
    /** Ends every open connection as a server does that closes its idle ones (421, then hang up). */
    dropConnections() {
      for (const connection of server.connections) {
        connection.send(421, 'Idle for too long, closing');
        connection.close();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LOGIN_CODE = /\b(\d{6})\b/;

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
