import { Readable } from 'node:stream';
import nodemailer, { type Transport } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import { type ComposedMail, composeMail, type Mail, parseSender } from './mail-message';

export type { Mail };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /**
   * Room for one mail, held until it is sent through the hold or released. While as many mails as the
   * mailer takes are unsent, waits up to `waitMs` for one of them to go; null when none went in time.
   */
  hold(waitMs: number): Promise<MailHold | null>;
};

/** Room for one mail: send through it once, or release it when there is nothing to send. */
export type MailHold = { send(mail: Mail): Promise<void>; release(): void };

/**
 * A hold that may be used once: `send` hands the mail to `deliver` (which gives the room back when the
 * mail has gone), `release` gives the room back at once. A second use throws: it would give back a room
 * twice and let one mail more wait than the bound.
 */
export function useOnceHold(deliver: (mail: Mail) => Promise<void>, giveBack: () => void): MailHold {
  let used = false;
  const use = () => {
    if (used) throw new Error('this mail hold has been used');
    used = true;
  };
  return {
    send(mail) {
      use();
      return deliver(mail);
    },
    release() {
      use();
      giveBack();
    },
  };
}

type Log = { info(obj: object, msg: string): void };

/** Mails handed to SMTP and not yet sent (with rooms held for one), beyond which another must wait. */
export const MAX_PENDING_MAILS = 200;

/** A mailer that hands every mail to `send` at once and always has room (the log, tests). */
export function unboundedMailer(send: (mail: Mail) => Promise<void>): Mailer {
  return { send, hold: async () => ({ send, release: () => {} }) };
}

/**
 * SMTP when a URL is configured; otherwise every mail goes to the server log (development only).
 *
 * Login codes are mailed without waiting (an answer must not tell a known address from an unknown one),
 * so requests arriving faster than SMTP delivers would queue mails in memory without end: some 6,000 in
 * the bench's login scenario on PGlite, ~30 MB (docs/performance.md, eighteenth pass). At most
 * `maxPending` mails wait, counting the rooms held for one: `send` refuses another at once, and `hold`
 * waits its turn, first come first served, so that a flood of login code requests is slowed to the pace
 * of SMTP rather than turned away (twentieth pass). As many may wait as may be pending; more are refused.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: Log;
  maxPending?: number;
}): Mailer {
  const { smtpUrl, from, log, maxPending = MAX_PENDING_MAILS } = options;
  if (!smtpUrl) {
    return unboundedMailer(async (mail) => {
      log.info({ to: mail.to, subject: mail.subject }, `Mail not sent (SMTP_URL is unset):\n${mail.text}`);
    });
  }
  // Pooled: up to five connections kept open while mail flows and closed after a minute without any.
  // A connection per mail cost each login code a TCP connection and an SMTP greeting, more of the login
  // request's time than its statements (docs/performance.md). `?pool=false` in the URL turns it off.
  const { transporter } = nodemailer.createTransport({ url: smtpUrl, pool: true, idleTimeout: 60_000 });
  const sender = parseSender(from);
  let pending = 0;
  /** Those waiting for room, oldest first; each is handed the room of a mail that went. */
  const waiting: Array<() => void> = [];

  const free = () => {
    const next = waiting.shift();
    if (next) next();
    else pending--;
  };
  const deliver = async (mail: Mail) => {
    try {
      await sendComposed(transporter, composeMail(sender, mail));
    } finally {
      free();
    }
  };
  const held = () => useOnceHold(deliver, free);

  return {
    async send(mail) {
      if (pending >= maxPending) throw new Error(`${pending} mails are waiting to be sent`);
      pending++;
      await deliver(mail);
    },
    async hold(waitMs) {
      if (pending < maxPending) {
        pending++;
        return held();
      }
      if (waiting.length >= maxPending) return null;
      return new Promise<MailHold | null>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(held());
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(wake), 1);
          resolve(null);
        }, waitMs);
        waiting.push(wake);
      });
    },
  };
}

/**
 * Hands a composed mail straight to nodemailer's SMTP transport (its pool, or one connection a mail),
 * which delivers it with its TLS, authentication, reconnecting and retrying. Through `sendMail` a
 * message written beforehand still went through nodemailer's mail object and MIME node, a chain of
 * streams: 0.17–0.23 ms of CPU a mail against 0.07 for the pool's own work, a quarter of a login code
 * request's time on the server (docs/performance.md, thirtieth pass). The transport reads no more of a
 * mail than this: its envelope, its Message-ID and a stream of its bytes, which the connection
 * dot-stuffs as it sends them.
 */
function sendComposed(transporter: Transport, mail: ComposedMail): Promise<void> {
  const message = {
    getEnvelope: () => mail.envelope,
    messageId: () => mail.messageId,
    getHeader: (name: string) => (name.toLowerCase() === 'message-id' ? mail.messageId : undefined),
    createReadStream: () => Readable.from([mail.raw]),
  };
  return new Promise((resolve, reject) => {
    transporter.send({ data: {}, message } as unknown as MailMessage, (err) =>
      err ? reject(err) : resolve(),
    );
  });
}
