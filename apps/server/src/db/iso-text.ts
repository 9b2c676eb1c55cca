import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * A timestamptz as PostgreSQL writes it in a UTC session ('2026-11-29 09:09:27.134567+00') as
 * `Date#toISOString` writes the same moment ('2026-11-29T09:09:27.134Z': milliseconds, the rest cut
 * off), without making a Date: parsing the text into one and writing it out again took 0.52 µs, this
 * 0.04, and a task row has six moments (docs/performance.md, twentieth pass). Any other
 * shape (another offset, a year past 9999, BC) goes through a Date as before.
 */
export function isoFromPgText(text: string): string {
  const length = text.length;
  const simple =
    text.endsWith('+00') &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === ' ' &&
    text[13] === ':' &&
    text[16] === ':' &&
    (length === 22 || (text[19] === '.' && length >= 24 && length <= 29));
  if (!simple) return new Date(text).toISOString();
  const fraction = length === 22 ? '000' : text.slice(20, Math.min(23, length - 3)).padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

type NullIfNullable<C extends Column> = C['_']['notNull'] extends true ? never : null;

/**
 * Selects a timestamptz column for an answer: its ISO 8601 text, as the contracts give moments, rather
 * than a Date made only to be written out again.
 */
export function isoText<C extends Column>(column: C): SQL<string | NullIfNullable<C>> {
  // mapWith types the selection by the decoder's result, which never sees a null: the column's own says.
  return sql`${column}`.mapWith(isoFromPgText) as SQL<string | NullIfNullable<C>>;
}
