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
});
