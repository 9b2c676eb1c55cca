import { type AwayPerson, CALENDAR_DAY_LIMIT, type CalendarDay, type CalendarMonth } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { absences } from '../../db/schema/index';
import type { VersionedCache } from '../../lib/versioned-cache';
import type { SessionInfo } from '../auth/sessions';
import { conditions } from '../users/directory';
import { daysBetween, isoWeek, isWeekend, monthGridRange } from './dates';
import { holidaysBetween } from './holidays';
import { type AwayOnGrid, awayOnGrid, GRID_DAYS, type RunCandidate } from './month-away';
import { calendarViewer } from './policy';

/**
 * The runs shown on each list: per week, the greedy fill of `limit` lanes a month grid draws (runs by
 * start day, the longest first), so that no day names more than `limit` people, a person shown is shown
 * on every day of the run, and a week where no day has more than `limit` people shows everyone.
 */
export function pickRuns(candidates: readonly RunCandidate[], limit: number): RunCandidate[] {
  const order = [...candidates].sort(
    (a, b) =>
      Number(a.sick) - Number(b.sick) ||
      a.from - b.from ||
      b.to - a.to ||
      (a.until > b.until ? -1 : a.until < b.until ? 1 : 0) ||
      a.userId - b.userId,
  );
  const shown: RunCandidate[] = [];
  // The last grid day of each run shown in the current week of the current list.
  let ends: number[] = [];
  let week = '';
  for (const run of order) {
    const runWeek = `${run.sick}/${Math.floor(run.from / 7)}`;
    if (runWeek !== week) {
      week = runWeek;
      ends = [];
    }
    ends = ends.filter((end) => end >= run.from);
    if (ends.length >= limit) continue;
    ends.push(run.to);
    shown.push(run);
  }
  return shown;
}

/**
 * Lays who is away onto the month's Monday-to-Sunday grid: each day's counts from the count changes, and
 * the people of the runs shown, in name order. Sick leave goes to the sick_leave list; every other kind
 * makes the person away and goes to the vacation list, its own kind told only to viewers who may know it.
 */
export function buildMonth(
  year: number,
  month: number,
  away: AwayOnGrid,
  holidays: { date: string; vacation: boolean }[],
  seesKind: (userId: number) => boolean,
  limit = CALENDAR_DAY_LIMIT,
): CalendarMonth {
  const { start, end } = monthGridRange(year, month);
  const offDays = new Map(holidays.map((h) => [h.date, h.vacation]));
  const delta = {
    vacation: new Array<number>(GRID_DAYS + 1).fill(0),
    sick_leave: new Array<number>(GRID_DAYS + 1).fill(0),
  };
  for (const change of away.changes) {
    const list = delta[change.sick ? 'sick_leave' : 'vacation'];
    list[change.day] = (list[change.day] ?? 0) + change.delta;
  }
  const count = { vacation: 0, sick_leave: 0 };
  const days: CalendarDay[] = daysBetween(start, end).map((date, i) => {
    count.vacation += delta.vacation[i] ?? 0;
    count.sick_leave += delta.sick_leave[i] ?? 0;
    return {
      date,
      vacation: [],
      sick_leave: [],
      vacation_count: count.vacation,
      sick_leave_count: count.sick_leave,
      // A holiday is off even on a weekday; a moved working day (vacation false) is worked even on a weekend.
      day_off: offDays.get(date) ?? isWeekend(date),
    };
  });

  const sortNames = new Map<number, string>();
  for (const run of pickRuns(away.candidates, limit)) {
    sortNames.set(run.userId, run.sortName);
    const person: AwayPerson = {
      user: run.userId,
      first_name: run.firstName,
      last_name: run.lastName,
      avatar: run.avatar,
      ...(seesKind(run.userId) ? { kind: run.kind } : {}),
    };
    for (let i = run.from; i <= run.to && i < days.length; i++) {
      const list = (days[i] as CalendarDay)[run.sick ? 'sick_leave' : 'vacation'];
      // Absences of one person never overlap (requests refuse it); were two to, the person shows once.
      if (!list.some((entry) => entry.user === run.userId)) list.push(person);
    }
  }
  // sort_name is normalised (lower case, no accents), so code-unit order is the directory's name order.
  const byName = (a: AwayPerson, b: AwayPerson) => {
    const [x, y] = [sortNames.get(a.user) ?? '', sortNames.get(b.user) ?? ''];
    return (x < y ? -1 : x > y ? 1 : 0) || a.user - b.user;
  };
  for (const day of days) {
    day.vacation.sort(byName);
    day.sick_leave.sort(byName);
  }

  const weeks: CalendarMonth['weeks'] = [];
  for (let i = 0; i < days.length; i += 7) {
    const week = days.slice(i, i + 7);
    weeks.push({ week: isoWeek((week[0] as CalendarDay).date), days: week });
  }
  return { year, month, weeks };
}

/** A month's holidays and who is away on its grid: what a company month keeps in the cache. */
/** Months kept per process at most: each is ~100 kB at most (its named runs are bounded). */
export const MONTH_CACHE_ENTRIES = 64;

export type MonthBase = { holidays: { date: string; vacation: boolean }[]; away: AwayOnGrid };

const NO_ONE: AwayOnGrid = { changes: [], candidates: [] };

/**
 * The company calendar of the session's active company for a month: the people the directory's
 * filter keys select (ids, Department, Division, company scope and active people only), counted per
 * day, and with `detail` the few of them each day can show (decision 0015). What does not depend on the
 * viewer is kept in `cache` under the people version (decisions 0018, 0021).
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
  cache: VersionedCache<MonthBase>,
): Promise<CalendarMonth> {
  const { year, month, detail } = filter;
  const { start, end } = monthGridRange(year, month);
  const keys = { ids: filter.users, Department: filter.department, Division: filter.division };
  const viewer = await calendarViewer(db, session, session.companyId);
  const key = JSON.stringify([session.companyId, year, month, detail, ...Object.values(keys).map(idSet)]);
  const base = await cache.get(key, viewer.version, async () => {
    const [holidays, people] = await Promise.all([
      holidaysBetween(db, session.companyId, start, end),
      conditions(db, session, keys),
    ]);
    const away = people
      ? await awayOnGrid(db, {
          start,
          end,
          absencesOf: eq(absences.companyId, session.companyId),
          people,
          limit: detail ? CALENDAR_DAY_LIMIT : 0,
        })
      : NO_ONE;
    return { holidays, away };
  });
  return buildMonth(year, month, base.away, base.holidays, viewer.seesKind);
}

/** Ids as a key part: the same set in any order and with repeats is the same filter. */
function idSet(ids: number[] | undefined): number[] {
  return [...new Set(ids ?? [])].sort((a, b) => a - b);
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
  const [holidays, away, viewer] = await Promise.all([
    holidaysBetween(db, person.companyId, start, end),
    awayOnGrid(db, { start, end, absencesOf: eq(absences.userId, person.id), limit: CALENDAR_DAY_LIMIT }),
    calendarViewer(db, session, person.companyId),
  ]);
  return buildMonth(year, month, away, holidays, viewer.seesKind);
}
