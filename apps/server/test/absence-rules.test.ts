import { describe, expect, it } from 'vitest';
import { accrualPlan, accrualStartOf, monthlyShare } from '../src/modules/absences/balance';
import { countDays } from '../src/modules/absences/day-count';

describe('day count (spec §3 "Day counter")', () => {
  const holidays = new Set(['2026-12-25', '2027-01-01']);
  it('a vacation counts calendar days, weekends included, without the public holidays in it', () => {
    expect(countDays('vacation', '2026-12-21', '2026-12-27', holidays)).toBe(6);
    expect(countDays('vacation', '2026-12-21', '2027-01-03', holidays)).toBe(12);
    expect(countDays('vacation', '2026-12-19', '2026-12-20', holidays)).toBe(2);
  });
  it('sick leave, leave at own expense and business trips count every calendar day', () => {
    for (const kind of ['sick_leave', 'own_expense', 'business_trip'] as const) {
      expect(countDays(kind, '2026-12-21', '2026-12-27', holidays)).toBe(7);
    }
  });
  it('a one-day period counts one day, a holiday-only vacation none', () => {
    expect(countDays('vacation', '2026-12-24', '2026-12-24', holidays)).toBe(1);
    expect(countDays('vacation', '2026-12-25', '2026-12-25', holidays)).toBe(0);
  });
});

describe('monthly accrual', () => {
  it('a month earns the yearly allowance / 12, rounded to 2 decimals', () => {
    expect(monthlyShare(28)).toBe(2.33);
    expect(monthlyShare(24)).toBe(2);
  });
  it('is earned on the first of each month, the hire month on the hire date', () => {
    expect(accrualPlan('2026-09-15', '2026-11-20', 28)).toEqual([
      { month: '2026-09-01', showAt: '2026-09-15', value: 2.33 },
      { month: '2026-10-01', showAt: '2026-10-01', value: 2.33 },
      { month: '2026-11-01', showAt: '2026-11-01', value: 2.33 },
    ]);
  });
  it('crosses the year and stops at the date; nothing before a hire date still to come', () => {
    expect(accrualPlan('2026-12-01', '2027-01-01', 28).map((a) => a.month)).toEqual([
      '2026-12-01',
      '2027-01-01',
    ]);
    expect(accrualPlan('2026-11-25', '2026-11-20', 28)).toEqual([]);
  });
});

describe('where the accrual starts', () => {
  it('the hire date, when later than the opening of the ledger', () => {
    expect(accrualStartOf('2026-09-15', null, '2026-11-20')).toBe('2026-09-15');
  });
  it('1 January of the year the ledger is first used, for earlier hires and people without a hire date', () => {
    expect(accrualStartOf('2012-03-01', null, '2026-11-20')).toBe('2026-01-01');
    expect(accrualStartOf(null, null, '2026-11-20')).toBe('2026-01-01');
  });
  it('once opened, the ledger keeps its start in later years', () => {
    expect(accrualStartOf(null, '2026-01-01', '2027-02-10')).toBe('2026-01-01');
    expect(accrualStartOf('2012-03-01', '2026-01-01', '2027-02-10')).toBe('2026-01-01');
  });
});
