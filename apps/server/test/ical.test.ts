import { describe, expect, it } from 'vitest';
import {
  escapeText,
  foldLine,
  icalStamp,
  type TimedEvent,
  timeZoneLines,
  writeCalendar,
} from '../src/modules/calendar/ical';
import { parseIcs } from '../src/modules/meetings/ics-parse';

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

describe('writeCalendar with meetings', () => {
  const stamp = new Date('2026-11-20T09:05:07Z');
  const standup: TimedEvent = {
    uid: 'meeting-1@atrium.test',
    // 10:00–10:30 in Berlin.
    startsAt: new Date('2026-11-20T09:00:00Z'),
    endsAt: new Date('2026-11-20T09:30:00Z'),
    summary: 'Stand-up; daily, short',
    description: 'Blockers first.\nThen news.',
    url: 'https://meet.example.com/abc?x=1,2',
    attendees: [
      { email: 'ann@acme.test', name: 'Archer, Ann "the PM"' },
      { email: 'vera@vendor.example', name: 'vera@vendor.example' },
    ],
    repeat: { freq: 'DAILY', zone: 'Europe/Berlin', until: '2026-11-24' },
  };
  const review: TimedEvent = {
    uid: 'meeting-2@atrium.test',
    startsAt: new Date('2026-11-23T15:00:00Z'),
    endsAt: new Date('2026-11-23T16:00:00Z'),
    summary: 'Design review',
    description: '',
    url: null,
    attendees: [],
    repeat: null,
  };
  const text = writeCalendar({
    prodId: '-//Atrium//Meetings//EN',
    name: 'Meetings',
    stamp,
    events: [standup, review],
  });
  const lines = unfold(text).split('\r\n');
  const block = (begin: string, from = 0) => {
    const start = lines.indexOf(`BEGIN:${begin}`, from);
    return lines.slice(start, lines.indexOf(`END:${begin}`, start) + 1);
  };

  it('writes a single meeting in UTC with its summary, and no empty description or link', () => {
    expect(block('VEVENT', lines.indexOf('UID:meeting-2@atrium.test') - 1)).toEqual([
      'BEGIN:VEVENT',
      'UID:meeting-2@atrium.test',
      'DTSTAMP:20261120T090507Z',
      'DTSTART:20261123T150000Z',
      'DTEND:20261123T160000Z',
      'SUMMARY:Design review',
      'END:VEVENT',
    ]);
  });

  it("writes a repeat in its zone, with UNTIL at the last occurrence's start, escaped text and quoted names", () => {
    expect(block('VEVENT')).toEqual([
      'BEGIN:VEVENT',
      'UID:meeting-1@atrium.test',
      'DTSTAMP:20261120T090507Z',
      'DTSTART;TZID=Europe/Berlin:20261120T100000',
      'DTEND;TZID=Europe/Berlin:20261120T103000',
      'RRULE:FREQ=DAILY;UNTIL=20261124T090000Z',
      'SUMMARY:Stand-up\\; daily\\, short',
      'DESCRIPTION:Blockers first.\\nThen news.',
      'URL:https://meet.example.com/abc?x=1,2',
      `ATTENDEE;CN="Archer, Ann ^'the PM^'":mailto:ann@acme.test`,
      'ATTENDEE;CN="vera@vendor.example":mailto:vera@vendor.example',
      'END:VEVENT',
    ]);
  });

  it("describes the repeat's zone with its daylight-saving changes from the zone's first meeting on", () => {
    expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    const observance = (kind: string, start: string, from: string, to: string) => [
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${from}`,
      `TZOFFSETTO:${to}`,
      `END:${kind}`,
    ];
    expect(block('VTIMEZONE')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      ...observance('STANDARD', '20261120T100000', '+0100', '+0100'),
      ...observance('DAYLIGHT', '20270328T020000', '+0100', '+0200'),
      ...observance('STANDARD', '20271031T030000', '+0200', '+0100'),
      ...observance('DAYLIGHT', '20280326T020000', '+0100', '+0200'),
      ...observance('STANDARD', '20281029T030000', '+0200', '+0100'),
      'END:VTIMEZONE',
    ]);
    // Before the events, as the RFC's examples place it.
    expect(lines.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
  });

  it('writes a repeat kept in UTC without a zone, and for ever when it has no end', () => {
    const weekly = writeCalendar({
      prodId: '-//x//EN',
      name: 'n',
      stamp,
      events: [{ ...review, repeat: { freq: 'WEEKLY', zone: 'UTC', until: null } }],
    });
    expect(weekly).not.toContain('VTIMEZONE');
    expect(weekly).toContain(
      '\r\nDTSTART:20261123T150000Z\r\nDTEND:20261123T160000Z\r\nRRULE:FREQ=WEEKLY\r\n',
    );
  });

  it('gives a zone without daylight saving one observance', () => {
    expect(timeZoneLines('Asia/Tokyo', new Date('2026-11-20T00:00:00Z'), stamp)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:20261120T090000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('folds long lines and reads back, through the import parser, as the same meetings', () => {
    const crowd: TimedEvent = {
      ...review,
      uid: 'meeting-3@atrium.test',
      summary: 'Ü'.repeat(150),
      attendees: Array.from({ length: 3 }, (_, i) => ({
        email: `person${i}@example.com`,
        name: `Person with a rather long display name number ${i}, of the team`,
      })),
    };
    const written = writeCalendar({ prodId: '-//x//EN', name: 'n', stamp, events: [standup, crowd] });
    for (const line of written.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const read = parseIcs(written, 'UTC');
    if (!read.ok) throw new Error(read.error);
    expect(read.value.skipped).toBe(0);
    expect(read.value.events).toEqual([
      {
        uid: 'meeting-1@atrium.test',
        title: 'Stand-up; daily, short',
        description: 'Blockers first.\nThen news.',
        link: 'https://meet.example.com/abc?x=1,2',
        start: standup.startsAt,
        end: standup.endsAt,
        timeZone: 'Europe/Berlin',
        recurrence: 'daily',
        recurrenceUntil: '2026-11-24',
        attendees: [
          { email: 'ann@acme.test', displayName: 'Archer, Ann "the PM"' },
          { email: 'vera@vendor.example', displayName: 'vera@vendor.example' },
        ],
      },
      expect.objectContaining({
        uid: 'meeting-3@atrium.test',
        title: 'Ü'.repeat(150),
        start: review.startsAt,
        end: review.endsAt,
        attendees: crowd.attendees.map((a) => ({ email: a.email, displayName: a.name })),
      }),
    ]);
  });
});
