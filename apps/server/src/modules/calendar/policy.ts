import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { managerLinks } from '../../db/schema/index';
import { peopleVersion } from '../../lib/versioned-cache';
import type { SessionInfo } from '../auth/sessions';
import { HR_PERMISSION, holdsPermission } from '../users/policy';

export type CalendarViewer = {
  /** The people version (decisions 0018, 0021): a kept month computed under another one is out of date. */
  version: string;
  /** Whether the viewer may know the kind of a person's absence. */
  seesKind: (userId: number) => boolean;
};

/**
 * The statement of `calendarViewer`. The people a viewer manages are read only when the viewer is not HR
 * of the company: HR sees every kind, and an HR business partner may be linked to a third of a large
 * company (31,305 people at the bench's 100,000: 49 ms to read them, for nothing).
 */
export const calendarViewerStatement = (viewer: SessionInfo, companyId: number) =>
  sql`with standing as (select ${holdsPermission(viewer.userId, companyId, HR_PERMISSION)} as hr)
    select ${peopleVersion} as version, standing.hr,
      case when standing.hr then '{}'::int[]
        else array(select ${managerLinks.userId} from ${managerLinks} where ${managerLinks.managerId} = ${viewer.userId})
      end as managed
    from standing`;

/**
 * Whose absence kinds a viewer may know. Colleagues see that someone is away (vacation list) or on sick
 * leave; whether an absence is a business trip or leave at own expense is for the person, any of their
 * managers (every link type) and HR of the company only. Read in one statement with the calendar
 * version, so that a month this process keeps costs a single round trip.
 */
export async function calendarViewer(
  db: Db,
  viewer: SessionInfo,
  companyId: number,
): Promise<CalendarViewer> {
  const [row] = await queryRows<{ version: string; hr: boolean; managed: number[] }>(
    db,
    calendarViewerStatement(viewer, companyId),
  );
  const version = row?.version ?? '';
  if (row?.hr) return { version, seesKind: () => true };
  const known = new Set([viewer.userId, ...(row?.managed ?? []).map(Number)]);
  return { version, seesKind: (userId) => known.has(userId) };
}
