import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { users } from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import type { SessionInfo } from '../auth/sessions';
import type { MeetingRecord, Viewer } from './read';

const emailStatement = preparedOnce('own_email', (db, name) =>
  db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(name),
);

/** The caller's address, lower case: who they are among a meeting's attendees. */
export async function ownEmail(db: Db, userId: number): Promise<string> {
  const [user] = await emailStatement(db).execute({ id: userId });
  if (!user) throw forbidden();
  return user.email.toLowerCase();
}

/**
 * Whose meetings a request reads: always the caller's own, the ones they organize or attend (HR sees no
 * more than anyone). An `email` naming anyone else is refused (403) rather than quietly ignored.
 */
export async function meetingsViewer(
  db: Db,
  session: SessionInfo,
  email: string | undefined,
): Promise<Viewer> {
  if (email && email.toLowerCase() !== (await ownEmail(db, session.userId))) throw forbidden();
  return { userId: session.userId, companyId: session.companyId };
}

/** Only its organizer changes or removes a meeting; attendees see it and no more. */
export const mayChangeMeeting = (viewer: Viewer, meeting: MeetingRecord) =>
  meeting.organizerId === viewer.userId;
