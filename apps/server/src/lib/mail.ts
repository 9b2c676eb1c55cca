import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = { send(mail: Mail): Promise<void> };

type Log = { info(obj: object, msg: string): void };

/** SMTP when a URL is configured; otherwise every mail goes to the server log (development only). */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: Log }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, `Mail not sent (SMTP_URL is unset):\n${mail.text}`);
      },
    };
  }
  // Pooled: up to five connections kept open while mail flows and closed after a minute without any.
  // A connection per mail cost each login code a TCP connection and an SMTP greeting, more of the login
  // request's time than its statements (docs/performance.md). `?pool=false` in the URL turns it off.
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, idleTimeout: 60_000 });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
