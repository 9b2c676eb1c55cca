import { fromWallClock, wallClock, zoneOffsetMs } from '../../lib/time-zones';

/**
 * A minimal RFC 5545 writer: what calendar clients (Google Calendar, Outlook, Apple) need to subscribe to
 * the absence feed (all-day events) and to the meetings feed (timed events, daily or weekly repeats).
 */

export type AllDayEvent = {
  uid: string;
  /** First day, yyyy-mm-dd. */
  start: string;
  /** Last day, inclusive, yyyy-mm-dd (written as the exclusive DTEND the RFC asks for). */
  end: string;
  summary: string;
};

export type TimedEvent = {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** An http(s) address. */
  url: string | null;
  attendees: { email: string; name: string }[];
  /**
   * A daily or weekly repeat of the start's wall-clock time in `zone`, through the local day `until`
   * (inclusive) or for ever.
   */
  repeat: { freq: 'DAILY' | 'WEEKLY'; zone: string; until: string | null } | null;
};

export type IcalCalendar = {
  prodId: string;
  name: string;
  stamp: Date;
  events: (AllDayEvent | TimedEvent)[];
};

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

/**
 * A parameter value, always quoted: RFC 6868 writes a double quote as ^', a line break as ^n and a caret
 * as ^^, which leaves nothing that could end the quotes.
 */
export const quoteParam = (value: string) =>
  `"${value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')}"`;

/** A wall-clock DATE-TIME without zone: 20261120T090000. */
const localStamp = (at: Date, zone: string) => {
  const { year, month, day, hour, minute, second } = wallClock(at, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}${two(month)}${two(day)}T${two(hour)}${two(minute)}${two(second)}`;
};

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
  // Every TZID a VEVENT names needs its VTIMEZONE (§3.6.5), reaching from the zone's first event on.
  const zones = new Map<string, Date>();
  for (const event of calendar.events) {
    if (!('startsAt' in event) || !event.repeat || event.repeat.zone === 'UTC') continue;
    const earliest = zones.get(event.repeat.zone);
    if (!earliest || event.startsAt < earliest) zones.set(event.repeat.zone, event.startsAt);
  }
  for (const [zone, from] of zones) lines.push(...timeZoneLines(zone, from, calendar.stamp));
  for (const event of calendar.events) {
    if ('startsAt' in event) {
      lines.push(...timedEventLines(event, stamp));
      continue;
    }
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

/**
 * A timed event. A single one is written in UTC. A repeating one is written in its zone, so that a
 * 09:00 stand-up stays at 09:00 after a daylight-saving change as it does in the portal.
 */
function timedEventLines(event: TimedEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`];
  const repeat = event.repeat;
  if (repeat && repeat.zone !== 'UTC') {
    lines.push(
      `DTSTART;TZID=${repeat.zone}:${localStamp(event.startsAt, repeat.zone)}`,
      `DTEND;TZID=${repeat.zone}:${localStamp(event.endsAt, repeat.zone)}`,
    );
  } else lines.push(`DTSTART:${icalStamp(event.startsAt)}`, `DTEND:${icalStamp(event.endsAt)}`);
  if (repeat) {
    // UNTIL is the last occurrence's start, in UTC as the RFC asks when DTSTART has a zone.
    const until = repeat.until
      ? `;UNTIL=${icalStamp(occurrenceOn(repeat.until, event.startsAt, repeat.zone))}`
      : '';
    lines.push(`RRULE:FREQ=${repeat.freq}${until}`);
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  for (const attendee of event.attendees)
    lines.push(`ATTENDEE;CN=${quoteParam(attendee.name)}:mailto:${attendee.email}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The occurrence of a repeat on a local day: the start's wall-clock time that day, in the zone. */
function occurrenceOn(day: string, start: Date, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return fromWallClock({ ...wallClock(start, zone), year, month, day: date }, zone);
}

const WEEK_MS = 7 * 86_400_000;
/** How far ahead a VTIMEZONE lists the zone's changes; past that its last offset holds. */
const ZONE_YEARS_AHEAD = 2;

/** ±hhmm (or ±hhmmss for the odd historical offset). */
function offsetText(ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const seconds = total % 60;
  return `${ms < 0 ? '-' : '+'}${two(Math.floor(total / 3600))}${two(Math.floor(total / 60) % 60)}${seconds ? two(seconds) : ''}`;
}

/**
 * The VTIMEZONE of an IANA zone from the runtime's own zone data: one observance from `from`, then one per
 * offset change up to two years after `stamp`. The changes are found week by week (no zone changes twice
 * in a week) and pinned to the second by halving.
 */
export function timeZoneLines(zone: string, from: Date, stamp: Date): string[] {
  const until = Date.UTC(stamp.getUTCFullYear() + ZONE_YEARS_AHEAD, stamp.getUTCMonth(), stamp.getUTCDate());
  const changes: { at: number; before: number; after: number }[] = [];
  let time = from.getTime();
  let offset = zoneOffsetMs(from, zone);
  while (time < until) {
    const next = time + WEEK_MS;
    const nextOffset = zoneOffsetMs(new Date(next), zone);
    if (nextOffset !== offset) {
      let [low, high] = [time, next];
      while (high - low > 1000) {
        const middle = low + Math.floor((high - low) / 2000) * 1000;
        if (zoneOffsetMs(new Date(middle), zone) === offset) low = middle;
        else high = middle;
      }
      changes.push({ at: high, before: offset, after: nextOffset });
    }
    [time, offset] = [next, nextOffset];
  }
  const first = changes[0];
  const initial = zoneOffsetMs(from, zone);
  // The kind only labels the observance; clients go by the offsets.
  const kind = (before: number, after: number) => (after > before ? 'DAYLIGHT' : 'STANDARD');
  const observance = (name: string, start: number, before: number, after: number) => [
    `BEGIN:${name}`,
    // An observance starts at the local time of the offset it replaces.
    `DTSTART:${icalStamp(new Date(start + before)).slice(0, -1)}`,
    `TZOFFSETFROM:${offsetText(before)}`,
    `TZOFFSETTO:${offsetText(after)}`,
    `END:${name}`,
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(
      first && first.after < initial ? 'DAYLIGHT' : 'STANDARD',
      Math.floor(from.getTime() / 1000) * 1000,
      initial,
      initial,
    ),
    ...changes.flatMap((change) =>
      observance(kind(change.before, change.after), change.at, change.before, change.after),
    ),
    'END:VTIMEZONE',
  ];
}
