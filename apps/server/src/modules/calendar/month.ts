import type { AwayPerson, CalendarDay, CalendarMonth } from '@atrium/contracts';
import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AbsenceKind, absences, users } from '../../db/schema/index';
import type { SessionInfo } from '../auth/sessions';
import { conditions } from '../users/directory';
import { daysBetween, isoWeek, isWeekend, monthGridRange } from './dates';
import { holidaysBetween } from './holidays';
import { kindVisibility } from './policy';

export type AwayRow = {
  userId: number;
  kind: AbsenceKind;
  fromDate: string;
  toDate: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
};

/**
 * Approved absences overlapping [start, end] of people matching `where`, in name order (so each day's
 * lists come out sorted and one person's rows are adjacent). One query: the period index narrows the
 * absences and the join brings the names. The rows are ordered here rather than by the database: a
 * busy month is some 10,000 rows, and sorting them is cheaper in the (scalable) API process than on
 * the one primary.
 */
async function awayRows(db: Db, start: string, end: string, where: (SQL | undefined)[]): Promise<AwayRow[]> {
  const rows = await db
    .select({
      userId: absences.userId,
      kind: absences.kind,
      fromDate: absences.fromDate,
      toDate: absences.toDate,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
      sortName: users.sortName,
    })
    .from(absences)
    .innerJoin(users, eq(users.id, absences.userId))
    .where(
      and(
        eq(absences.status, 'approved'),
        lte(absences.fromDate, end),
        gte(absences.toDate, start),
        ...where,
      ),
    );
  // sort_name is normalised (lower case, no accents), so code-unit order is the directory's name order.
  return rows.sort(
    (a, b) =>
      (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0) ||
      a.userId - b.userId ||
      (a.fromDate < b.fromDate ? -1 : a.fromDate > b.fromDate ? 1 : 0),
  );
}

/**
 * Lays absences onto the month's Monday-to-Sunday grid. Sick leave goes to the sick_leave list; every
 * other kind makes the person away and goes to the vacation list, its own kind told only to viewers
 * who may know it.
 */
export function buildMonth(
  year: number,
  month: number,
  rows: AwayRow[],
  holidays: { date: string; vacation: boolean }[],
  seesKind: (userId: number) => boolean,
): CalendarMonth {
  const { start, end } = monthGridRange(year, month);
  const offDays = new Map(holidays.map((h) => [h.date, h.vacation]));
  const days: CalendarDay[] = daysBetween(start, end).map((date) => ({
    date,
    vacation: [],
    sick_leave: [],
    // A holiday is off even on a weekday; a moved working day (vacation false) is worked even on a weekend.
    day_off: offDays.get(date) ?? isWeekend(date),
  }));
  const index = new Map(days.map((day, i) => [day.date, i]));
  for (const row of rows) {
    const person: AwayPerson = {
      user: row.userId,
      first_name: row.firstName,
      last_name: row.lastName,
      avatar: row.avatar,
      ...(seesKind(row.userId) ? { kind: row.kind } : {}),
    };
    const listKey = row.kind === 'sick_leave' ? 'sick_leave' : 'vacation';
    const from = index.get(row.fromDate < start ? start : row.fromDate) ?? 0;
    const to = index.get(row.toDate > end ? end : row.toDate) ?? days.length - 1;
    for (let i = from; i <= to; i++) {
      const list = (days[i] as CalendarDay)[listKey];
      // Two absences of one person on the same day (rows are grouped by person) show them once.
      if (list[list.length - 1]?.user !== row.userId) list.push(person);
    }
  }
  const weeks: CalendarMonth['weeks'] = [];
  for (let i = 0; i < days.length; i += 7) {
    const week = days.slice(i, i + 7);
    weeks.push({ week: isoWeek((week[0] as CalendarDay).date), days: week });
  }
  return { year, month, weeks };
}

/**
 * The company calendar of the session's active company for a month: the people the directory's
 * filter keys select (ids, Department, Division, company scope and active people only), away per day.
 */
export async function companyMonth(
  db: Db,
  session: SessionInfo,
  filter: {
    year: number;
    month: number;
    detail: boolean;
    users?: number[];
    department?: number[];
    division?: number[];
  },
): Promise<CalendarMonth> {
  const { start, end } = monthGridRange(filter.year, filter.month);
  const [holidays, rows, seesKind] = await Promise.all([
    holidaysBetween(db, session.companyId, start, end),
    (async () => {
      if (!filter.detail) return [];
      const people = await conditions(db, session, {
        ids: filter.users,
        Department: filter.department,
        Division: filter.division,
      });
      if (!people) return [];
      return awayRows(db, start, end, [eq(absences.companyId, session.companyId), people]);
    })(),
    kindVisibility(db, session, session.companyId),
  ]);
  return buildMonth(filter.year, filter.month, rows, holidays, seesKind);
}

/** One person's month: their own approved absences on their company's grid. */
export async function personalMonth(
  db: Db,
  session: SessionInfo,
  person: { id: number; companyId: number },
  year: number,
  month: number,
): Promise<CalendarMonth> {
  const { start, end } = monthGridRange(year, month);
  const [holidays, rows, seesKind] = await Promise.all([
    holidaysBetween(db, person.companyId, start, end),
    awayRows(db, start, end, [eq(absences.userId, person.id)]),
    kindVisibility(db, session, person.companyId),
  ]);
  return buildMonth(year, month, rows, holidays, seesKind);
}
