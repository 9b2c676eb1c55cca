import { describe, expect, it } from 'vitest';
import { composeMail, parseSender } from '../src/lib/mail-message';
import { decodeQuotedPrintable } from './smtp-catcher';

const sender = parseSender('Atrium <portal@example.test>');
const sentAt = new Date('2026-12-03T09:30:00Z');

/** The message's headers, unfolded, by name; and its body. */
function parts(raw: Buffer) {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of text
    .slice(0, split)
    .replace(/\r\n(?=[ \t])/g, '')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return { headers, body: text.slice(split + 4), lines: text.split('\r\n') };
}

/** Undoes RFC 2047 Q encoding, word by word. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) =>
    Buffer.from(
      word
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );

describe('a composed mail', () => {
  it('writes a plain ASCII mail as it is, in 7 bits, with the headers a mail server expects', () => {
    const { envelope, raw } = composeMail(
      sender,
      { to: 'ada@example.test', subject: 'Your Atrium login code: 123456', text: 'Hello Ada,\n\nYour code.' },
      sentAt,
    );
    expect(envelope).toEqual({ from: 'portal@example.test', to: ['ada@example.test'] });
    const { headers, body } = parts(raw);
    expect(Object.fromEntries(headers)).toEqual({
      From: 'Atrium <portal@example.test>',
      To: 'ada@example.test',
      Subject: 'Your Atrium login code: 123456',
      'Message-ID': expect.stringMatching(/^<[0-9a-f-]{36}@example\.test>$/),
      Date: 'Thu, 03 Dec 2026 09:30:00 +0000',
      'MIME-Version': '1.0',
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Transfer-Encoding': '7bit',
    });
    expect(body).toBe('Hello Ada,\r\n\r\nYour code.\r\n');
  });

  it('gives every mail a Message-ID of its own', () => {
    const mail = { to: 'ada@example.test', subject: 'x', text: 'x' };
    const id = (raw: Buffer) => parts(raw).headers.get('Message-ID');
    expect(id(composeMail(sender, mail).raw)).not.toBe(id(composeMail(sender, mail).raw));
  });

  it('encodes a subject and a text that are not ASCII, and they read back as written', () => {
    const subject = `Zoë Müller asks you to approve her vacation from 24 December to 6 January, all of it…`;
    const text = 'Hello Zoë,\n\nŁukasz approved your request — enjoy it.';
    const { raw } = composeMail(sender, { to: 'zoe@example.test', subject, text });
    const { headers, body, lines } = parts(raw);
    expect(headers.get('Subject')).toMatch(/^=\?UTF-8\?Q\?/);
    expect(decodeWords(headers.get('Subject') ?? '')).toBe(subject);
    expect(headers.get('Content-Transfer-Encoding')).toBe('quoted-printable');
    expect(decodeQuotedPrintable(body)).toBe(`${text.replace(/\n/g, '\r\n')}\r\n`);
    expect(raw.every((byte) => byte < 0x80)).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(76);
  });

  it('breaks a text line longer than 76 characters softly, and it reads back whole', () => {
    const text = `Open ${'https://portal.example.test/tasks?taskId=1'.repeat(4)} to see it.`;
    const { raw } = composeMail(sender, { to: 'ada@example.test', subject: 'Long', text });
    const { headers, body, lines } = parts(raw);
    expect(headers.get('Content-Transfer-Encoding')).toBe('quoted-printable');
    expect(decodeQuotedPrintable(body)).toBe(`${text}\r\n`);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(76);
  });

  it('encodes a subject that reads like an encoded word, so that a reader shows it as typed', () => {
    const subject = 'About =?UTF-8?Q?x?= in the form';
    const { raw } = composeMail(sender, { to: 'ada@example.test', subject, text: 'x' });
    expect(decodeWords(parts(raw).headers.get('Subject') ?? '')).toBe(subject);
  });

  it('keeps a subject on one header line and refuses a recipient that would add a header', () => {
    const { raw } = composeMail(sender, {
      to: 'ada@example.test',
      subject: 'Hello\r\nBcc: eve@example.test',
      text: 'x',
    });
    expect(parts(raw).headers.has('Bcc')).toBe(false);
    expect(parts(raw).headers.get('Subject')).toBe('Hello Bcc: eve@example.test');
    for (const to of [
      'ada@example.test\r\nBcc: eve@example.test',
      'Ada <ada@example.test>',
      'zoë@example.test',
      '',
    ])
      expect(() => composeMail(sender, { to, subject: 'x', text: 'x' })).toThrow('not a mailable address');
  });
});

describe('the sender read from MAIL_FROM', () => {
  it('keeps a plain name, quotes one with punctuation and encodes one that is not ASCII', () => {
    expect(parseSender('Atrium <no-reply@localhost>')).toEqual({
      header: 'Atrium <no-reply@localhost>',
      address: 'no-reply@localhost',
      domain: 'localhost',
    });
    expect(parseSender('"People, HR" <hr@example.test>').header).toBe('"People, HR" <hr@example.test>');
    const encoded = parseSender('Zoë’s portal <hr@example.test>').header;
    expect(encoded).toMatch(/^=\?UTF-8\?Q\?.*\?= <hr@example\.test>$/);
    expect(decodeWords(encoded)).toBe('Zoë’s portal <hr@example.test>');
    expect(parseSender('hr@example.test')).toMatchObject({
      header: 'hr@example.test',
      address: 'hr@example.test',
    });
  });

  it('refuses a value without an address', () => {
    for (const from of ['Atrium', 'Atrium <>', 'Atrium <portal>'])
      expect(() => parseSender(from)).toThrow('MAIL_FROM holds no address');
  });
});
