import { OTP_TTL_MINUTES } from '@atrium/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyMembers, loginCodes, sessions, users } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { consume } from '../../lib/throttle';
import { codeMatches, generateCode, hashCode, newSalt } from './codes';
import { createSession, type SessionInfo } from './sessions';

const MINUTE = 60 * 1000;
const CODE_TTL_MS = OTP_TTL_MINUTES * MINUTE;
/** Wrong guesses a code survives; the fifth miss voids it. */
export const MAX_CODE_ATTEMPTS = 5;
/** At most 5 codes per address and 100 per client address (a whole office behind one NAT) in 15 minutes. */
export const CODES_PER_EMAIL = 5;
export const CODES_PER_IP = 100;
export const THROTTLE_WINDOW_MS = 15 * MINUTE;

/** The one answer to every code request, so that it cannot tell which addresses are registered. */
export const CODE_REQUESTED = {
  detail: 'If this address belongs to an active account, a login code has been sent to it.',
  expires_in: CODE_TTL_MS / 1000,
};

/** The one refusal of a code check, whatever went wrong, for the same reason. */
export const INVALID_CODE = 'Invalid or expired code. Check the code or send a new one.';

type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  log: { error(obj: object, msg: string): void };
};

function findActiveUser(db: Db, email: string) {
  return db
    .select({ id: users.id, companyId: users.companyId, firstName: users.firstName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.isActive, true)))
    .then((rows) => rows[0]);
}

export async function requestLoginCode(deps: Deps, input: { email: string; ip: string }) {
  const { db, clock, mailer } = deps;
  const now = clock.now();
  const code = generateCode();
  const recipient = await db.transaction(async (tx) => {
    await consume(
      tx,
      [
        { key: `login-code:email:${input.email}`, max: CODES_PER_EMAIL, windowMs: THROTTLE_WINDOW_MS },
        { key: `login-code:ip:${input.ip}`, max: CODES_PER_IP, windowMs: THROTTLE_WINDOW_MS },
      ],
      now,
    );
    const user = await findActiveUser(tx, input.email);
    if (!user) return null;
    // A new code voids every earlier one.
    await tx
      .update(loginCodes)
      .set({ spentAt: now })
      .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.spentAt)));
    await tx.delete(loginCodes).where(and(eq(loginCodes.userId, user.id), lt(loginCodes.expiresAt, now)));
    const salt = newSalt();
    await tx.insert(loginCodes).values({
      userId: user.id,
      codeHash: hashCode(code, salt),
      salt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    return user;
  });
  if (recipient) {
    // Not awaited: a known address must not answer slower than an unknown one.
    mailer.send(loginCodeMail(input.email, recipient.firstName, code, deps.appUrl)).catch((err: unknown) => {
      deps.log.error({ err, to: input.email }, 'could not send the login code');
    });
  }
  return CODE_REQUESTED;
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

/** Checks a code; on success spends it and opens a session. Returns the user id and the session token. */
export async function checkLoginCode(deps: Deps, input: { email: string; otp: string }) {
  const { db, clock } = deps;
  const now = clock.now();
  const user = await findActiveUser(db, input.email);
  if (!user) throw badRequest(INVALID_CODE);
  const [code] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.spentAt), gt(loginCodes.expiresAt, now)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!code) throw badRequest(INVALID_CODE);
  const unspent = and(
    eq(loginCodes.id, code.id),
    isNull(loginCodes.spentAt),
    lt(loginCodes.failedAttempts, MAX_CODE_ATTEMPTS),
  );
  if (!codeMatches(input.otp, code.salt, code.codeHash)) {
    // Counted in the database, so parallel guesses cannot share one attempt.
    await db
      .update(loginCodes)
      .set({
        failedAttempts: sql`${loginCodes.failedAttempts} + 1`,
        spentAt: sql`case when ${loginCodes.failedAttempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
      })
      .where(unspent);
    throw badRequest(INVALID_CODE);
  }
  // Only one request can spend a code: the one whose update finds it unspent.
  const spent = await db
    .update(loginCodes)
    .set({ spentAt: now })
    .where(unspent)
    .returning({ id: loginCodes.id });
  if (spent.length === 0) throw badRequest(INVALID_CODE);
  const token = await createSession(db, user.id, user.companyId, now);
  return { id: user.id, token };
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
