import { describe, expect, it } from 'vitest';
import { resolveDateBound, shownDay, timeBound } from './date-bounds';

// Late in the evening of the last day of a month, local time: relative days roll over months.
const TODAY = new Date(2026, 10, 30, 23, 30);

describe('date bounds', () => {
  it('takes a day as it is and counts today, today+N and today-N from the day of filling in', () => {
    expect(resolveDateBound('2026-01-15', TODAY)).toBe('2026-01-15');
    expect(resolveDateBound('today', TODAY)).toBe('2026-11-30');
    expect(resolveDateBound('today+1', TODAY)).toBe('2026-12-01');
    expect(resolveDateBound('today-30', TODAY)).toBe('2026-10-31');
  });

  it('ignores a missing or unreadable bound', () => {
    expect(resolveDateBound(null, TODAY)).toBeNull();
    expect(resolveDateBound('', TODAY)).toBeNull();
    expect(resolveDateBound('tomorrow', TODAY)).toBeNull();
    expect(timeBound('9am')).toBeNull();
    expect(timeBound(undefined)).toBeNull();
  });

  it('shows days as dd.mm.yyyy and times as HH:mm', () => {
    expect(shownDay('2026-12-01')).toBe('01.12.2026');
    expect(timeBound('09:30:00')).toBe('09:30');
    expect(timeBound('18:00')).toBe('18:00');
  });
});
