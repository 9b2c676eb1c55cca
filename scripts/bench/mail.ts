/** The parent side of the SMTP sink (smtp-sink.ts): start it, wait for a login code, count mails. */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type MailSink = {
  url: string;
  pid: number;
  /** The 6-digit code of the next login mail to `email` (call `watch` before asking for the code). */
  watch(email: string): void;
  codeFor(email: string, timeoutMs?: number): Promise<string>;
  count(): Promise<number>;
  close(): Promise<void>;
};

export async function startMailSink(): Promise<MailSink> {
  const child: ChildProcess = fork(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'smtp-sink.ts'),
    [],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const subjects = new Map<string, string[]>();
  const waiters = new Set<() => void>();
  let counted: ((n: number) => void) | null = null;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SMTP sink stopped (${code})`)));
    child.on('message', (message: { ready?: number; to?: string; subject?: string; count?: number }) => {
      if (message.ready) resolve(message.ready);
      else if (message.to) {
        const list = subjects.get(message.to) ?? [];
        list.push(message.subject ?? '');
        subjects.set(message.to, list);
        for (const wake of [...waiters]) wake();
      } else if (message.count !== undefined) counted?.(message.count);
    });
  });
  child.removeAllListeners('exit');

  return {
    // Twenty pooled connections rather than the five a company's relay gets by default (README, SMTP_URL):
    // on PGlite the server's own queries hold its event loop, each SMTP exchange waits its turn, and five
    // connections mailed ~60 codes a second while the scenario asked for ~540; past 1,000 unsent the
    // requests were answered 503 and measured no mail at all (docs/performance.md, nineteenth pass).
    url: `smtp://127.0.0.1:${port}?maxConnections=20`,
    pid: child.pid as number,
    watch(email) {
      subjects.delete(email.toLowerCase());
      child.send({ watch: email });
    },
    async codeFor(email, timeoutMs = 10_000) {
      const key = email.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const subject = subjects.get(key)?.at(-1);
        const code = subject ? /\b(\d{6})\b/.exec(subject)?.[1] : undefined;
        if (code) return code;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no login mail to ${email} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    count() {
      return new Promise<number>((resolve) => {
        counted = resolve;
        child.send({ count: true });
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
