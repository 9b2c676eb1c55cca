import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../src/lib/mail';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-catcher';

const quiet = { info: () => {} };

describe('the mailer', () => {
  let smtp: SmtpCatcher;
  beforeEach(async () => {
    smtp = await startSmtpCatcher();
  });
  afterEach(() => smtp.close());

  it('sends mail after mail over one kept connection rather than one each', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'portal@example.test', log: quiet });
    for (const to of ['ada@example.test', 'bo@example.test', 'cy@example.test'])
      await mailer.send({ to, subject: `Hello ${to}`, text: 'Hello' });
    expect(smtp.mails.map((mail) => mail.to)).toEqual([
      ['ada@example.test'],
      ['bo@example.test'],
      ['cy@example.test'],
    ]);
    expect(smtp.connections()).toBe(1);
  });

  it('opens a connection per mail when the URL says pool=false', async () => {
    const mailer = createMailer({
      smtpUrl: `${smtp.url}?pool=false`,
      from: 'portal@example.test',
      log: quiet,
    });
    await mailer.send({ to: 'ada@example.test', subject: 'One', text: 'One' });
    await mailer.send({ to: 'ada@example.test', subject: 'Two', text: 'Two' });
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.connections()).toBe(2);
  });

  it('opens at most five connections at once, or as many as the URL says', async () => {
    const burst = async (url: string) => {
      const mailer = createMailer({ smtpUrl: url, from: 'portal@example.test', log: quiet });
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

  it('refuses a mail at once while as many as it allows wait for the server, and takes mail again after', async () => {
    // A server that takes the connection and never greets: the mails handed to it wait.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const stuck = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'portal@example.test',
      log: quiet,
      maxPending: 2,
    });
    for (const n of [1, 2])
      stuck.send({ to: 'ada@example.test', subject: `${n}`, text: 'x' }).catch(() => {});
    expect(stuck.full()).toBe(true);
    await expect(stuck.send({ to: 'ada@example.test', subject: '3', text: 'x' })).rejects.toThrow(
      '2 mails are waiting to be sent',
    );
    for (const socket of sockets) socket.destroy();
    silent.close();

    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'portal@example.test',
      log: quiet,
      maxPending: 1,
    });
    expect(mailer.full()).toBe(false);
    await mailer.send({ to: 'ada@example.test', subject: 'One', text: 'One' });
    expect(mailer.full()).toBe(false);
    await mailer.send({ to: 'bo@example.test', subject: 'Two', text: 'Two' });
    expect(smtp.mails).toHaveLength(2);
  });
});
