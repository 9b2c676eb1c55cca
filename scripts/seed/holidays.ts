import type { Db } from '../../apps/server/src/db/client';
import { holidays } from '../../apps/server/src/db/schema/index';
import { insertRows } from './bulk';
import type { Company } from './structure';

/** Public holidays every company observes: fixed dates and the ones that move with Easter. */
const FIXED: readonly [month: number, day: number, name: string][] = [
  [1, 1, "New Year's Day"],
  [5, 1, 'Labour Day'],
  [12, 24, 'Christmas Eve'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Boxing Day'],
  [12, 31, "New Year's Eve"],
];
const EASTER_BASED: readonly [offsetDays: number, name: string][] = [
  [-2, 'Good Friday'],
  [1, 'Easter Monday'],
  [50, 'Whit Monday'],
];

/** The year's holidays as ISO dates. */
function holidaysOf(year: number): { date: string; name: string }[] {
  const easter = easterSunday(year);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return [
    ...FIXED.map(([month, day, name]) => ({ date: iso(new Date(Date.UTC(year, month - 1, day))), name })),
    ...EASTER_BASED.map(([offset, name]) => ({
      date: iso(new Date(easter.getTime() + offset * 86_400_000)),
      name,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** Gregorian Easter Sunday (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** This year's and next year's holidays for each company; days a company already has are kept. */
export async function ensureHolidays(db: Db, companies: readonly Company[], now: Date): Promise<void> {
  const year = now.getUTCFullYear();
  const days = [...holidaysOf(year), ...holidaysOf(year + 1)];
  await insertRows(
    db,
    holidays,
    companies.flatMap((company) => days.map((day) => ({ companyId: company.id, ...day, vacation: true }))),
    { ignoreConflicts: true },
  );
}
