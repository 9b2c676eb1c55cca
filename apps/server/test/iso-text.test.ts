import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/client';
import { isoFromPgText } from '../src/db/iso-text';
import { openTestDatabase } from './database';

/** What the answers gave before: the text parsed into a Date and written out again. */
const throughDate = (text: string) => new Date(text).toISOString();

describe('a timestamp written as ISO text without a Date', () => {
  it('gives what a Date gives, for every length of fraction and none', () => {
    const texts = [
      '2026-11-29 09:09:27+00',
      '2026-11-29 09:09:27.1+00',
      '2026-11-29 09:09:27.12+00',
      '2026-11-29 09:09:27.123+00',
      '2026-11-29 09:09:27.1234+00',
      '2026-11-29 09:09:27.12345+00',
      '2026-11-29 09:09:27.999999+00',
      '2024-02-29 23:59:59.05+00',
      '1970-01-01 00:00:00+00',
    ];
    for (const text of texts) expect(isoFromPgText(text), text).toBe(throughDate(text));
    expect(isoFromPgText('2026-11-29 09:09:27.1+00')).toBe('2026-11-29T09:09:27.100Z');
    expect(isoFromPgText('2026-11-29 09:09:27.999999+00')).toBe('2026-11-29T09:09:27.999Z');
  });

  it('goes through a Date for any other offset or a year past 9999', () => {
    for (const text of [
      '2026-11-29 10:09:27.5+01',
      '2026-11-29 04:39:27.123+05:30',
      '2026-11-28 23:09:27-10',
      '12026-11-29 09:09:27+00',
    ])
      expect(isoFromPgText(text), text).toBe(throughDate(text));
    expect(isoFromPgText('2026-11-29 04:39:27.123+05:30')).toBe('2026-11-28T23:09:27.123Z');
  });

  describe('read from the database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database?.close());

    it('matches the Date the same column gives, whatever the session writes', async () => {
      const moments = [
        '2026-11-29T09:09:27.134567Z',
        '2026-11-29T09:09:27Z',
        '2026-03-29T01:30:00.5Z',
        '1999-12-31T23:59:59.999Z',
      ];
      for (const moment of moments) {
        const [row] = await queryRows<{ text: string }>(
          database.db,
          sql`select ${moment}::timestamptz::text as text`,
        );
        const text = row?.text ?? '';
        expect(isoFromPgText(text), text).toBe(throughDate(text));
        expect(isoFromPgText(text)).toBe(new Date(moment).toISOString());
      }
    });
  });
});
