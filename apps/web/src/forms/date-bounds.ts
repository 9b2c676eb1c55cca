import { isoDay } from '../lib/dates';

/**
 * Date and time bounds of server-defined fields (extra min_date, max_date, min_time, max_time). A date
 * bound is a day (yyyy-mm-dd) or a day relative to the day of filling in: 'today', 'today+N', 'today-N'.
 */

const RELATIVE = /^today(?:([+-])(\d+))?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(?::\d{2})?$/;

/** The day a bound names, as yyyy-mm-dd, counting relative bounds from `today`; null for none or nonsense. */
export function resolveDateBound(bound: string | null | undefined, today: Date): string | null {
  if (!bound) return null;
  const text = bound.trim();
  if (ISO_DAY.test(text)) return text;
  const relative = RELATIVE.exec(text);
  if (!relative) return null;
  const [, sign, amount] = relative;
  const offset = amount ? Number(amount) * (sign === '-' ? -1 : 1) : 0;
  return isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset));
}

/** 'yyyy-mm-dd' as the UI shows it, 'dd.mm.yyyy'. */
export const shownDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** A time bound as HH:mm (seconds dropped), or null for none or nonsense. */
export const timeBound = (bound: string | null | undefined) =>
  bound && TIME.test(bound.trim()) ? bound.trim().slice(0, 5) : null;
