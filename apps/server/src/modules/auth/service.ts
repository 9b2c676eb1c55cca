import { OTP_LENGTH, OTP_TTL_MINUTES } from '@atrium/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { companyMembers, loginCodes, sessions, users } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden, tooManyRequests, unavailable } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import {
  clearHits,
  type Limit,
  limitPlaceholders,
  limitValues,
  recordHits,
  secondsToWait,
} from '../../lib/throttle';
import { codeMatches, generateCode, hashCode, newSalt } from './codes';
import { createSession, deleteSession, type SessionInfo } from './sessions';

const MINUTE = 60 * 1000;
const CODE_TTL_MS = OTP_TTL_MINUTES * MINUTE;
/** Wrong guesses a code survives; the fifth miss voids it. */
export const MAX_CODE_ATTEMPTS = 5;
/** At most 5 codes per address and 100 per client address (a whole office behind one NAT) in 15 minutes. */
export const CODES_PER_EMAIL = 5;
export const CODES_PER_IP = 100;
export const THROTTLE_WINDOW_MS = 15 * MINUTE;
/**
 * Failed code checks: 10 per address in 15 minutes and 30 in a day (NIST SP 800-63B §5.2.2 asks for at
 * most 100 consecutive failures per account), and 100 per client address in 15 minutes (one address
 * guessing across many accounts). A login resets the address's count; refused checks count nothing.
 */
export const FAILED_CHECKS_PER_EMAIL = 10;
export const FAILED_CHECKS_PER_EMAIL_PER_DAY = 30;
export const FAILED_CHECKS_PER_IP = 100;
const DAY_MS = 24 * 60 * MINUTE;

/** The one answer to every code request, so that it cannot tell which addresses are registered. */
export const CODE_REQUESTED = {
  detail: 'If this address belongs to an active account, a login code has been sent to it.',
  expires_in: CODE_TTL_MS / 1000,
};

/** The answer to a code request that waited MAIL_WAIT_MS in vain for room for its mail (lib/mail.ts). */
export const MAIL_BACKED_UP = 'Too many login codes are waiting to be sent. Try again in a minute.';
/** How long a code request waits for room for its mail before it is given that answer. */
export const MAIL_WAIT_MS = 5_000;

/** The one refusal of a code check, whatever went wrong, for the same reason. */
export const INVALID_CODE = 'Invalid or expired code. Check the code or send a new one.';

type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  log: {
    error(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
};

/** The account an address logs in to: its user, if active (addresses are unique whatever their case). */
const activeAccount = (email: string) => and(sql`lower(${users.email}) = ${email}`, eq(users.isActive, true));

function findActiveUser(db: Db, email: string) {
  return db
    .select({ id: users.id, companyId: users.companyId, firstName: users.firstName })
    .from(users)
    .where(activeAccount(email))
    .then((rows) => rows[0]);
}

export async function requestLoginCode(deps: Deps, input: { email: string; ip: string }) {
  // Room for the mail is held before anything else, so that every address waits alike, and nothing is
  // recorded (no throttle hit, no code) for a request that could not be served.
  const hold = await deps.mailer.hold(MAIL_WAIT_MS);
  if (!hold) {
    deps.log.warn(
      { event: 'login_code_mail_backed_up', email: input.email, ip: input.ip },
      'login code refused',
    );
    throw unavailable(MAIL_BACKED_UP, 60);
  }
  const code = generateCode();
  let recipient: { firstName: string } | null;
  try {
    recipient = await storeLoginCode(deps, input, code);
  } catch (err) {
    hold.release();
    throw err;
  }
  if (!recipient) {
    hold.release();
    return CODE_REQUESTED;
  }
  // Not awaited: a known address must not answer slower than an unknown one.
  const mail = loginCodeMail(input.email, recipient.firstName, code, deps.appUrl);
  hold.send(mail).catch((err: unknown) => {
    const reason = withoutMail(err instanceof Error ? err.message : String(err), mail, code);
    const errorCode = (err as { code?: unknown } | null)?.code;
    deps.log.error(
      {
        event: 'login_code_not_sent',
        to: input.email,
        reason,
        ...(typeof errorCode === 'string' && { errorCode }),
      },
      'could not send the login code',
    );
  });
  return CODE_REQUESTED;
}

/**
 * One call does it all (`request_login_code`, migration 0031): the keys' locks and windows, then the
 * hits, and for an active account the new code, which voids every earlier one. Built once: it is the
 * statement of every login's first step.
 */
const requestCodeStatement = preparedSql<{ waitSeconds: number; firstName: string | null }>(
  'request_login_code',
  sql`select wait_seconds as "waitSeconds", first_name as "firstName"
    from request_login_code(${sql.placeholder('email')}, ${limitPlaceholders}, ${sql.placeholder('now')}::timestamptz,
      ${sql.placeholder('hash')}, ${sql.placeholder('salt')}, ${sql.placeholder('expiresAt')}::timestamptz)`,
);

/**
 * Counts the request against its limits (429 past them) and gives the address's active account, if
 * any, the new code in place of its earlier ones. The account's first name, or null for an address
 * that has none.
 */
async function storeLoginCode(deps: Deps, input: { email: string; ip: string }, code: string) {
  const now = deps.clock.now();
  const limits: Limit[] = [
    { key: `login-code:email:${input.email}`, max: CODES_PER_EMAIL, windowMs: THROTTLE_WINDOW_MS },
    { key: `login-code:ip:${input.ip}`, max: CODES_PER_IP, windowMs: THROTTLE_WINDOW_MS },
  ];
  const salt = newSalt();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const [outcome] = await requestCodeStatement(deps.db, {
    email: input.email,
    ...limitValues(limits),
    now,
    hash: hashCode(code, salt),
    salt,
    expiresAt,
  });
  if (!outcome) throw new Error('request_login_code answered no row');
  if (outcome.waitSeconds > 0) {
    deps.log.warn({ event: 'login_code_throttled', email: input.email, ip: input.ip }, 'login code refused');
    throw tooManyRequests(outcome.waitSeconds);
  }
  return outcome.firstName === null ? null : { firstName: outcome.firstName };
}

/** An error message fit for the log: the code and every line of the mail masked, should it quote them. */
function withoutMail(message: string, mail: { subject: string; text: string }, code: string) {
  const secrets = [mail.subject, ...mail.text.split('\n'), code]
    .map((line) => line.trim())
    .filter((line) => line.length >= OTP_LENGTH)
    .sort((a, b) => b.length - a.length);
  let masked = message;
  for (const secret of secrets) masked = masked.split(secret).join('[…]');
  return masked.slice(0, 300);
}

function loginCodeMail(to: string, firstName: string, code: string, appUrl: string) {
  return {
    to,
    subject: `Your Atrium login code: ${code}`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your code to log in to the Atrium portal is ${code}.`,
      `It is valid for ${OTP_TTL_MINUTES} minutes and can be used once.`,
      '',
      `Open ${appUrl}/login and enter it there. If you did not ask for it, ignore this mail.`,
    ].join('\n'),
  };
}

type CheckOutcome =
  | { ok: true; id: number; token: string }
  | { ok: false; reason: 'throttled'; retryAfter: number; userId?: undefined }
  | {
      ok: false;
      reason: 'unknown-account' | 'no-live-code' | 'wrong-code' | 'spent-meanwhile';
      userId?: number;
    };

/**
 * Checks a code; on success spends it, ends the session the browser came with (a new token at every
 * login) and opens a session. Returns the user id and the new session token. The whole check runs in one
 * transaction that holds the address's and the client's throttle keys, so checks of one address run one
 * at a time, and only a failure is counted against the limits.
 */
export async function checkLoginCode(
  deps: Deps,
  input: { email: string; otp: string; ip: string; previousSession?: string },
) {
  const { db, clock } = deps;
  const now = clock.now();
  const perEmail = `login-check:email:${input.email}`;
  const perEmailDay = `login-check:email-day:${input.email}`;
  const limits: Limit[] = [
    { key: perEmail, max: FAILED_CHECKS_PER_EMAIL, windowMs: THROTTLE_WINDOW_MS },
    { key: perEmailDay, max: FAILED_CHECKS_PER_EMAIL_PER_DAY, windowMs: DAY_MS },
    { key: `login-check:ip:${input.ip}`, max: FAILED_CHECKS_PER_IP, windowMs: THROTTLE_WINDOW_MS },
  ];
  const outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
    const retryAfter = await secondsToWait(tx, limits, now);
    if (retryAfter > 0) return { ok: false, reason: 'throttled', retryAfter };
    const result = await spendCode(tx, input.email, input.otp, now);
    if (!result.ok) {
      await recordHits(tx, limits, now);
      return result;
    }
    if (input.previousSession) await deleteSession(tx, input.previousSession);
    await clearHits(tx, [perEmail, perEmailDay]);
    const token = await createSession(tx, result.user.id, result.user.companyId, now);
    return { ok: true, id: result.user.id, token };
  });
  if (outcome.ok) {
    deps.log.info({ event: 'login', user_id: outcome.id, ip: input.ip }, 'logged in with a mailed code');
    return { id: outcome.id, token: outcome.token };
  }
  // Who tried, from where and why it failed; never the code typed.
  deps.log.warn(
    {
      event: 'login_failed',
      email: input.email,
      user_id: outcome.userId,
      ip: input.ip,
      reason: outcome.reason,
    },
    'login code refused',
  );
  if (outcome.reason === 'throttled') throw tooManyRequests(outcome.retryAfter);
  throw badRequest(INVALID_CODE);
}

/** Spends the user's live code when the typed one matches it; a miss counts against the code. */
async function spendCode(
  tx: Tx,
  email: string,
  otp: string,
  now: Date,
): Promise<
  | { ok: true; user: { id: number; companyId: number } }
  | {
      ok: false;
      reason: 'unknown-account' | 'no-live-code' | 'wrong-code' | 'spent-meanwhile';
      userId?: number;
    }
> {
  const user = await findActiveUser(tx, email);
  if (!user) return { ok: false, reason: 'unknown-account' };
  const [code] = await tx
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.spentAt), gt(loginCodes.expiresAt, now)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!code) return { ok: false, reason: 'no-live-code', userId: user.id };
  const unspent = and(
    eq(loginCodes.id, code.id),
    isNull(loginCodes.spentAt),
    lt(loginCodes.failedAttempts, MAX_CODE_ATTEMPTS),
  );
  if (!codeMatches(otp, code.salt, code.codeHash)) {
    // Counted in the database, so parallel guesses cannot share one attempt.
    await tx
      .update(loginCodes)
      .set({
        failedAttempts: sql`${loginCodes.failedAttempts} + 1`,
        spentAt: sql`case when ${loginCodes.failedAttempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
      })
      .where(unspent);
    return { ok: false, reason: 'wrong-code', userId: user.id };
  }
  // Only one request can spend a code: the one whose update finds it unspent (UPDATE … RETURNING).
  const spent = await tx
    .update(loginCodes)
    .set({ spentAt: now })
    .where(unspent)
    .returning({ id: loginCodes.id });
  if (spent.length === 0) return { ok: false, reason: 'spent-meanwhile', userId: user.id };
  return { ok: true, user };
}

/** Makes one of the user's companies the active company of the session. */
export async function switchCompany(db: Db, session: SessionInfo, companyId: number) {
  const member = await db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, session.userId), eq(companyMembers.companyId, companyId)));
  if (member.length === 0) throw forbidden('You are not a member of this company.');
  await db.update(sessions).set({ companyId }).where(eq(sessions.tokenHash, session.tokenHash));
  return { ...session, companyId };
}
