import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatTimeRange,
  isOnDayOf,
  markerSlot,
  placeSideBySide,
  slotPosition,
  timelineSlots,
} from './timeline';

const at = (time: string) => new Date(`2026-11-23T${time}:00`);

describe('calendar widget timeline', () => {
  it('has 24 half-hour slots from 08:00 to 19:30', () => {
    const slots = timelineSlots();
    expect(slots).toHaveLength(24);
    expect(slots.slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
    expect(slots.at(-1)).toBe('19:30');
  });

  it('snaps the marker down to the current :00 or :30 slot', () => {
    expect(markerSlot(at('08:00'))).toBe(0);
    expect(markerSlot(at('08:29'))).toBe(0);
    expect(markerSlot(at('08:30'))).toBe(1);
    expect(markerSlot(at('13:47'))).toBe(11);
    expect(markerSlot(at('19:59'))).toBe(23);
  });

  it('shows no marker before 08:00 or from 20:00', () => {
    expect(markerSlot(at('07:59'))).toBeNull();
    expect(markerSlot(at('20:00'))).toBeNull();
  });

  it('places a time between slots with the fraction of a slot', () => {
    expect(slotPosition(at('09:15'))).toBe(2.5);
  });

  it("labels a meeting's time as 'HH:mm - HH:mm' and its length in hours and minutes", () => {
    expect(formatTimeRange(at('09:05'), at('10:35'))).toBe('09:05 - 10:35');
    expect(formatDuration(at('09:00'), at('10:30'))).toBe('1 h 30 m');
    expect(formatDuration(at('09:00'), at('11:00'))).toBe('2 h');
    expect(formatDuration(at('09:00'), at('09:45'))).toBe('45 m');
  });
});

describe("today's meetings", () => {
  const now = at('13:47');
  const meeting = (from: string, to: string) => ({ start: new Date(from), end: new Date(to) });

  it('keeps the meetings that take up part of today, also those from yesterday or into tomorrow', () => {
    expect(isOnDayOf(meeting('2026-11-23T09:00:00', '2026-11-23T10:00:00'), now)).toBe(true);
    expect(isOnDayOf(meeting('2026-11-22T23:00:00', '2026-11-23T01:00:00'), now)).toBe(true);
    expect(isOnDayOf(meeting('2026-11-23T23:30:00', '2026-11-24T00:30:00'), now)).toBe(true);
  });

  it('leaves out those that ended by midnight or start tomorrow', () => {
    expect(isOnDayOf(meeting('2026-11-22T23:00:00', '2026-11-23T00:00:00'), now)).toBe(false);
    expect(isOnDayOf(meeting('2026-11-24T00:00:00', '2026-11-24T01:00:00'), now)).toBe(false);
  });
});

describe('overlapping meetings side by side', () => {
  const block = (id: string, from: string, to: string) => ({ id, start: at(from), end: at(to) });
  const places = (meetings: ReturnType<typeof block>[]) =>
    Object.fromEntries(
      placeSideBySide(meetings).map(({ meeting, column, columns }) => [
        meeting.id,
        `${column + 1}/${columns}`,
      ]),
    );

  it('gives a meeting that overlaps nothing the whole width', () => {
    expect(places([block('a', '09:00', '10:00'), block('b', '10:00', '11:00')])).toEqual({
      a: '1/1',
      b: '1/1',
    });
  });

  it('puts meetings that overlap in columns of one group, the earlier and longer one first', () => {
    expect(
      places([block('b', '09:30', '10:00'), block('a', '09:00', '11:00'), block('c', '09:00', '09:30')]),
    ).toEqual({ a: '1/2', c: '2/2', b: '2/2' });
  });

  it('counts the columns of a group that overlaps only through a middle meeting', () => {
    // a and c do not meet, but both meet b: one group of two columns, c taking the column a left.
    expect(
      places([block('a', '09:00', '10:00'), block('b', '09:30', '11:00'), block('c', '10:00', '10:30')]),
    ).toEqual({ a: '1/2', b: '2/2', c: '1/2' });
  });

  it('opens as many columns as meetings run at once', () => {
    expect(
      places([
        block('a', '09:00', '10:00'),
        block('b', '09:00', '10:00'),
        block('c', '09:15', '09:45'),
        block('d', '12:00', '13:00'),
      ]),
    ).toEqual({ a: '1/3', b: '2/3', c: '3/3', d: '1/1' });
  });
});
