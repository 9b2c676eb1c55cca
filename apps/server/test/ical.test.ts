import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icalStamp, writeCalendar } from '../src/modules/calendar/ical';

const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma and writes line breaks as \\n', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('leaves colons and other text alone', () => {
    expect(escapeText('Ann Archer — Vacation: 5 days')).toBe('Ann Archer — Vacation: 5 days');
  });
});

describe('foldLine', () => {
  it('keeps a line of 75 octets whole', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(Buffer.byteLength(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines at 75 octets, continuation lines starting with one space', () => {
    const line = `SUMMARY:${'x'.repeat(200)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(3);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(Buffer.byteLength(parts[0]!)).toBe(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('counts octets, not characters, and never splits a multi-byte character', () => {
    // 'ä' is two octets and '😀' four in UTF-8.
    const line = `SUMMARY:${'ä😀'.repeat(30)}`;
    const parts = foldLine(line).split('\r\n');
    for (const part of parts) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    expect(unfold(parts.join('\r\n'))).toBe(line);
  });
});

describe('writeCalendar', () => {
  const text = writeCalendar({
    prodId: '-//Atrium//Absence calendar//EN',
    name: 'Absences, Acme; all',
    stamp: new Date('2026-11-20T09:05:07.123Z'),
    events: [
      {
        uid: 'absence-7@atrium.test',
        start: '2026-12-28',
        end: '2026-12-31',
        summary: 'Ann Archer — Vacation',
      },
      { uid: 'absence-8@atrium.test', start: '2027-02-28', end: '2027-02-28', summary: 'Ben, Brown — Away' },
    ],
  });
  const lines = unfold(text).split('\r\n');

  it('ends every line with CRLF and has no bare line feed or carriage return', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes the calendar properties clients need', () => {
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//Atrium//Absence calendar//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Absences\\, Acme\\; all',
    ]);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('writes all-day events with an exclusive end, across a year end and a month end', () => {
    const first = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(first).toEqual([
      'BEGIN:VEVENT',
      'UID:absence-7@atrium.test',
      'DTSTAMP:20261120T090507Z',
      'DTSTART;VALUE=DATE:20261228',
      'DTEND;VALUE=DATE:20270101',
      'SUMMARY:Ann Archer — Vacation',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]);
    expect(lines).toContain('DTSTART;VALUE=DATE:20270228');
    expect(lines).toContain('DTEND;VALUE=DATE:20270301');
    expect(lines).toContain('SUMMARY:Ben\\, Brown — Away');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
  });

  it('folds long summaries', () => {
    const long = writeCalendar({
      prodId: '-//x//EN',
      name: 'n',
      stamp: new Date('2026-01-01T00:00:00Z'),
      events: [{ uid: 'u', start: '2026-01-01', end: '2026-01-01', summary: 'Å'.repeat(100) }],
    });
    for (const line of long.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfold(long)).toContain(`SUMMARY:${'Å'.repeat(100)}\r\n`);
  });

  it('stamps in UTC without fractions', () => {
    expect(icalStamp(new Date('2026-03-04T05:06:07.890Z'))).toBe('20260304T050607Z');
  });
});
