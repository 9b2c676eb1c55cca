/**
 * A minimal RFC 5545 writer for all-day events: what calendar clients (Google Calendar, Outlook, Apple)
 * need to subscribe to the absence feed.
 */

export type AllDayEvent = {
  uid: string;
  /** First day, yyyy-mm-dd. */
  start: string;
  /** Last day, inclusive, yyyy-mm-dd (written as the exclusive DTEND the RFC asks for). */
  end: string;
  summary: string;
};

export type IcalCalendar = { prodId: string; name: string; stamp: Date; events: AllDayEvent[] };

/** TEXT values escape backslash, semicolon and comma, and write line breaks as \n (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line so that no line is longer than 75 octets (RFC 5545 §3.1): continuation lines
 * start with one space. Splits fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The leading space of a continuation line counts towards its 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDay = (day: string) => day.replaceAll('-', '');

/** The day after, as an iCalendar DATE: DTEND of an all-day event is exclusive. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return compactDay(next.toISOString().slice(0, 10));
}

/** A UTC DATE-TIME: 20261120T090000Z. */
export const icalStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The whole calendar object, CRLF line endings, lines folded. */
export function writeCalendar(calendar: IcalCalendar): string {
  const stamp = icalStamp(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${calendar.prodId}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDay(event.start)}`,
      `DTEND;VALUE=DATE:${dayAfter(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      // Away days do not block the subscriber's own time.
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
