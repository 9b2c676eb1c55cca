/**
 * The local SMTP sink the server mails its login codes to, in a process of its own so that thousands of
 * mails during the login scenario do not slow the process that measures. Started by mail.ts through IPC:
 * it answers `{ ready: port }`, forwards the subject of each mail to a watched address, and on request
 * tells how many mails it has received.
 *
 * It speaks just enough SMTP for nodemailer (greeting, EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and
 * keeps only the mails to watched addresses. A sink stands for a mail server on another machine, yet it
 * shares this one's two cores with the server it measures: smtp-server parsed every mail for 0.7 ms of
 * CPU, a third of a core during the login scenario, taken from the server (docs/performance.md,
 * twenty-eighth pass).
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';

type Message = { watch: string } | { count: true };

const watched = new Set<string>();
let received = 0;
const send = (message: unknown) => process.send?.(message);

const END_OF_DATA = '\r\n.\r\n';

/** One SMTP session: commands line by line, then a mail's data up to its lone dot. */
function serve(socket: Socket) {
  socket.setEncoding('latin1');
  // Replies leave at once, as a mail server's do. With Nagle's algorithm the second of the pipelined
  // replies to MAIL, RCPT and DATA waited for the client's delayed acknowledgement, some 40 ms a mail:
  // that, not the server, paced the login scenario at ~420 mails/s (docs/performance.md, twenty-ninth pass).
  socket.setNoDelay(true);
  let buffer = '';
  let inData = false;
  let recipients: string[] = [];
  // Only a watched mail's text is kept; any other is scanned for its end and dropped.
  let keep: string | null = null;

  const reply = (line: string) => socket.write(`${line}\r\n`);

  const command = (line: string) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') reply('250-sink\r\n250-PIPELINING\r\n250 8BITMIME');
    else if (verb === 'HELO' || verb === 'NOOP') reply('250 OK');
    else if (verb === 'MAIL' || verb === 'RSET') {
      recipients = [];
      reply('250 OK');
    } else if (verb === 'RCPT') {
      const address = /<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '';
      recipients.push(address);
      reply('250 OK');
    } else if (verb === 'DATA') {
      inData = true;
      keep = recipients.some((address) => watched.has(address)) ? '' : null;
      reply('354 End data with <CR><LF>.<CR><LF>');
    } else if (verb === 'QUIT') {
      socket.end('221 Bye\r\n');
    } else reply('502 Command not implemented');
  };

  const endOfMail = (text: string) => {
    received++;
    const hit = recipients.find((address) => watched.has(address));
    if (hit) send({ to: hit, subject: /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '' });
    recipients = [];
    inData = false;
    keep = null;
    reply('250 OK: queued');
  };

  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      if (inData) {
        const end = buffer.indexOf(END_OF_DATA);
        if (end < 0) {
          // The last four characters may begin the end of the data; they wait for the next chunk.
          if (keep !== null) keep += buffer.slice(0, -4);
          buffer = buffer.slice(-4);
          return;
        }
        const text = (keep ?? '') + buffer.slice(0, end);
        buffer = buffer.slice(end + END_OF_DATA.length);
        endOfMail(text);
        continue;
      }
      const newline = buffer.indexOf('\r\n');
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      // After DATA the line break before the data stays, so that an empty mail's lone dot ends it too.
      buffer = buffer.slice(newline);
      command(line);
      if (!inData) buffer = buffer.slice(2);
    }
  });
  socket.on('error', () => {});
  reply('220 sink ESMTP');
}

const server = createServer(serve);
server.on('error', () => {});

process.on('message', (message: Message) => {
  if ('watch' in message) watched.add(message.watch.toLowerCase());
  else if ('count' in message) send({ count: received });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  send({ ready: (server.address() as AddressInfo).port });
});
