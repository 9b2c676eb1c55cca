import pino from 'pino';

/**
 * The process's log: JSON lines on standard output, written off the request path. pino's default
 * destination writes each line with a blocking system call, so the access log cost every request one
 * write on the main thread: 3–6% of a busy server's time in the bench's profiles (docs/performance.md,
 * thirteenth pass). Written asynchronously, a line waits for the write under way, and the lines that
 * gather meanwhile leave in one write. pino's destination writes what is still held when the process
 * exits, and stops writing, rather than failing a request, if standard output is closed.
 */
export function createLogger(level: string) {
  return pino({ level }, pino.destination({ dest: 1, sync: false }));
}
