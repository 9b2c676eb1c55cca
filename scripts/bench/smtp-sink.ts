/**
 * The local SMTP sink the server mails its login codes to, in a process of its own so that thousands of
 * mails during the login scenario do not slow the process that measures. Started by mail.ts through IPC:
 * it answers `{ ready: port }`, forwards the subject of each mail to a watched address, and on request
 * tells how many mails it has received.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

type Message = { watch: string } | { count: true };

const watched = new Set<string>();
let received = 0;
const send = (message: unknown) => process.send?.(message);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // Room for bursts of connections (the server pools its own, but a restart or ?pool=false opens many).
  maxClients: 10_000,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received++;
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const hit = to.find((address) => watched.has(address));
      if (hit) {
        const raw = Buffer.concat(chunks).toString('utf8');
        send({ to: hit, subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '' });
      }
      callback();
    });
  },
});
server.on('error', () => {});

process.on('message', (message: Message) => {
  if ('watch' in message) watched.add(message.watch.toLowerCase());
  else if ('count' in message) send({ count: received });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  send({ ready: (server.server.address() as AddressInfo).port });
});
