import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

type DateColumn = AnyColumn | SQL;

/**
 * Whether an absence's days (from and to both included) overlap the period from–to, inclusive; either
 * end of the period may be open. Written as ranges, the expression absences_period_idx (GiST) indexes, so
 * the index finds them and PostgreSQL estimates how many from that index's statistics (two date
 * comparisons it can only estimate blindly, and badly). The same rows as `from_date <= to and to_date >=
 * from`: an absence never ends before it starts (absences_period_ck).
 */
export const overlapsPeriod = (
  fromDate: DateColumn,
  toDate: DateColumn,
  from: string | undefined,
  to: string | undefined,
): SQL =>
  sql`daterange(${fromDate}, ${toDate}, '[]') && daterange(${from ?? null}::date, ${to ?? null}::date, '[]')`;
