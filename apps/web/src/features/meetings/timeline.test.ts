import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeRange, markerSlot, slotPosition, timelineSlots } from './timeline';

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
