import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { clockTime, dateTime, isoDay, shortDate, weekday, weekdayDayMonth } from './dates';

// Each helper writes what date-fns' format wrote with the pattern it replaces.
const days = [
  new Date(2026, 0, 5, 9, 7),
  new Date(2026, 11, 31, 23, 59),
  new Date(2025, 5, 1, 0, 0),
  new Date(2024, 1, 29, 12, 30),
  new Date(99, 2, 8, 4, 5),
];

describe('dates', () => {
  it.each(days)('writes %s as date-fns did', (date) => {
    expect(isoDay(date)).toBe(format(date, 'yyyy-MM-dd'));
    expect(shortDate(date)).toBe(format(date, 'dd.MM.yyyy'));
    expect(clockTime(date)).toBe(format(date, 'HH:mm'));
    expect(dateTime(date)).toBe(format(date, 'dd.MM.yyyy HH:mm'));
    expect(weekday(date)).toBe(format(date, 'EEEE'));
    expect(weekdayDayMonth(date)).toBe(format(date, 'EEEE, d MMMM'));
  });

  it('writes every weekday and month by its English name', () => {
    for (let day = 0; day < 7; day++) {
      const date = new Date(2026, 1, 1 + day);
      expect(weekday(date)).toBe(format(date, 'EEEE'));
    }
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, 15);
      expect(weekdayDayMonth(date)).toBe(format(date, 'EEEE, d MMMM'));
    }
  });
});
