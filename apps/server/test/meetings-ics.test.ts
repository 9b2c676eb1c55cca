import { ICS_MAX_BYTES, ICS_MAX_EVENTS } from '@atrium/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingAttendees, meetings } from '../src/db/schema/index';
import type { BusEvent } from '../src/lib/event-bus';
import { decodeIcs, type ImportedCalendar, parseIcs } from '../src/modules/meetings/ics-parse';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/** An .ics text from lines, CRLF-terminated as RFC 5545 writes them. */
const ics = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const calendar = (...events: string[][]) =>
  ics('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events.flat(), 'END:VCALENDAR');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
/** A one-hour UTC meeting on 2026-11-20 at the hour given. */
const meeting = (uid: string, summary: string, hour = 9, ...more: string[]) =>
  vevent(
    `UID:${uid}`,
    `DTSTART:20261120T${String(hour).padStart(2, '0')}0000Z`,
    `DTEND:20261120T${String(hour + 1).padStart(2, '0')}0000Z`,
    `SUMMARY:${summary}`,
    ...more,
  );

const parsed = (text: string, zone = 'UTC'): ImportedCalendar => {
  const result = parseIcs(text, zone);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const refusal = (text: string, zone = 'UTC') => {
  const result = parseIcs(text, zone);
  if (result.ok) throw new Error('the file was accepted');
  return result.error;
};

/** A Google Calendar export: a VTIMEZONE, TZID times, folded lines, escaped text, alarms, an all-day event. */
const GOOGLE = [
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
  'X-WR-CALNAME:Work',
  'X-WR-TIMEZONE:Europe/Berlin',
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'DTSTART;TZID=Europe/Berlin:20261120T100000',
  'DTEND;TZID=Europe/Berlin:20261120T103000',
  'RRULE:FREQ=DAILY;COUNT=5',
  'DTSTAMP:20261101T120000Z',
  'UID:0a1b2c3d4e5f@google.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN="Archer, Ann";X-NUM-GUESTS=0:mailto:ann@acme.test',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=Vera Vendor;X-NUM-GUESTS=0:MAILTO:Vera@Vendor.Example',
  'ATTENDEE;CUTYPE=ROOM;CN=Room 4:urn:uuid:4c1f0a1e-0000-0000-0000-000000000004',
  'ORGANIZER;CN=Col Cole:mailto:col@acme.test',
  // Folded: a continuation line starting with a space, then one starting with a tab.
  'DESCRIPTION:Daily stand-up\\; bring your blockers\\, briefly.\\nAgenda: yesterda',
  ' y\\, today\\, blockers.\\\\end',
  '\t of notes',
  'SUMMARY:Team stand-up',
  'URL:https://meet.example.com/abc-defg-hij',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:This is an event reminder',
  'TRIGGER:-P0DT0H10M0S',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20261124',
  'DTEND;VALUE=DATE:20261125',
  'UID:allday@google.com',
  'SUMMARY:Ann out of office',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART:20261123T150000Z',
  'DTEND:20261123T160000Z',
  'UID:review@google.com',
  'SUMMARY:Design review',
  'ATTENDEE;CN=Ann Archer:mailto:ann@acme.test',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** An Outlook-style export: LF line endings, a floating time, DURATION, a weekly BYDAY rule with UNTIL, no UID. */
const OUTLOOK = [
  'BEGIN:VCALENDAR',
  'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'DTSTART:20261120T143000',
  'DURATION:PT1H15M',
  'RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20261218T133000Z;WKST=MO',
  'SUMMARY;LANGUAGE=en-us:Weekly planning',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\n');

describe('parseIcs', () => {
  it('reads a Google export: TZID times, folded lines, escaped text, attendees, a daily repeat with COUNT', () => {
    const { events, skipped } = parsed(GOOGLE);
    expect(skipped).toBe(1);
    expect(events).toHaveLength(2);
    const [standup, review] = events;
    expect(standup).toEqual({
      uid: '0a1b2c3d4e5f@google.com',
      title: 'Team stand-up',
      description:
        'Daily stand-up; bring your blockers, briefly.\nAgenda: yesterday, today, blockers.\\end of notes',
      link: 'https://meet.example.com/abc-defg-hij',
      // 10:00 in Berlin in November is 09:00 UTC.
      start: new Date('2026-11-20T09:00:00Z'),
      end: new Date('2026-11-20T09:30:00Z'),
      timeZone: 'Europe/Berlin',
      recurrence: 'daily',
      // Five occurrences: the 20th to the 24th.
      recurrenceUntil: '2026-11-24',
      attendees: [
        { email: 'ann@acme.test', displayName: 'Archer, Ann' },
        { email: 'vera@vendor.example', displayName: 'Vera Vendor' },
      ],
    });
    expect(review).toMatchObject({
      uid: 'review@google.com',
      title: 'Design review',
      description: '',
      link: null,
      start: new Date('2026-11-23T15:00:00Z'),
      end: new Date('2026-11-23T16:00:00Z'),
      timeZone: 'UTC',
      recurrence: null,
      recurrenceUntil: null,
    });
  });

  it('reads an Outlook-style export: LF lines, a floating time in the given zone, DURATION, weekly BYDAY with UNTIL', () => {
    const [planning] = parsed(OUTLOOK, 'Europe/Berlin').events;
    expect(planning).toMatchObject({
      title: 'Weekly planning',
      start: new Date('2026-11-20T13:30:00Z'),
      end: new Date('2026-11-20T14:45:00Z'),
      timeZone: 'Europe/Berlin',
      recurrence: 'weekly',
      // UNTIL is the start of the 18 December occurrence (14:30 in Berlin).
      recurrenceUntil: '2026-12-18',
      attendees: [],
    });
    // Floating times are read in the zone of the request.
    expect(parsed(OUTLOOK, 'America/New_York').events[0]?.start).toEqual(new Date('2026-11-20T19:30:00Z'));
  });

  it('gives an event without UID a stable one from its content', () => {
    const [first] = parsed(OUTLOOK, 'UTC').events;
    const [again] = parsed(OUTLOOK, 'UTC').events;
    const [changed] = parsed(OUTLOOK.replace('Weekly planning', 'Planning'), 'UTC').events;
    expect(first?.uid).toMatch(/^[0-9a-f]{40}@import\.atrium$/);
    expect(again?.uid).toBe(first?.uid);
    expect(changed?.uid).not.toBe(first?.uid);
  });

  it('ends a repeat on the last occurrence that starts by UNTIL', () => {
    const daily = (until: string) =>
      parsed(
        calendar(
          vevent(
            'UID:u',
            'DTSTART;TZID=Europe/Berlin:20261120T090000',
            'DTEND;TZID=Europe/Berlin:20261120T100000',
            `RRULE:FREQ=DAILY;UNTIL=${until}`,
          ),
        ),
      ).events[0]?.recurrenceUntil;
    // 09:00 in Berlin is 08:00 UTC in winter.
    expect(daily('20261204T080000Z')).toBe('2026-12-04');
    expect(daily('20261204T075959Z')).toBe('2026-12-03');
    expect(daily('20261204')).toBe('2026-12-04');
    // An UNTIL before the start leaves the start alone.
    expect(daily('20261101T000000Z')).toBe('2026-11-20');
  });

  it('keeps a TZID as the runtime spells the zone', () => {
    const [event] = parsed(
      calendar(vevent('UID:z', 'DTSTART;TZID="europe/berlin":20261120T090000', 'DURATION:PT30M')),
    ).events;
    expect(event).toMatchObject({ timeZone: 'Europe/Berlin', start: new Date('2026-11-20T08:00:00Z') });
  });

  it('counts weekly occurrences by weeks and accepts the BYDAY of the start', () => {
    const [weekly] = parsed(
      calendar(
        vevent(
          'UID:w',
          'DTSTART:20261120T090000Z',
          'DTEND:20261120T100000Z',
          'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=FR;COUNT=3',
        ),
      ),
    ).events;
    expect(weekly).toMatchObject({ recurrence: 'weekly', recurrenceUntil: '2026-12-04', timeZone: 'UTC' });
  });

  it('unescapes text and keeps HTML as the plain text it is', () => {
    const [event] = parsed(
      calendar(meeting('h', '<b>Plan</b> <script>alert(1)</script> \\; a\\, b\\\\c\\nd')),
    ).events;
    expect(event?.title).toBe('<b>Plan</b> <script>alert(1)</script> ; a, b\\c d');
  });

  it('drops a link that is not a web address', () => {
    const link = (url: string) => parsed(calendar(meeting('l', 'Linked', 9, `URL:${url}`))).events[0]?.link;
    expect(link('javascript:alert(document.cookie)')).toBeNull();
    expect(link('JavaScript:alert(1)')).toBeNull();
    expect(link('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(link('file:///etc/passwd')).toBeNull();
    expect(link('http://meet.example.com/x')).toBe('http://meet.example.com/x');
  });

  it('ignores attendees that are not e-mail addresses and names each address once', () => {
    const [event] = parsed(
      calendar(
        meeting(
          'a',
          'People',
          9,
          'ATTENDEE;CN=Phone:tel:+49301234567',
          'ATTENDEE:mailto:not-an-address',
          'ATTENDEE;CN=Bea:mailto:bea@example.com',
          'ATTENDEE;CN=Bea again:mailto:BEA@example.com',
          'ATTENDEE:mailto:cy%40example.com',
        ),
      ),
    ).events;
    expect(event?.attendees).toEqual([
      { email: 'bea@example.com', displayName: 'Bea' },
      { email: 'cy@example.com', displayName: null },
    ]);
  });

  it('skips all-day and cancelled events', () => {
    const result = parsed(
      calendar(
        vevent('UID:d', 'DTSTART;VALUE=DATE:20261124', 'SUMMARY:Holiday'),
        vevent('UID:d2', 'DTSTART:20261125', 'DTEND:20261126', 'SUMMARY:Off'),
        meeting('c', 'Called off', 9, 'STATUS:CANCELLED'),
        meeting('k', 'Kept'),
      ),
    );
    expect(result.skipped).toBe(3);
    expect(result.events.map((e) => e.title)).toEqual(['Kept']);
  });

  it('refuses a file that is not a calendar', () => {
    const message = 'The file is not an iCalendar file: it must start with BEGIN:VCALENDAR.';
    expect(refusal('')).toBe(message);
    expect(refusal('Hello, this is a letter.\r\n')).toBe(message);
    expect(refusal(ics('BEGIN:VEVENT', 'END:VEVENT'))).toBe(message);
    expect(refusal(ics('SUMMARY:x', 'BEGIN:VCALENDAR', 'END:VCALENDAR'))).toBe(message);
  });

  it('refuses unbalanced components, naming the lines', () => {
    expect(refusal(ics('BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'END:VCALENDAR'))).toBe(
      'Line 3: END:VCALENDAR does not close BEGIN:VEVENT of line 2.',
    );
    expect(refusal(ics('BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'SUMMARY:x'))).toBe(
      'BEGIN:VEVENT on line 2 is never closed (no END:VEVENT).',
    );
    expect(refusal(ics('BEGIN:VCALENDAR', 'END:VCALENDAR', 'END:VEVENT'))).toBe(
      'Line 3: END:VEVENT has no matching BEGIN:VEVENT.',
    );
    expect(refusal(ics('BEGIN:VCALENDAR', 'END:VCALENDAR', 'SUMMARY:x'))).toBe(
      'Line 3: SUMMARY is after END:VCALENDAR.',
    );
    expect(refusal(ics('BEGIN:VCALENDAR', 'this line has no colon', 'END:VCALENDAR'))).toBe(
      "Line 2: 'this line has no colon' is not a calendar line (NAME:value).",
    );
    expect(refusal(ics('BEGIN:VCALENDAR', 'ATTENDEE;CN="Open:mailto:a@b.c', 'END:VCALENDAR'))).toBe(
      'Line 2: a quoted parameter value of ATTENDEE has no closing quote.',
    );
  });

  it('keeps refusals short when the file names something at length', () => {
    const error = refusal(ics('BEGIN:VCALENDAR', `END:${'X'.repeat(10_000)}`));
    expect(error).toBe(`Line 2: END:${'X'.repeat(30)}… does not close BEGIN:VCALENDAR of line 1.`);
    expect(
      refusal(calendar(meeting('d', 'Twice', 9, 'DTSTART:20261120T090000Z', 'DTSTART:20261120T090000Z'))),
    ).toBe("Event 1 ('Twice'): DTSTART appears more than once (lines 6 and 9).");
  });

  it('refuses components nested deeper than calendars go', () => {
    const deep = ics('BEGIN:VCALENDAR', ...Array(10_000).fill('BEGIN:X-DEEP'));
    expect(refusal(deep)).toBe('Line 6: components are nested more than 5 deep.');
    expect(refusal(ics('BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'BEGIN:VEVENT'))).toBe(
      'Line 3: a VEVENT must be directly inside the VCALENDAR, not inside VEVENT.',
    );
  });

  it('refuses bad dates and times, naming the event and the line', () => {
    expect(
      refusal(calendar(vevent('DTSTART:20261345T250000Z', 'DTEND:20261120T100000Z', 'SUMMARY:Bad'))),
    ).toBe("Event 1 ('Bad'): DTSTART '20261345T250000Z' (line 5) is not a valid date and time.");
    expect(refusal(calendar(vevent('DTSTART:20260230T090000Z', 'DTEND:20260230T100000Z')))).toBe(
      "Event 1: DTSTART '20260230T090000Z' (line 5) is not a valid date and time.",
    );
    expect(refusal(calendar(vevent('SUMMARY:No start', 'DTEND:20261120T100000Z')))).toBe(
      "Event 1 ('No start'): it has no start (DTSTART).",
    );
    expect(refusal(calendar(vevent('SUMMARY:No end', 'DTSTART:20261120T100000Z')))).toBe(
      "Event 1 ('No end'): it has no end (DTEND or DURATION).",
    );
    expect(
      refusal(calendar(vevent('SUMMARY:Zone', 'DTSTART;TZID=Mars/Olympus:20261120T100000', 'DURATION:PT1H'))),
    ).toBe(
      "Event 1 ('Zone'): the time zone 'Mars/Olympus' (line 6) is not known; export the calendar with IANA time zones such as Europe/Berlin.",
    );
    expect(refusal(calendar(vevent('SUMMARY:Dur', 'DTSTART:20261120T100000Z', 'DURATION:1 hour')))).toBe(
      "Event 1 ('Dur'): DURATION '1 HOUR' (line 7) is not a valid duration.",
    );
  });

  it('refuses an end before the start and a meeting longer than a day, as the API does', () => {
    const early = calendar(
      meeting('ok', 'Fine'),
      vevent('UID:x', 'SUMMARY:Backwards', 'DTSTART:20261120T100000Z', 'DTEND:20261120T090000Z'),
    );
    expect(refusal(early)).toBe("Event 2 ('Backwards'): its end (DTEND) must be after its start (DTSTART).");
    expect(refusal(calendar(vevent('SUMMARY:Zero', 'DTSTART:20261120T100000Z', 'DURATION:PT0S')))).toBe(
      "Event 1 ('Zero'): its end (DTEND) must be after its start (DTSTART).",
    );
    expect(refusal(calendar(vevent('SUMMARY:Marathon', 'DTSTART:20261120T100000Z', 'DURATION:P1DT1M')))).toBe(
      "Event 1 ('Marathon'): it lasts longer than 24 hours; a meeting lasts at most 24 hours.",
    );
    expect(
      parsed(calendar(vevent('SUMMARY:Day', 'DTSTART:20261120T100000Z', 'DURATION:P1D'))).events[0]?.end,
    ).toEqual(new Date('2026-11-21T10:00:00Z'));
  });

  it('refuses the repeats it cannot store, naming the event', () => {
    const rule = (value: string, start = 'DTSTART:20261120T090000Z') =>
      refusal(
        calendar(
          meeting('a', 'Fine'),
          meeting('b', 'Fine too', 11),
          vevent('UID:p', 'SUMMARY:Planning', start, 'DURATION:PT1H', `RRULE:${value}`),
        ),
      );
    expect(rule('FREQ=MONTHLY;BYMONTHDAY=20')).toBe(
      "Event 3 ('Planning'): RRULE FREQ=MONTHLY is not supported; only daily and weekly repeats can be imported.",
    );
    expect(rule('FREQ=WEEKLY;INTERVAL=2')).toBe(
      "Event 3 ('Planning'): RRULE INTERVAL=2 is not supported; only repeats every day or every week can be imported.",
    );
    // 2026-11-20 is a Friday.
    expect(rule('FREQ=WEEKLY;BYDAY=MO,WE')).toBe(
      "Event 3 ('Planning'): RRULE BYDAY=MO,WE is not supported; a weekly repeat can only fall on the start's weekday (FR).",
    );
    expect(rule('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')).toBe(
      "Event 3 ('Planning'): RRULE FREQ=DAILY with BYDAY=MO,TU,WE,TH,FR is not supported; only daily and weekly repeats can be imported.",
    );
    expect(rule('FREQ=DAILY;BYHOUR=9,15')).toBe(
      "Event 3 ('Planning'): RRULE BYHOUR=9,15 is not supported; only daily and weekly repeats can be imported.",
    );
    expect(rule('FREQ=DAILY;COUNT=3;UNTIL=20261130')).toBe(
      "Event 3 ('Planning'): its RRULE (line 21) has both UNTIL and COUNT; a rule has one or the other.",
    );
    expect(rule('FREQ=DAILY;COUNT=0')).toBe("Event 3 ('Planning'): RRULE COUNT=0 is not a positive number.");
    expect(rule('INTERVAL=1')).toBe("Event 3 ('Planning'): its RRULE (line 21) has no FREQ.");
    expect(refusal(calendar(meeting('x', 'Moved', 9, 'RRULE:FREQ=DAILY', 'EXDATE:20261122T090000Z')))).toBe(
      "Event 1 ('Moved'): EXDATE (line 10) is not supported; only plain daily and weekly repeats, without moved or cancelled occurrences, can be imported.",
    );
  });

  it('refuses a title longer than a meeting title may be, naming the event', () => {
    const error = refusal(calendar(meeting('long', 'x'.repeat(10_000))));
    expect(error).toBe(
      `Event 1 ('${'x'.repeat(40)}…'): its title (SUMMARY, line 8) is longer than 200 characters.`,
    );
  });

  it('cuts a long description to the API limit', () => {
    const [event] = parsed(calendar(meeting('d', 'Wordy', 9, `DESCRIPTION:${'y'.repeat(6_000)}`))).events;
    expect(event?.description).toBe('y'.repeat(5_000));
  });

  it('refuses more than 200 attendees and two events with one UID', () => {
    const crowd = Array.from({ length: 201 }, (_, i) => `ATTENDEE:mailto:p${i}@example.com`);
    expect(refusal(calendar(meeting('c', 'Crowd', 9, ...crowd)))).toBe(
      "Event 1 ('Crowd'): it has 201 attendees; a meeting has at most 200.",
    );
    expect(refusal(calendar(meeting('same', 'One'), meeting('same', 'Two')))).toBe(
      "Event 2 ('Two'): its UID is the same as event 1's; each event needs its own UID.",
    );
  });

  it(`refuses more than ${ICS_MAX_EVENTS} events`, () => {
    const many = Array.from({ length: ICS_MAX_EVENTS + 1 }, (_, i) => meeting(`m${i}`, `M${i}`));
    expect(refusal(calendar(...many))).toBe(
      'The file has more than 500 events. Export a shorter period and import it in parts.',
    );
    expect(parsed(calendar(...many.slice(1))).events).toHaveLength(ICS_MAX_EVENTS);
  });
});

describe('decodeIcs', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('accepts UTF-8 with or without a byte order mark', () => {
    const text = calendar(meeting('u', 'Café ☕'));
    expect(decodeIcs(bytes(text))).toEqual({ ok: true, value: text });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(text)]);
    expect(decodeIcs(bom)).toEqual({ ok: true, value: text });
  });

  it('refuses invalid UTF-8, binary data and more than 1 MiB', () => {
    expect(decodeIcs(new Uint8Array([0x42, 0x45, 0xff, 0xfe, 0x00]))).toEqual({
      ok: false,
      error: 'The file is not UTF-8 text. Choose a calendar (.ics) file.',
    });
    expect(decodeIcs(bytes(`BEGIN:VCALENDAR\r\n\u0000\u0001\u0002`))).toEqual({
      ok: false,
      error: 'The file contains binary data, not calendar text. Choose a calendar (.ics) file.',
    });
    expect(decodeIcs(new Uint8Array(ICS_MAX_BYTES + 1).fill(0x20))).toEqual({
      ok: false,
      error: 'The calendar file is larger than 1 MiB. Export a shorter period and import it in parts.',
    });
    expect(decodeIcs(new Uint8Array(ICS_MAX_BYTES).fill(0x20)).ok).toBe(true);
  });
});

/**
 * Acme: Col imports, Ann is a colleague he invites, Ben a colleague he does not; Stan is in Globex. The
 * clock stands on Friday 2026-11-20, 09:00 UTC.
 */
let t: TestApp;
const as: Record<string, HttpClient> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const acme = await createCompany(t.db, 'Acme');
  const globex = await createCompany(t.db, 'Globex');
  for (const [key, companyId, domain] of [
    ['Col', acme.id, 'acme.test'],
    ['Ann', acme.id, 'acme.test'],
    ['Ben', acme.id, 'acme.test'],
    ['Stan', globex.id, 'globex.test'],
  ] as const) {
    const email = `${key.toLowerCase()}@${domain}`;
    id[key] = (await createUser(t.db, { companyId, email, firstName: key, lastName: 'Test' })).id;
    as[key] = await t.login(email);
  }
});
afterAll(async () => {
  await t?.close();
});

/** Posts a file as the browser's form does. */
async function upload(client: HttpClient, content: string | Uint8Array, query = '') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/calendar' }), 'calendar.ics');
  const response = await fetch(`${t.baseUrl}/api/calendars/events/import/${query}`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: client.cookieHeader(),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered.
  return { status: response.status, body: (await response.json()) as any };
}

const meetingsOf = (userId: number) =>
  t.db.select().from(meetings).where(eq(meetings.organizerId, userId)).orderBy(asc(meetings.startsAt));
const attendeesOf = async (meetingId: string) =>
  (
    await t.db
      .select({ email: meetingAttendees.email, displayName: meetingAttendees.displayName })
      .from(meetingAttendees)
      .where(eq(meetingAttendees.meetingId, meetingId))
      .orderBy(asc(meetingAttendees.email))
  ).map((a) => [a.email, a.displayName]);

describe('POST /api/calendars/events/import/', () => {
  it('answers 401 without a session', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    expect((await upload(anonymous, GOOGLE)).status).toBe(401);
  });

  it("imports a file's meetings in the caller's company with the caller organizing and attending", async () => {
    const result = await upload(as.Col!, GOOGLE, '?tz=Europe/Berlin');
    expect(result).toEqual({ status: 200, body: { created: 2, updated: 0, skipped: 1 } });
    const rows = await meetingsOf(id.Col!);
    expect(
      rows.map((row) => [row.title, row.startsAt.toISOString(), row.recurrence, row.recurrenceUntil]),
    ).toEqual([
      ['Team stand-up', '2026-11-20T09:00:00.000Z', 'daily', '2026-11-24'],
      ['Design review', '2026-11-23T15:00:00.000Z', null, null],
    ]);
    expect(rows[0]).toMatchObject({
      timeZone: 'Europe/Berlin',
      link: 'https://meet.example.com/abc-defg-hij',
      icsUid: '0a1b2c3d4e5f@google.com',
    });
    expect(await attendeesOf(rows[0]!.id)).toEqual([
      ['ann@acme.test', 'Archer, Ann'],
      ['col@acme.test', null],
      ['vera@vendor.example', 'Vera Vendor'],
    ]);
  });

  it('shows the imported meetings to the importer and to the colleagues invited, and to no one else', async () => {
    const day = async (client: HttpClient, date: string) => {
      const response = await client.get(`/api/calendars/events/day/?date=${date}&tz=Europe/Berlin`);
      expect(response.status).toBe(200);
      return (response.body.results as { title: string; hours: string }[]).map(
        (e) => `${e.title} ${e.hours}`,
      );
    };
    expect(await day(as.Col!, '2026-11-23')).toEqual([
      'Team stand-up 10:00 AM - 10:30 AM',
      'Design review 4:00 PM - 5:00 PM',
    ]);
    expect(await day(as.Ann!, '2026-11-23')).toEqual([
      'Team stand-up 10:00 AM - 10:30 AM',
      'Design review 4:00 PM - 5:00 PM',
    ]);
    // The fifth stand-up is the last.
    expect(await day(as.Ann!, '2026-11-24')).toEqual(['Team stand-up 10:00 AM - 10:30 AM']);
    expect(await day(as.Ann!, '2026-11-25')).toEqual([]);
    expect(await day(as.Ben!, '2026-11-23')).toEqual([]);
    expect(await day(as.Stan!, '2026-11-23')).toEqual([]);
  });

  it('updates on a second import instead of duplicating, replacing the attendees', async () => {
    const changed = GOOGLE.replace('SUMMARY:Team stand-up', 'SUMMARY:Stand-up').replace(
      'ATTENDEE;CN=Ann Archer:mailto:ann@acme.test',
      'ATTENDEE;CN=Ben:mailto:ben@acme.test',
    );
    const before = await meetingsOf(id.Col!);
    expect((await upload(as.Col!, changed, '?tz=Europe/Berlin')).body).toEqual({
      created: 0,
      updated: 2,
      skipped: 1,
    });
    const after = await meetingsOf(id.Col!);
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect(after.map((row) => row.title)).toEqual(['Stand-up', 'Design review']);
    expect(after[0]!.createdAt).toEqual(before[0]!.createdAt);
    expect(await attendeesOf(after[1]!.id)).toEqual([
      ['ben@acme.test', 'Ben'],
      ['col@acme.test', null],
    ]);
  });

  it("keeps another person's import of the same file apart from the caller's", async () => {
    expect((await upload(as.Ann!, GOOGLE)).body).toEqual({ created: 2, updated: 0, skipped: 1 });
    expect(await meetingsOf(id.Ann!)).toHaveLength(2);
    expect(await meetingsOf(id.Col!)).toHaveLength(2);
  });

  it('tells the organizer and the colleagues invited, each meeting by its id', async () => {
    const heard: BusEvent[] = [];
    const stop = t.events.subscribe({ event: (event) => heard.push(event), gap: () => {} });
    try {
      const file = calendar(
        meeting(
          'live-1',
          'Live one',
          13,
          'ATTENDEE:mailto:ann@acme.test',
          'ATTENDEE:mailto:guest@else.example',
        ),
        meeting('live-2', 'Live two', 15),
      );
      expect((await upload(as.Col!, file)).body).toEqual({ created: 2, updated: 0, skipped: 0 });
      const [one] = await t.db.select().from(meetings).where(eq(meetings.icsUid, 'live-1'));
      const [two] = await t.db.select().from(meetings).where(eq(meetings.icsUid, 'live-2'));
      const about = (meetingId: string) => heard.filter((event) => event.meetingId === meetingId);
      await expect.poll(() => about(one!.id).length + about(two!.id).length).toBe(2);
      const [first] = about(one!.id);
      expect(first).toMatchObject({ type: 'meeting.changed', meetingId: one!.id });
      // The guest from outside is no one to tell; Ben, not invited, hears nothing.
      expect((first!.audience as { userIds: number[] }).userIds.sort()).toEqual([id.Col, id.Ann].sort());
      expect(about(two!.id)[0]?.audience).toEqual({ userIds: [id.Col] });
    } finally {
      stop();
    }
  });

  it('reads floating times in the zone given and refuses an unknown zone', async () => {
    expect((await upload(as.Ben!, OUTLOOK, '?tz=America/New_York')).body).toEqual({
      created: 1,
      updated: 0,
      skipped: 0,
    });
    const [planning] = await meetingsOf(id.Ben!);
    expect(planning).toMatchObject({
      startsAt: new Date('2026-11-20T19:30:00Z'),
      timeZone: 'America/New_York',
      recurrence: 'weekly',
    });
    const unknown = await upload(as.Ben!, OUTLOOK, '?tz=Mars/Olympus');
    expect(unknown).toEqual({ status: 422, body: { missing_fields: { tz: ['unknown time zone'] } } });
  });

  it('imports nothing from a broken file, not even the valid events before the fault', async () => {
    const count = async () => (await t.db.select({ id: meetings.id }).from(meetings)).length;
    const before = await count();
    const broken: [string, string][] = [
      ['no calendar', ics('BEGIN:VEVENT', 'END:VEVENT')],
      [
        'unbalanced END',
        calendar(meeting('f1', 'First'), ['BEGIN:VEVENT', 'UID:f2', 'SUMMARY:Second', 'END:VTODO']),
      ],
      [
        'bad date',
        calendar(meeting('f1', 'First'), meeting('f2', 'Second').with(2, 'DTSTART:2026-11-20 10:00')),
      ],
      [
        'end before start',
        calendar(
          meeting('f1', 'First'),
          vevent('UID:f2', 'SUMMARY:Second', 'DTSTART:20261120T100000Z', 'DTEND:20261120T080000Z'),
        ),
      ],
      [
        'unsupported RRULE',
        calendar(meeting('f1', 'First'), meeting('f2', 'Second', 10, 'RRULE:FREQ=YEARLY')),
      ],
    ];
    const answers = [];
    for (const [, file] of broken) answers.push(await upload(as.Ben!, file));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.map((a) => a.body.error)).toEqual([
      'The file is not an iCalendar file: it must start with BEGIN:VCALENDAR.',
      'Line 13: END:VTODO does not close BEGIN:VEVENT of line 10.',
      "Event 2 ('Second'): DTSTART '2026-11-20 10:00' (line 12) is not a valid date and time.",
      "Event 2 ('Second'): its end (DTEND) must be after its start (DTSTART).",
      "Event 2 ('Second'): RRULE FREQ=YEARLY is not supported; only daily and weekly repeats can be imported.",
    ]);
    expect(await count()).toBe(before);
    expect((await t.db.select().from(meetings).where(eq(meetings.icsUid, 'f1'))).length).toBe(0);
  });

  it('refuses hostile files with a clear message and stores nothing', async () => {
    const count = async () => (await t.db.select({ id: meetings.id }).from(meetings)).length;
    const before = await count();
    const padding = `X-PADDING:${'x'.repeat(70)}\r\n`.repeat(Math.ceil(ICS_MAX_BYTES / 80) + 10);
    const big = calendar(meeting('big', 'Big')).replace('END:VCALENDAR', `${padding}END:VCALENDAR`);
    const huge = big.repeat(3);
    const many = calendar(...Array.from({ length: 501 }, (_, i) => meeting(`m${i}`, `M${i}`)));
    const nested = ics('BEGIN:VCALENDAR', ...Array(20_000).fill('BEGIN:VEVENT'));
    const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const cases: [string | Uint8Array, string][] = [
      [big, 'The calendar file is larger than 1 MiB. Export a shorter period and import it in parts.'],
      // Past the 2 MB upload cap the file is not even read whole.
      [huge, 'The calendar file is larger than 1 MiB. Export a shorter period and import it in parts.'],
      [many, 'The file has more than 500 events. Export a shorter period and import it in parts.'],
      [nested, 'Line 3: a VEVENT must be directly inside the VCALENDAR, not inside VEVENT.'],
      [binary, 'The file is not UTF-8 text. Choose a calendar (.ics) file.'],
      [
        calendar(meeting('t', 'x'.repeat(10_000))),
        `Event 1 ('${'x'.repeat(40)}…'): its title (SUMMARY, line 8) is longer than 200 characters.`,
      ],
    ];
    for (const [file, error] of cases)
      expect(await upload(as.Ben!, file)).toEqual({ status: 400, body: { error } });
    expect(await count()).toBe(before);
  });

  it('stores HTML in a title as plain text and drops a javascript: link', async () => {
    const file = calendar(
      meeting('html', '<img src=x onerror=alert(1)>Plan', 12, 'URL:javascript:alert(document.cookie)'),
    );
    expect((await upload(as.Ben!, file)).body).toEqual({ created: 1, updated: 0, skipped: 0 });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.icsUid, 'html'));
    expect(row).toMatchObject({ title: '<img src=x onerror=alert(1)>Plan', link: null });
  });

  it('asks for a file when none is sent', async () => {
    const response = await fetch(`${t.baseUrl}/api/calendars/events/import/`, {
      method: 'POST',
      body: new FormData(),
      headers: {
        cookie: as.Ben!.cookieHeader(),
        'x-csrftoken': as.Ben!.cookies.get('csrftoken') ?? '',
      },
    });
    expect(response.status).toBe(400);
  });
});
