import { describe, expect, it } from 'vitest';
import { timingLabel } from './timing';

/** Local wall-clock times: the label speaks of the viewer's own days. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00`);
// Monday 23 November 2026, a meeting from 10:00 to 11:00.
const start = at('2026-11-23', '10:00');
const end = at('2026-11-23', '11:00');
const label = (now: Date, from = start, to = end) => timingLabel(from, to, now);

describe('meeting timing label', () => {
  it('is ongoing from the start up to the end', () => {
    expect(label(at('2026-11-23', '10:00'))).toBe('ongoing');
    expect(label(new Date(end.getTime() - 1))).toBe('ongoing');
  });

  it('says the meeting is over from its end on', () => {
    expect(label(end)).toBe('meeting is over');
    expect(label(at('2026-11-25', '08:00'))).toBe('meeting is over');
  });

  it('counts whole minutes under an hour ahead, at least one', () => {
    expect(label(new Date(start.getTime() - 30_000))).toBe('start in 1 minute');
    expect(label(at('2026-11-23', '09:58'))).toBe('start in 2 minutes');
    expect(label(new Date(start.getTime() - 59 * 60_000 - 59_000))).toBe('start in 59 minutes');
  });

  it('counts whole hours from one hour to under a day ahead', () => {
    expect(label(at('2026-11-23', '09:00'))).toBe('start in 1 hour');
    expect(label(at('2026-11-23', '07:59'))).toBe('start in 2 hours');
    // The next day's meeting still under 24 hours ahead is counted in hours.
    expect(label(at('2026-11-22', '10:01'))).toBe('start in 23 hours');
  });

  it('says tomorrow for a meeting on the next calendar day a day or more ahead', () => {
    expect(label(at('2026-11-22', '10:00'), at('2026-11-23', '10:00'), at('2026-11-23', '11:00'))).toBe(
      'starts tomorrow',
    );
    expect(label(at('2026-11-22', '00:30'), at('2026-11-23', '23:00'), at('2026-11-23', '23:30'))).toBe(
      'starts tomorrow',
    );
  });

  it('names the day of the month and the weekday of anything later', () => {
    const thursday = at('2026-11-26', '10:00');
    expect(label(at('2026-11-23', '09:00'), thursday, at('2026-11-26', '11:00'))).toBe(
      'starts in 26 Thursday',
    );
    // Two calendar days ahead, though fewer than 48 hours.
    expect(label(at('2026-11-24', '23:00'), thursday, at('2026-11-26', '11:00'))).toBe(
      'starts in 26 Thursday',
    );
  });
});
