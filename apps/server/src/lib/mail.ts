import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Whether a mail handed over now would be refused, so many are still waiting to be sent. */
  full(): boolean;
};

type Log = { info(obj: object, msg: string): void };

/** Mails handed to SMTP and not yet sent, beyond which another is refused at once (createMailer). */
export const MAX_PENDING_MAILS = 1000;

/**
 * SMTP when a URL is configured; otherwise every mail goes to the server log (development only).
 *
 * Login codes are mailed without waiting (an answer must not tell a known address from an unknown one),
 * so requests arriving faster than SMTP delivers would queue mails in memory without end: some 6,000 in
 * the bench's login scenario on PGlite, ~30 MB (docs/performance.md, eighteenth pass). With
 * `maxPending` mails waiting, another is refused at once and its sender logs it; the login code request
 * asks `full()` first and answers every address alike that it cannot send codes for now.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: Log;
  maxPending?: number;
}): Mailer {
  const { smtpUrl, from, log, maxPending = MAX_PENDING_MAILS } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, `Mail not sent (SMTP_URL is unset):\n${mail.text}`);
      },
      full: () => false,
    };
  }
  // Pooled: up to five connections kept open while mail flows and closed after a minute without any.
  // A connection per mail cost each login code a TCP connection and an SMTP greeting, more of the login
  // request's time than its statements (docs/performance.md). `?pool=false` in the URL turns it off.
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, idleTimeout: 60_000 });
  let pending = 0;
  const full = () => pending >= maxPending;
  return {
    async send(mail) {
      if (full()) throw new Error(`${pending} mails are waiting to be sent`);
      pending++;
      try {
        await transport.sendMail({ from, ...mail });
      } finally {
        pending--;
      }
    },
    full,
  };
}
