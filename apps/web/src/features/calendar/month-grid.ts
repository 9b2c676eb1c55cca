import type { AwayPerson, CalendarDay } from '@atrium/contracts';

export type AbsenceKind = 'vacation' | 'sick_leave';

/** One person's run of consecutive away days inside one week row, as the grid draws it. */
export type Bar = {
  person: AwayPerson;
  kind: AbsenceKind;
  /** Column of the first day, 0 = Monday. */
  start: number;
  /** How many days (columns) the bar covers. */
  span: number;
  /** Row inside the week, 0 = top: bars that overlap in time are stacked. */
  lane: number;
};

const KINDS: readonly AbsenceKind[] = ['vacation', 'sick_leave'];

/**
 * The bars of one week (its days Monday to Sunday): a person away on consecutive days gets one bar per
 * kind of absence, which ends where the run breaks or the week ends; overlapping bars are stacked into
 * the lowest free lane, longer and earlier bars first so the rows stay compact.
 */
export function layoutWeekBars(days: readonly CalendarDay[]): Bar[] {
  const runs: Omit<Bar, 'lane'>[] = [];
  for (const kind of KINDS) {
    // The run still open for each person, by user id: continued while they are away the next day too.
    const open = new Map<number, Omit<Bar, 'lane'>>();
    days.forEach((day, column) => {
      const away = new Set<number>();
      for (const person of day[kind]) {
        away.add(person.user);
        const run = open.get(person.user);
        if (run && run.start + run.span === column) run.span += 1;
        else {
          const fresh = { person, kind, start: column, span: 1 };
          open.set(person.user, fresh);
          runs.push(fresh);
        }
      }
      for (const user of open.keys()) if (!away.has(user)) open.delete(user);
    });
  }
  runs.sort((a, b) => a.start - b.start || b.span - a.span);
  // The first free column of each lane.
  const laneEnds: number[] = [];
  return runs.map((run) => {
    let lane = laneEnds.findIndex((end) => end <= run.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = run.start + run.span;
    return { ...run, lane };
  });
}

/** Spec §9: 35 cells (five weeks of seven days) stand in for the month while it loads. */
export const SKELETON_CELLS = 35;

const pad = (value: number) => String(value).padStart(2, '0');

/** yyyy-mm-dd of a local date: the server's date format and the page's `date` parameter. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A yyyy-mm-dd day as the UI writes dates: dd.mm.yyyy. */
export function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

/** The date of a `date` parameter, or null when it is not a real yyyy-mm-dd day. */
export function parseIsoDate(text: string | null): Date | null {
  const match = text?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** The first day of the month `offset` months away from `date`'s. */
export function shiftMonth(date: Date, offset: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + offset, 1);
}

/** First and last day (yyyy-mm-dd) of a month, month 1–12. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  return { from: isoDate(new Date(year, month - 1, 1)), to: isoDate(new Date(year, month, 0)) };
}

/** Saturday and Sunday of a yyyy-mm-dd date. */
export function isWeekend(iso: string): boolean {
  const weekday = parseIsoDate(iso)?.getDay();
  return weekday === 0 || weekday === 6;
}
