import { describe, expect, it } from 'vitest';
import {
  fromWallClock,
  isTimeZone,
  startOfZonedDay,
  wallClock,
  zonedDay,
  zoneOffsetMs,
} from '../src/lib/time-zones';
import { zonedDays } from '../src/modules/meetings/days';
import { hoursLabel } from '../src/modules/meetings/hours';
import { occurrencesBetween, type Schedule } from '../src/modules/meetings/occurrences';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
const starts = (schedule: Schedule, from: string, to: string) =>
  occurrencesBetween(schedule, at(from), at(to)).map((o) => o.start.toISOString());

/** Berlin leaves winter time on Sunday 2026-03-29 (02:00 → 03:00) and returns on 2026-10-25 (03:00 → 02:00). */
const BERLIN = 'Europe/Berlin';

describe('recurrence expansion', () => {
  it('a single meeting is one occurrence, when it overlaps the window', () => {
    const meeting: Schedule = {
      startsAt: at('2026-11-20T09:00:00Z'),
      endsAt: at('2026-11-20T10:00:00Z'),
      timeZone: 'UTC',
      recurrence: null,
      recurrenceUntil: null,
    };
    expect(starts(meeting, '2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z')).toEqual([
      '2026-11-20T09:00:00.000Z',
    ]);
    expect(starts(meeting, '2026-11-20T09:30:00Z', '2026-11-20T09:45:00Z')).toHaveLength(1);
    // The window is half-open: a meeting ending as it starts, or starting as it ends, is not in it.
    expect(starts(meeting, '2026-11-20T10:00:00Z', '2026-11-21T00:00:00Z')).toEqual([]);
    expect(starts(meeting, '2026-11-20T00:00:00Z', '2026-11-20T09:00:00Z')).toEqual([]);
  });

  it('a daily meeting keeps 09:00 Berlin time across the spring DST change, through its last day', () => {
    const standUp: Schedule = {
      startsAt: at('2026-03-26T08:00:00Z'), // Thursday 09:00 CET
      endsAt: at('2026-03-26T08:15:00Z'),
      timeZone: BERLIN,
      recurrence: 'daily',
      recurrenceUntil: '2026-03-31',
    };
    const occurrences = occurrencesBetween(standUp, at('2026-03-01T00:00:00Z'), at('2026-05-01T00:00:00Z'));
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-03-26T08:00:00.000Z',
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
    ]);
    for (const { start, end } of occurrences) {
      expect(wallClock(start, BERLIN)).toMatchObject({ hour: 9, minute: 0 });
      expect(end.getTime() - start.getTime()).toBe(15 * 60_000);
    }
  });

  it('a weekly meeting keeps its local time across the autumn change and stops after its last day', () => {
    const review: Schedule = {
      startsAt: at('2026-10-19T07:00:00Z'), // Monday 09:00 CEST
      endsAt: at('2026-10-19T08:00:00Z'),
      timeZone: BERLIN,
      recurrence: 'weekly',
      recurrenceUntil: '2026-11-09',
    };
    expect(starts(review, '2026-10-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-10-19T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
      '2026-11-09T08:00:00.000Z',
    ]);
    // Only the weeks the window touches, and none on the days between.
    expect(starts(review, '2026-10-27T00:00:00Z', '2026-11-08T00:00:00Z')).toEqual([
      '2026-11-02T08:00:00.000Z',
    ]);
  });

  it('a recurrence without an end still falls on today, years after it started, and includes the one under way', () => {
    const standUp: Schedule = {
      startsAt: at('2020-01-06T09:30:00Z'),
      endsAt: at('2020-01-06T09:45:00Z'),
      timeZone: 'UTC',
      recurrence: 'daily',
      recurrenceUntil: null,
    };
    expect(starts(standUp, '2026-11-20T09:40:00Z', '2026-11-22T00:00:00Z')).toEqual([
      '2026-11-20T09:30:00.000Z',
      '2026-11-21T09:30:00.000Z',
    ]);
  });

  it('an occurrence that crosses midnight belongs to both days it overlaps', () => {
    const lateShift: Schedule = {
      startsAt: at('2026-11-16T23:00:00Z'),
      endsAt: at('2026-11-17T01:00:00Z'),
      timeZone: 'UTC',
      recurrence: 'daily',
      recurrenceUntil: null,
    };
    expect(starts(lateShift, '2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z')).toEqual([
      '2026-11-19T23:00:00.000Z',
      '2026-11-20T23:00:00.000Z',
    ]);
  });

  it('a daily 02:30 meeting moves to 03:30 on the day that skips 02:30, and takes the first 02:30 of the day that repeats it', () => {
    const night: Schedule = {
      startsAt: at('2026-03-28T01:30:00Z'), // 02:30 CET
      endsAt: at('2026-03-28T02:00:00Z'),
      timeZone: BERLIN,
      recurrence: 'daily',
      recurrenceUntil: null,
    };
    const spring = occurrencesBetween(night, at('2026-03-29T00:00:00Z'), at('2026-03-29T12:00:00Z'));
    expect(spring.map((o) => o.start.toISOString())).toEqual(['2026-03-29T01:30:00.000Z']);
    expect(wallClock(spring[0]!.start, BERLIN)).toMatchObject({ hour: 3, minute: 30 });
    expect(starts(night, '2026-10-24T22:00:00Z', '2026-10-25T12:00:00Z')).toEqual([
      '2026-10-25T00:30:00.000Z',
    ]);
  });
});

describe('hours label (spec: "h:mm AM - h:mm PM")', () => {
  it('writes the start and end in 12-hour time of the zone asked for', () => {
    expect(hoursLabel(at('2026-11-20T09:00:00Z'), at('2026-11-20T10:30:00Z'), 'UTC')).toBe(
      '9:00 AM - 10:30 AM',
    );
    expect(hoursLabel(at('2026-11-20T09:00:00Z'), at('2026-11-20T10:30:00Z'), BERLIN)).toBe(
      '10:00 AM - 11:30 AM',
    );
    expect(hoursLabel(at('2026-11-20T12:05:00Z'), at('2026-11-20T13:00:00Z'), 'UTC')).toBe(
      '12:05 PM - 1:00 PM',
    );
    expect(hoursLabel(at('2026-11-20T23:30:00Z'), at('2026-11-21T00:15:00Z'), 'UTC')).toBe(
      '11:30 PM - 12:15 AM',
    );
    expect(hoursLabel(at('2026-11-20T09:00:00Z'), at('2026-11-20T10:00:00Z'), 'America/New_York')).toBe(
      '4:00 AM - 5:00 AM',
    );
  });
});

describe('time zones', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('reads the wall clock and the day of an instant in a zone', () => {
    expect(wallClock(at('2026-07-01T10:15:30Z'), BERLIN)).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 12,
      minute: 15,
      second: 30,
    });
    expect(zonedDay(at('2026-11-20T23:30:00Z'), BERLIN)).toBe('2026-11-21');
    expect(zonedDay(at('2026-11-20T23:30:00Z'), 'UTC')).toBe('2026-11-20');
    expect(zonedDay(at('2026-11-21T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-20');
  });

  it('gives the offset of summer and winter time', () => {
    expect(zoneOffsetMs(at('2026-07-01T12:00:00Z'), BERLIN)).toBe(2 * HOUR);
    expect(zoneOffsetMs(at('2026-01-01T12:00:00Z'), BERLIN)).toBe(HOUR);
    expect(zoneOffsetMs(at('2026-01-01T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
  });

  it('turns a wall-clock time back into its instant', () => {
    const noon = { year: 2026, month: 7, day: 1, hour: 12, minute: 0, second: 0 };
    expect(fromWallClock(noon, BERLIN).toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(fromWallClock(noon, 'Asia/Kolkata').toISOString()).toBe('2026-07-01T06:30:00.000Z');
  });

  it('moves a skipped wall-clock time forward by the change and takes the first of a repeated one', () => {
    const skipped = { year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0 };
    expect(fromWallClock(skipped, BERLIN).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    const newYorkSkipped = { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 };
    expect(fromWallClock(newYorkSkipped, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    const repeated = { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 };
    expect(fromWallClock(repeated, BERLIN).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('starts a day at its local midnight; a DST day is 23 or 25 hours long', () => {
    expect(startOfZonedDay('2026-03-29', BERLIN).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    const spring = zonedDays('2026-03-29', 1, BERLIN);
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * HOUR);
    const autumn = zonedDays('2026-10-25', 1, BERLIN);
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * HOUR);
  });
});
