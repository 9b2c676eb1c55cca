import { createHash } from 'node:crypto';
import {
  ICS_MAX_BYTES,
  ICS_MAX_EVENTS,
  MAX_ATTENDEES,
  MEETING_DESCRIPTION_MAX,
  MEETING_TITLE_MAX,
  MeetingAttendeeInput,
  MeetingBody,
  type MeetingRecurrence,
} from '@atrium/contracts';
import { fromWallClock, isTimeZone, type WallClock, zonedDay } from '../../lib/time-zones';
import { addDays, parseDay } from '../calendar/dates';

/**
 * The part of RFC 5545 an .ics import needs: meetings (VEVENTs with a start and an end time) and their
 * daily or weekly repeats. Pure functions; every refusal names the line or the event, so that the person
 * importing can find it in their file. Whatever cannot be stored faithfully is refused rather than
 * imported wrong, and the whole file with it: an import is all or nothing.
 */

export type IcsResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** A meeting read from a VEVENT, in the terms of the meetings table. */
export type ImportedEvent = {
  /** The VEVENT's UID, or a hash of its content when it has none, so a second import updates it. */
  uid: string;
  title: string;
  description: string;
  link: string | null;
  start: Date;
  end: Date;
  /** The zone the start was given in (TZID, the floating zone, or UTC): daily and weekly repeats keep its wall clock. */
  timeZone: string;
  recurrence: MeetingRecurrence | null;
  /** The local day of the last occurrence, or null for no end. */
  recurrenceUntil: string | null;
  attendees: { email: string; displayName: string | null }[];
};

export type ImportedCalendar = {
  events: ImportedEvent[];
  /** All-day events (absences and holidays rather than meetings) and cancelled ones. */
  skipped: number;
};

/** VCALENDAR › VEVENT › VALARM is as deep as calendars go; a little room, then no further. */
const MAX_DEPTH = 5;
/** Outlook's UIDs run to about 200 characters; a longer one is not an identifier anyone needs. */
const MAX_UID = 1000;
const DISPLAY_NAME_MAX = 200;
const DAY_MS = 86_400_000;

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/**
 * The text of an uploaded file: at most ICS_MAX_BYTES, UTF-8 (a BOM is dropped) and no control characters
 * but tab and line breaks, which RFC 5545 does not allow in a content line and a database text cannot hold.
 */
export function decodeIcs(bytes: Uint8Array): IcsResult<string> {
  if (bytes.length > ICS_MAX_BYTES)
    return fail('The calendar file is larger than 1 MiB. Export a shorter period and import it in parts.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail('The file is not UTF-8 text. Choose a calendar (.ics) file.');
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  if (/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/.test(text))
    return fail('The file contains binary data, not calendar text. Choose a calendar (.ics) file.');
  return { ok: true, value: text };
}

type Property = { name: string; params: Map<string, string[]>; value: string; line: number };

/**
 * Content lines, unfolded (RFC 5545 §3.1: a line break followed by a space or a tab continues the line),
 * each with the number of the physical line it starts on. CRLF is the standard; LF alone is accepted.
 */
function contentLines(text: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  text.split(/\r\n|\n|\r/).forEach((physical, index) => {
    const last = lines.at(-1);
    if (last && (physical.startsWith(' ') || physical.startsWith('\t'))) last.text += physical.slice(1);
    else lines.push({ text: physical, line: index + 1 });
  });
  return lines.filter((line) => line.text.trim() !== '');
}

const NAME = /[A-Za-z0-9-]+/y;
const PARAM_TEXT = /[^";:,]*/y;

const preview = (text: string, length = 40) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
};

/** A name from the file as a message shows it: a hostile one may be thousands of characters long. */
const shown = (name: string) => preview(name, 30);

const readName = (text: string, at: number) => {
  NAME.lastIndex = at;
  return NAME.exec(text)?.[0];
};

/** name *(";" param) ":" value, where a parameter value may be quoted to hold ';', ':' and ','. */
function parseProperty(text: string, line: number): Property | string {
  const name = readName(text, 0);
  const notALine = `Line ${line}: '${preview(text)}' is not a calendar line (NAME:value).`;
  if (!name || (text[name.length] !== ':' && text[name.length] !== ';')) return notALine;
  const params = new Map<string, string[]>();
  let at = name.length;
  while (text[at] === ';') {
    const param = readName(text, at + 1);
    if (!param || text[at + 1 + param.length] !== '=')
      return `Line ${line}: a parameter of ${shown(name)} is not written as NAME=value.`;
    at += param.length + 2;
    const values: string[] = [];
    for (;;) {
      if (text[at] === '"') {
        const close = text.indexOf('"', at + 1);
        if (close < 0)
          return `Line ${line}: a quoted parameter value of ${shown(name)} has no closing quote.`;
        values.push(text.slice(at + 1, close));
        at = close + 1;
      } else {
        PARAM_TEXT.lastIndex = at;
        const value = PARAM_TEXT.exec(text)?.[0] ?? '';
        values.push(value);
        at += value.length;
      }
      if (text[at] !== ',') break;
      at++;
    }
    params.set(param.toUpperCase(), values);
  }
  if (text[at] !== ':') return `Line ${line}: ${shown(name)} has no ':' before its value.`;
  return { name: name.toUpperCase(), params, value: text.slice(at + 1), line };
}

/** TEXT values (RFC 5545 §3.3.11): \\ \; \, and \n (or \N) for a line break. */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));

/** Parameter values (RFC 6868): ^n a line break, ^' a double quote, ^^ a caret. */
const unescapeParam = (value: string) =>
  value.replace(/\^([n'^])/g, (_, char: string) => (char === 'n' ? '\n' : char === "'" ? '"' : '^'));

type RawEvent = { index: number; props: Property[] };

const notCalendar = 'The file is not an iCalendar file: it must start with BEGIN:VCALENDAR.';

/**
 * The meetings of an iCalendar text. `floatingZone` is the zone of times given without a zone (the
 * importer's own). All-day and cancelled events are counted as skipped.
 */
export function parseIcs(text: string, floatingZone: string): IcsResult<ImportedCalendar> {
  const stack: { name: string; line: number }[] = [];
  const events: ImportedEvent[] = [];
  const uids = new Map<string, number>();
  let skipped = 0;
  let count = 0;
  let calendars = 0;
  let current: RawEvent | null = null;

  for (const { text: lineText, line } of contentLines(text)) {
    const property = parseProperty(lineText, line);
    if (typeof property === 'string') {
      return fail(calendars === 0 ? notCalendar : property);
    }
    const top = stack.at(-1);
    if (property.name === 'BEGIN') {
      const component = property.value.trim().toUpperCase();
      if (!top) {
        if (component !== 'VCALENDAR')
          return fail(
            calendars === 0 ? notCalendar : `Line ${line}: BEGIN:${shown(component)} is after END:VCALENDAR.`,
          );
        calendars++;
      } else if (component === 'VCALENDAR') {
        return fail(`Line ${line}: a VCALENDAR cannot be inside ${shown(top.name)}.`);
      } else if (stack.length >= MAX_DEPTH) {
        return fail(`Line ${line}: components are nested more than ${MAX_DEPTH} deep.`);
      } else if (component === 'VEVENT') {
        if (top.name !== 'VCALENDAR')
          return fail(
            `Line ${line}: a VEVENT must be directly inside the VCALENDAR, not inside ${shown(top.name)}.`,
          );
        if (++count > ICS_MAX_EVENTS)
          return fail(
            `The file has more than ${ICS_MAX_EVENTS} events. Export a shorter period and import it in parts.`,
          );
        current = { index: count, props: [] };
      }
      stack.push({ name: component, line });
    } else if (property.name === 'END') {
      const component = property.value.trim().toUpperCase();
      if (!top)
        return fail(`Line ${line}: END:${shown(component)} has no matching BEGIN:${shown(component)}.`);
      if (top.name !== component)
        return fail(
          `Line ${line}: END:${shown(component)} does not close BEGIN:${shown(top.name)} of line ${top.line}.`,
        );
      stack.pop();
      if (component === 'VEVENT' && current) {
        const event = readEvent(current, floatingZone);
        if (typeof event === 'string') return fail(event);
        if (event === null) skipped++;
        else {
          const same = uids.get(event.uid);
          if (same !== undefined)
            return fail(
              `${eventLabel(current)}: its UID is the same as event ${same}'s; each event needs its own UID.`,
            );
          uids.set(event.uid, current.index);
          events.push(event);
        }
        current = null;
      }
    } else if (!top) {
      return fail(
        calendars === 0 ? notCalendar : `Line ${line}: ${shown(property.name)} is after END:VCALENDAR.`,
      );
    } else if (current && stack.length === 2) {
      // The event's own properties; those of its alarms (one level deeper) are not the meeting's.
      current.props.push(property);
    }
  }
  const open = stack.at(-1);
  if (open)
    return fail(
      `BEGIN:${shown(open.name)} on line ${open.line} is never closed (no END:${shown(open.name)}).`,
    );
  if (calendars === 0) return fail(notCalendar);
  return { ok: true, value: { events, skipped } };
}

/** Properties that may appear once in a VEVENT (RFC 5545 §3.6.1) and that the import reads. */
const SINGLE = ['UID', 'DTSTART', 'DTEND', 'DURATION', 'SUMMARY', 'DESCRIPTION', 'URL', 'RRULE', 'STATUS'];

const first = (event: RawEvent, name: string) => event.props.find((p) => p.name === name);

/** 'Event 3' or 'Event 3 ('Planning')': how refusals name an event. */
function eventLabel(event: RawEvent): string {
  const summary = first(event, 'SUMMARY');
  const title = summary ? preview(unescapeText(summary.value)) : '';
  return title ? `Event ${event.index} ('${title}')` : `Event ${event.index}`;
}

/** The meeting of a VEVENT, null for one that is skipped, or the refusal. */
function readEvent(event: RawEvent, floatingZone: string): ImportedEvent | null | string {
  const label = eventLabel(event);
  for (const name of SINGLE) {
    const all = event.props.filter((p) => p.name === name);
    if (all.length > 1)
      return `${label}: ${name} appears more than once (lines ${all[0]?.line} and ${all[1]?.line}).`;
  }
  const dtstart = first(event, 'DTSTART');
  if (!dtstart) return `${label}: it has no start (DTSTART).`;
  const start = readTime(dtstart, floatingZone, label);
  if (typeof start === 'string') return start;
  // An all-day event is an absence or a holiday, not a meeting; a cancelled one is not on anyone's calendar.
  if (start.kind === 'date') return null;
  if (first(event, 'STATUS')?.value.trim().toUpperCase() === 'CANCELLED') return null;
  for (const name of ['RECURRENCE-ID', 'RDATE', 'EXDATE']) {
    const found = first(event, name);
    if (found)
      return `${label}: ${name} (line ${found.line}) is not supported; only plain daily and weekly repeats, without moved or cancelled occurrences, can be imported.`;
  }

  const end = readEnd(event, start, floatingZone, label);
  if (typeof end === 'string') return end;
  if (end.getTime() <= start.at.getTime())
    return `${label}: its end (DTEND) must be after its start (DTSTART).`;
  if (end.getTime() - start.at.getTime() > DAY_MS)
    return `${label}: it lasts longer than 24 hours; a meeting lasts at most 24 hours.`;

  const summary = first(event, 'SUMMARY');
  // A title is one line; an event without one gets the name calendar apps show for it.
  const title = summary ? unescapeText(summary.value).replace(/\s+/g, ' ').trim() : '';
  if (title.length > MEETING_TITLE_MAX)
    return `${label}: its title (SUMMARY, line ${summary?.line}) is longer than ${MEETING_TITLE_MAX} characters.`;
  const description = first(event, 'DESCRIPTION');
  const url = first(event, 'URL')?.value.trim();
  // Only web addresses are kept: a javascript: or file: link would be a trap on the meeting's page.
  const link = url && MeetingBody.shape.link.safeParse(url).success ? url : null;

  const rrule = first(event, 'RRULE');
  const repeat = rrule ? readRule(rrule, start, label) : { recurrence: null, until: null };
  if (typeof repeat === 'string') return repeat;

  const attendees = readAttendees(event);
  if (attendees.length > MAX_ATTENDEES)
    return `${label}: it has ${attendees.length} attendees; a meeting has at most ${MAX_ATTENDEES}.`;

  const uid = unescapeText(first(event, 'UID')?.value ?? '').trim();
  if (uid.length > MAX_UID) return `${label}: its UID is longer than ${MAX_UID} characters.`;
  return {
    uid: uid || contentUid(event),
    title: title || '(No title)',
    // Invitation boilerplate runs long; the text past the limit is cut rather than the import refused.
    description: description ? unescapeText(description.value).trim().slice(0, MEETING_DESCRIPTION_MAX) : '',
    link,
    start: start.at,
    end,
    timeZone: start.zone,
    recurrence: repeat.recurrence,
    recurrenceUntil: repeat.until,
    attendees,
  };
}

/** An event without a UID is known by what it is, so importing the same file twice still updates it. */
function contentUid(event: RawEvent): string {
  const parts = ['DTSTART', 'DTEND', 'DURATION', 'SUMMARY', 'RRULE'].map((name) => {
    const property = first(event, name);
    return property ? [property.params.get('TZID')?.[0] ?? '', property.value] : null;
  });
  return `${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40)}@import.atrium`;
}

type Time = { kind: 'date'; day: string } | { kind: 'time'; at: Date; zone: string; clock: WallClock };

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

/** A calendar date and clock time that exist (a leap second is taken as :59); years 1900–9999. */
function realClock(parts: number[]): WallClock | null {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  if (year < 1900 || hour > 23 || minute > 59 || second > 60) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute, second: Math.min(second, 59) };
}

const isoDay = (clock: WallClock) =>
  `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;

/**
 * A DATE or DATE-TIME value: UTC with Z, in the TZID's zone, or floating (no zone: the importer's).
 * TZID must be an IANA zone name; the VTIMEZONE definitions of a file are not read.
 */
function readTime(property: Property, floatingZone: string, label: string): Time | string {
  const value = property.value.trim();
  const invalid = `${label}: ${property.name} '${preview(value, 30)}' (line ${property.line}) is not a valid date and time.`;
  const date = DATE.exec(value);
  if (date) {
    const clock = realClock(date.slice(1, 4).map(Number));
    return clock ? { kind: 'date', day: isoDay(clock) } : invalid;
  }
  const time = DATE_TIME.exec(value);
  if (!time || property.params.get('VALUE')?.[0]?.toUpperCase() === 'DATE') return invalid;
  const clock = realClock(time.slice(1, 7).map(Number));
  if (!clock) return invalid;
  if (time[7]) return { kind: 'time', at: fromWallClock(clock, 'UTC'), zone: 'UTC', clock };
  const tzid = property.params.get('TZID')?.[0]?.trim();
  if (tzid && !isTimeZone(tzid))
    return `${label}: the time zone '${preview(tzid, 60)}' (line ${property.line}) is not known; export the calendar with IANA time zones such as Europe/Berlin.`;
  // Stored and written back as the runtime spells it ('europe/berlin' becomes 'Europe/Berlin').
  const zone = tzid
    ? new Intl.DateTimeFormat('en-US', { timeZone: tzid }).resolvedOptions().timeZone
    : floatingZone;
  return { kind: 'time', at: fromWallClock(clock, zone), zone, clock };
}

const DURATION = /^([+-])?P(?:(\d{1,6})W|(\d{1,6})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,6})S)?)?$/;

/** DTEND, or DTSTART plus DURATION; days of a duration are calendar days in the start's zone. */
function readEnd(
  event: RawEvent,
  start: Extract<Time, { kind: 'time' }>,
  floatingZone: string,
  label: string,
): Date | string {
  const dtend = first(event, 'DTEND');
  const duration = first(event, 'DURATION');
  if (dtend && duration)
    return `${label}: it has both DTEND and DURATION; a calendar event has one or the other.`;
  if (dtend) {
    const end = readTime(dtend, floatingZone, label);
    if (typeof end === 'string') return end;
    if (end.kind === 'date')
      return `${label}: DTEND (line ${dtend.line}) is a date without a time, unlike DTSTART.`;
    return end.at;
  }
  if (!duration) return `${label}: it has no end (DTEND or DURATION).`;
  const value = duration.value.trim().toUpperCase();
  const match = DURATION.exec(value);
  const [, sign, weeks, days, hours, minutes, seconds] = match ?? [];
  if (!match || value.endsWith('T') || value.replace(/^[+-]/, '') === 'P')
    return `${label}: DURATION '${preview(value, 30)}' (line ${duration.line}) is not a valid duration.`;
  if (sign === '-') return `${label}: its DURATION (line ${duration.line}) is negative.`;
  const number = (part: string | undefined) => Number.parseInt(part ?? '0', 10);
  const dayCount = number(weeks) * 7 + number(days);
  const startOfTime = fromWallClock({ ...start.clock, day: start.clock.day + dayCount }, start.zone);
  return new Date(
    startOfTime.getTime() + ((number(hours) * 60 + number(minutes)) * 60 + number(seconds)) * 1000,
  );
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const RULE_PARTS = new Set(['FREQ', 'INTERVAL', 'UNTIL', 'COUNT', 'BYDAY', 'WKST']);

/**
 * RRULE FREQ=DAILY or WEEKLY, every day or week, with UNTIL or COUNT turned into the local day of the
 * last occurrence. A weekly BYDAY may only name the start's own weekday: that is the repeat we store.
 */
function readRule(
  property: Property,
  start: Extract<Time, { kind: 'time' }>,
  label: string,
): { recurrence: MeetingRecurrence; until: string | null } | string {
  const unsupported = (what: string) =>
    `${label}: RRULE ${what} is not supported; only daily and weekly repeats can be imported.`;
  const parts = new Map<string, string>();
  for (const part of property.value.trim().split(';')) {
    if (!part.trim()) continue;
    const [key = '', value = ''] = part.split('=', 2);
    parts.set(key.trim().toUpperCase(), value.trim().toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!freq) return `${label}: its RRULE (line ${property.line}) has no FREQ.`;
  if (freq !== 'DAILY' && freq !== 'WEEKLY') return unsupported(`FREQ=${preview(freq, 20)}`);
  for (const [key, value] of parts)
    if (!RULE_PARTS.has(key)) return unsupported(`${preview(key, 20)}=${preview(value, 30)}`);
  const interval = parts.get('INTERVAL');
  if (interval !== undefined && interval !== '1')
    return `${label}: RRULE INTERVAL=${preview(interval, 10)} is not supported; only repeats every day or every week can be imported.`;
  const startDay = zonedDay(start.at, start.zone);
  const byday = parts.get('BYDAY');
  if (byday !== undefined) {
    const weekday = WEEKDAYS[parseDay(startDay).getUTCDay()];
    if (freq === 'DAILY') return unsupported(`FREQ=DAILY with BYDAY=${preview(byday, 30)}`);
    if (byday !== weekday)
      return `${label}: RRULE BYDAY=${preview(byday, 30)} is not supported; a weekly repeat can only fall on the start's weekday (${weekday}).`;
  }
  const recurrence = freq === 'DAILY' ? 'daily' : 'weekly';
  const step = freq === 'DAILY' ? 1 : 7;
  const untilValue = parts.get('UNTIL');
  const countValue = parts.get('COUNT');
  if (untilValue !== undefined && countValue !== undefined)
    return `${label}: its RRULE (line ${property.line}) has both UNTIL and COUNT; a rule has one or the other.`;
  let until: string | null = null;
  if (countValue !== undefined) {
    const count = /^\d{1,6}$/.test(countValue) ? Number(countValue) : 0;
    if (count < 1) return `${label}: RRULE COUNT=${preview(countValue, 10)} is not a positive number.`;
    until = addDays(startDay, (count - 1) * step);
  } else if (untilValue !== undefined) {
    const limit = readTime(
      { name: 'RRULE UNTIL', params: new Map(), value: untilValue, line: property.line },
      start.zone,
      label,
    );
    if (typeof limit === 'string') return limit;
    until = limit.kind === 'date' ? limit.day : lastOccurrenceDay(limit.at, start);
  }
  // An UNTIL before the start still leaves the start itself (RFC 5545 §3.3.10): one occurrence.
  return { recurrence, until: until !== null && until < startDay ? startDay : until };
}

/** The local day of the last occurrence that starts at or before the instant UNTIL names. */
function lastOccurrenceDay(limit: Date, start: Extract<Time, { kind: 'time' }>): string {
  const day = zonedDay(limit, start.zone);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const occurrence = fromWallClock({ ...start.clock, year, month, day: date }, start.zone);
  return occurrence.getTime() > limit.getTime() ? addDays(day, -1) : day;
}

/** mailto: attendees, lower-cased and each once; the CN parameter is kept as the display name. */
function readAttendees(event: RawEvent): ImportedEvent['attendees'] {
  const attendees = new Map<string, string | null>();
  for (const property of event.props) {
    if (property.name !== 'ATTENDEE') continue;
    const value = property.value.trim();
    if (!/^mailto:/i.test(value)) continue;
    const address = MeetingAttendeeInput.safeParse(decodeURIComponentSafe(value.slice(7)));
    if (!address.success || typeof address.data !== 'string' || attendees.has(address.data)) continue;
    const name = unescapeParam(property.params.get('CN')?.[0] ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, DISPLAY_NAME_MAX);
    attendees.set(address.data, name || null);
  }
  return [...attendees].map(([email, displayName]) => ({ email, displayName }));
}

/** mailto: addresses may be percent-encoded (%40 for @); a broken escape leaves the text as it is. */
function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
