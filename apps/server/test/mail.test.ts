import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../src/lib/mail';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-catcher';

const quiet = { info: () => {} };

/** The mailer under test, sending through `smtpUrl`, with its own bound of waiting mails if given. */
const mailerAt = (smtpUrl: string, maxPending?: number) =>
  createMailer({ smtpUrl, from: 'portal@example.test', log: quiet, ...(maxPending && { maxPending }) });

describe('the mailer', () => {
  let smtp: SmtpCatcher;
  beforeEach(async () => {
    smtp = await startSmtpCatcher();
  });
  afterEach(() => smtp.close());

  it('sends mail after mail over one kept connection rather than one each', async () => {
    const mailer = mailerAt(smtp.url);
    for (const to of ['ada@example.test', 'bo@example.test', 'cy@example.test'])
      await mailer.send({ to, subject: `Hello ${to}`, text: 'Hello' });
    expect(smtp.mails.map((mail) => mail.to)).toEqual([
      ['ada@example.test'],
      ['bo@example.test'],
      ['cy@example.test'],
    ]);
    expect(smtp.connections()).toBe(1);
  });

  it('delivers lines that begin with a dot as written, a lone dot included', async () => {
    const mailer = mailerAt(smtp.url);
    await mailer.send({ to: 'ada@example.test', subject: 'Dots', text: 'One\n.\n.two\n..three' });
    expect(smtp.mails[0]?.body).toBe('One\r\n.\r\n.two\r\n..three\r\n');
  });

  it('fails a mail whose recipient the server refuses, and sends the next over the same connection', async () => {
    const refusing = await startSmtpCatcher({ refuses: (address) => address === 'gone@example.test' });
    try {
      const mailer = mailerAt(refusing.url);
      await expect(mailer.send({ to: 'gone@example.test', subject: 'Lost', text: 'x' })).rejects.toThrow(
        /No such mailbox/,
      );
      // The connection is reset (RSET) after the refusal answers: then it takes the next mail.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await mailer.send({ to: 'ada@example.test', subject: 'Found', text: 'x' });
      expect(refusing.mails.map((mail) => mail.subject)).toEqual(['Found']);
      expect(refusing.connections()).toBe(1);
    } finally {
      await refusing.close();
    }
  });

  it('sends over a new connection when the server has closed the kept one', async () => {
    const mailer = mailerAt(smtp.url);
    await mailer.send({ to: 'ada@example.test', subject: 'Before', text: 'x' });
    smtp.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await mailer.send({ to: 'ada@example.test', subject: 'After', text: 'x' });
    expect(smtp.mails.map((mail) => mail.subject)).toEqual(['Before', 'After']);
    expect(smtp.connections()).toBe(2);
  });

  it('opens a connection per mail when the URL says pool=false', async () => {
    const mailer = mailerAt(`${smtp.url}?pool=false`);
    await mailer.send({ to: 'ada@example.test', subject: 'One', text: 'One' });
    await mailer.send({ to: 'ada@example.test', subject: 'Two', text: 'Two' });
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.connections()).toBe(2);
  });

  it('opens at most five connections at once, or as many as the URL says', async () => {
    const burst = async (url: string) => {
      const mailer = mailerAt(url);
      const before = smtp.connections();
      await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          mailer.send({ to: `p${n}@example.test`, subject: `${n}`, text: 'x' }),
        ),
      );
      return smtp.connections() - before;
    };
    expect(await burst(smtp.url)).toBe(5);
    expect(await burst(`${smtp.url}?maxConnections=8`)).toBe(8);
  });

  /** A server that takes connections and never greets: the mails handed to it wait. */
  async function silentServer() {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    return {
      url: `smtp://127.0.0.1:${port}`,
      close() {
        for (const socket of sockets) socket.destroy();
        silent.close();
      },
    };
  }

  it('refuses a mail at once while as many as it allows wait for the server, and takes mail again after', async () => {
    const silent = await silentServer();
    const stuck = mailerAt(silent.url, 2);
    for (const n of [1, 2])
      stuck.send({ to: 'ada@example.test', subject: `${n}`, text: 'x' }).catch(() => {});
    await expect(stuck.send({ to: 'ada@example.test', subject: '3', text: 'x' })).rejects.toThrow(
      '2 mails are waiting to be sent',
    );
    silent.close();

    const mailer = mailerAt(smtp.url, 1);
    await mailer.send({ to: 'ada@example.test', subject: 'One', text: 'One' });
    await mailer.send({ to: 'bo@example.test', subject: 'Two', text: 'Two' });
    expect(smtp.mails).toHaveLength(2);
  });

  it('hands the room of a mail sent or released to the hold that has waited longest', async () => {
    const mailer = mailerAt(smtp.url, 2);
    const first = await mailer.hold(0);
    const other = await mailer.hold(0);
    const order: string[] = [];
    const granted = async (name: string) => {
      const hold = await mailer.hold(5_000);
      order.push(name);
      return hold;
    };
    const second = granted('second');
    const third = granted('third');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);

    await first?.send({ to: 'ada@example.test', subject: 'One', text: 'One' });
    const next = await second;
    expect(order).toEqual(['second']);
    next?.release();
    const last = await third;
    expect(order).toEqual(['second', 'third']);
    await last?.send({ to: 'bo@example.test', subject: 'Two', text: 'Two' });
    expect(smtp.mails.map((mail) => mail.subject)).toEqual(['One', 'Two']);
    expect(() => last?.release()).toThrow('this mail hold has been used');
    other?.release();
    // Every room is free again: two holds are granted at once.
    expect(await mailer.hold(0)).not.toBeNull();
    expect(await mailer.hold(0)).not.toBeNull();
  });

  it('gives no room after the wait while the mails ahead stay unsent, nor to more waiting than it sends', async () => {
    const silent = await silentServer();
    const stuck = mailerAt(silent.url, 1);
    stuck.send({ to: 'ada@example.test', subject: '1', text: 'x' }).catch(() => {});
    const started = Date.now();
    const waiting = stuck.hold(300);
    // One waits already, as many as may be pending: the next is refused without waiting.
    expect(await stuck.hold(10_000)).toBeNull();
    expect(Date.now() - started).toBeLessThan(200);
    expect(await waiting).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    silent.close();
  });
});
