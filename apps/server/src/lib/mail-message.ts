import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, foldLines, hasLongerLines } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';

/** A plain-text mail to one address, as the portal writes them. */
export type Mail = { to: string; subject: string; text: string };

/** The sender, read once from MAIL_FROM: its From header and the bare address for the envelope. */
export type Sender = { header: string; address: string; domain: string };

/** A mail ready for SMTP: the envelope, its Message-ID and the whole message, headers and body. */
export type ComposedMail = { envelope: { from: string; to: string[] }; messageId: string; raw: Buffer };

const LINE = 76;

/** `Atrium <portal@example.com>` or a bare address; the name quoted or MIME-encoded as it needs. */
export function parseSender(from: string): Sender {
  const [parsed] = addressparser(from, { flatten: true });
  const address = parsed?.address ?? '';
  if (!isMailableAddress(address)) throw new Error(`MAIL_FROM holds no address: ${from}`);
  const name = parsed?.name ?? '';
  return {
    header: name ? `${encodeName(name)} <${address}>` : address,
    address,
    domain: address.slice(address.lastIndexOf('@') + 1),
  };
}

function encodeName(name: string) {
  if (/^[\w ]*$/.test(name)) return name;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/[\\"]/g, '\\$&')}"`;
  return encodeWord(name, 'Q', 52);
}

/**
 * A header's text as it is when it is plain ASCII, else MIME-encoded whole (as nodemailer does: some
 * readers drop the spaces around a lone encoded word). Text that reads like an encoded word is encoded
 * too, or a reader would decode what the portal wrote as it stands.
 */
function encodeText(text: string) {
  return /^[\t\x20-\x7e]*$/.test(text) && !text.includes('=?') ? text : encodeWord(text, 'Q', 52);
}

/** An address the headers can carry as it is: printable ASCII, no space, no bracket or comma. */
function isMailableAddress(address: string) {
  return /^[^\s<>,;"()\\]+@[^\s<>,;"()\\@]+$/.test(address) && /^[\x21-\x7e]+$/.test(address);
}

/**
 * The whole message of a plain-text mail, as nodemailer would write it (headers folded at 76, words
 * MIME-encoded where not ASCII, the text in 7 bits or quoted-printable), written here in one piece:
 * nodemailer's composer builds every mail through a chain of streams, which made it most of the API
 * thread's time when login codes flood in (docs/performance.md, twenty-ninth pass).
 */
export function composeMail(sender: Sender, mail: Mail, now = new Date()): ComposedMail {
  if (!isMailableAddress(mail.to)) throw new Error('the recipient is not a mailable address');
  const subject = mail.subject.replace(/\r\n|\r|\n/g, ' ');
  const text = mail.text.replace(/\r\n|\r|\n/g, '\r\n');
  const plain = /^[\t\r\n\x20-\x7e]*$/.test(text) && !hasLongerLines(text, LINE);
  const messageId = `<${randomUUID()}@${sender.domain}>`;
  const headers = [
    `From: ${sender.header}`,
    `To: ${mail.to}`,
    `Subject: ${encodeText(subject)}`,
    `Message-ID: ${messageId}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Transfer-Encoding: ${plain ? '7bit' : 'quoted-printable'}`,
  ].map((header) => foldLines(header, LINE));
  const body = plain ? text : wrapQuotedPrintable(quotedPrintable(text), LINE);
  return {
    envelope: { from: sender.address, to: [mail.to] },
    messageId,
    raw: Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}${body.endsWith('\r\n') ? '' : '\r\n'}`),
  };
}
