import type { AwayPerson, CalendarDay } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { isoDate, layoutWeekBars, monthBounds, parseIsoDate, shiftMonth } from './month-grid';

const person = (user: number): AwayPerson => ({
  user,
  first_name: 'Person',
  last_name: `No${user}`,
  avatar: null,
});

/** A week from Monday 2026-03-02 where `away[column]` lists who is on vacation and `sick[column]` who is ill. */
function week(away: number[][], sick: number[][] = []): CalendarDay[] {
  return Array.from({ length: 7 }, (_, column) => ({
    date: `2026-03-0${column + 2}`,
    vacation: (away[column] ?? []).map(person),
    sick_leave: (sick[column] ?? []).map(person),
    vacation_count: away[column]?.length ?? 0,
    sick_leave_count: sick[column]?.length ?? 0,
    day_off: column >= 5,
  }));
}

const summary = (days: CalendarDay[]) =>
  layoutWeekBars(days).map(({ person: { user }, kind, start, span, lane }) => ({
    user,
    kind,
    start,
    span,
    lane,
  }));

describe('layoutWeekBars', () => {
  it('joins consecutive days of one person into one bar with its start column and span', () => {
    expect(summary(week([[], [1], [1], [1]]))).toEqual([
      { user: 1, kind: 'vacation', start: 1, span: 3, lane: 0 },
    ]);
  });

  it('breaks a bar where the days stop being consecutive', () => {
    expect(summary(week([[1], [1], [], [1]]))).toEqual([
      { user: 1, kind: 'vacation', start: 0, span: 2, lane: 0 },
      { user: 1, kind: 'vacation', start: 3, span: 1, lane: 0 },
    ]);
  });

  it('ends a bar at the week boundary: an absence over Sunday gives one bar per week row', () => {
    const first = week([[], [], [], [], [], [1], [1]]);
    const second = week([[1], [1]]);
    expect(summary(first)).toEqual([{ user: 1, kind: 'vacation', start: 5, span: 2, lane: 0 }]);
    expect(summary(second)).toEqual([{ user: 1, kind: 'vacation', start: 0, span: 2, lane: 0 }]);
  });

  it('stacks people away at the same time into lanes and reuses a lane once it is free', () => {
    expect(summary(week([[1, 2], [1, 2], [2], [3], [3]]))).toEqual(
      [
        { user: 1, kind: 'vacation', start: 0, span: 2, lane: 1 },
        { user: 2, kind: 'vacation', start: 0, span: 3, lane: 0 },
        { user: 3, kind: 'vacation', start: 3, span: 2, lane: 0 },
      ].sort((a, b) => a.start - b.start || b.span - a.span),
    );
  });

  it('gives vacation and sick leave of one person separate bars', () => {
    expect(summary(week([[4], [4]], [[], [], [4], [4]]))).toEqual([
      { user: 4, kind: 'vacation', start: 0, span: 2, lane: 0 },
      { user: 4, kind: 'sick_leave', start: 2, span: 2, lane: 0 },
    ]);
  });

  it('has no bars for a week nobody is away', () => {
    expect(layoutWeekBars(week([]))).toEqual([]);
  });
});

describe('calendar dates', () => {
  it('reads only real yyyy-mm-dd days', () => {
    expect(isoDate(parseIsoDate('2026-02-28') as Date)).toBe('2026-02-28');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('28.02.2026')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
  });

  it('steps months across the year boundary from any day of the month', () => {
    expect(isoDate(shiftMonth(new Date(2026, 0, 31), -1))).toBe('2025-12-01');
    expect(isoDate(shiftMonth(new Date(2026, 11, 15), 1))).toBe('2027-01-01');
  });

  it('knows the first and last day of a month', () => {
    expect(monthBounds(2028, 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
