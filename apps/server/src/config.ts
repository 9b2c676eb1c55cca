import { z } from 'zod';
import { parseSender } from './lib/mail-message';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function holdsSender(from: string) {
  try {
    parseSender(from);
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .refine(holdsSender, 'must be an address such as "Atrium <portal@example.com>"')
    .default('Atrium <no-reply@localhost>'),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DEMO: z.enum(['0', '1'], { error: 'must be 1 (seed the demo company) or 0' }).default('1'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** `npm run bench` only: 1 adds GET /api/bench/noop/, a public route that does no work. */
  BENCH_NOOP: z.enum(['0', '1'], { error: 'must be 1 (add the benchmark no-op route) or 0' }).optional(),
});

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  demo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Cookies get the Secure flag when the portal is served over https. */
  secureCookies: boolean;
  /** BENCH_NOOP=1: the benchmark's framework ceiling, GET /api/bench/noop/ (never set in production). */
  benchNoop?: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment; an empty variable counts as unset. Throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    demo: e.DEMO === '1',
    logLevel: e.LOG_LEVEL,
    secureCookies: appUrl.startsWith('https://'),
    ...(e.BENCH_NOOP === '1' && { benchNoop: true }),
  };
}
