import { GROUP_HR, GROUP_USER, type MeetingBody, type MeetingEvent } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../src/lib/event-bus';
import { createCompany, createUser } from './fixtures';
import type { HttpClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * Acme: Olga organizes, Ann is invited, Col is a colleague nobody invites, Hr is HR, Ben keeps a calendar
 * of his own for the list's paging. Globex: Gus. The clock stands on Friday 2026-11-20 09:00 UTC.
 */
let t: TestApp;
type Person = 'olga' | 'ann' | 'col' | 'hr' | 'ben' | 'gus';
const id = {} as Record<Person, number>;
const as = {} as Record<Person, HttpClient>;
const EVENTS = '/api/calendars/events/';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T09:00:00Z' });
  const acme = (await createCompany(t.db, 'Acme')).id;
  const globex = (await createCompany(t.db, 'Globex')).id;
  const people: [Person, string, string, number, number[]][] = [
    ['olga', 'Olga', 'Ortiz', acme, [GROUP_USER]],
    ['ann', 'Ann', 'Archer', acme, [GROUP_USER]],
    ['col', 'Col', 'Cole', acme, [GROUP_USER]],
    ['hr', 'Hanna', 'Hall', acme, [GROUP_HR, GROUP_USER]],
    ['ben', 'Ben', 'Brown', acme, [GROUP_USER]],
    ['gus', 'Gus', 'Green', globex, [GROUP_HR, GROUP_USER]],
  ];
  for (const [key, firstName, lastName, companyId, groups] of people) {
    const email = `${key}@${companyId === acme ? 'acme' : 'globex'}.test`;
    id[key] = (await createUser(t.db, { companyId, email, firstName, lastName, groups })).id;
    as[key] = await t.login(email);
  }
});

afterAll(async () => {
  await t?.close();
});

async function create(who: Person, body: MeetingBody, query = ''): Promise<MeetingEvent> {
  const created = await as[who].post(`${EVENTS}${query}`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const dayOf = async (who: Person, query: string) => {
  const answer = await as[who].get(`${EVENTS}day/?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { date: string; results: MeetingEvent[] };
};

/** Runs the action and gives the events of the bus about the meeting it names. */
async function heardOf(action: () => Promise<string>): Promise<BusEvent[]> {
  const heard: BusEvent[] = [];
  const stop = t.events.subscribe({ event: (event) => heard.push(event), gap: () => {} });
  try {
    const meetingId = await action();
    await expect.poll(() => heard.filter((e) => e.meetingId === meetingId).length).toBeGreaterThan(0);
    return heard.filter((e) => e.meetingId === meetingId);
  } finally {
    stop();
  }
}

describe('creating a meeting', () => {
  it('answers its first occurrence, the organizer among the attendees, colleagues by their names', async () => {
    let created: MeetingEvent | undefined;
    const heard = await heardOf(async () => {
      created = await create('olga', {
        title: '  Planning  ',
        start: '2026-11-20T10:00:00Z',
        end: '2026-11-20T11:30:00Z',
        link: 'https://meet.example.com/plan',
        description: 'Next quarter',
        attendees: [
          'ANN@acme.test',
          { email: 'guest@partner.example', displayName: 'Pat Guest' },
          'ann@acme.test',
          'gus@globex.test',
        ],
      });
      return created.uuid;
    });
    expect(created).toMatchObject({
      start: '2026-11-20T10:00:00.000Z',
      end: '2026-11-20T11:30:00.000Z',
      title: 'Planning',
      summary: 'Planning',
      description: 'Next quarter',
      link: 'https://meet.example.com/plan',
      meeting_link: 'https://meet.example.com/plan',
      date: '2026-11-20',
      hours: '10:00 AM - 11:30 AM',
      recurrence: null,
      recurrence_until: null,
      time_zone: 'UTC',
      organizer: { id: id.olga, full_name: 'Olga Ortiz', email: 'olga@acme.test' },
      is_organizer: true,
      count_attendees: 4,
    });
    expect(created?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The organizer first, then by name; Gus is no colleague in Acme, so he is his address.
    expect(created?.attendees).toEqual([
      { email: 'olga@acme.test', displayName: 'Olga Ortiz', avatarUrl: null, user_id: id.olga },
      { email: 'ann@acme.test', displayName: 'Ann Archer', avatarUrl: null, user_id: id.ann },
      { email: 'gus@globex.test', displayName: 'gus@globex.test', avatarUrl: null, user_id: null },
      { email: 'guest@partner.example', displayName: 'Pat Guest', avatarUrl: null, user_id: null },
    ]);
    // Live to the organizer and the colleagues invited, nobody else.
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ type: 'meeting.changed' });
    const audience = heard[0]!.audience as { userIds: number[] };
    expect([...audience.userIds].sort()).toEqual([id.olga, id.ann].sort());
  });

  it('answers hours and day in the zone asked for', async () => {
    const late = await create(
      'olga',
      { title: 'Late call', start: '2026-11-20T23:30:00Z', end: '2026-11-21T00:15:00Z' },
      '?tz=Europe/Berlin',
    );
    expect(late).toMatchObject({ date: '2026-11-21', hours: '12:30 AM - 1:15 AM' });
    const inUtc = await as.olga.get(`${EVENTS}${late.uuid}/?tz=UTC`);
    expect(inUtc.body).toMatchObject({ date: '2026-11-20', hours: '11:30 PM - 12:15 AM' });
  });

  it('refuses what breaks a rule, naming the field', async () => {
    const base = { title: 'Rules', start: '2026-11-23T10:00:00Z', end: '2026-11-23T11:00:00Z' };
    const refused = async (body: Record<string, unknown>, query = '') => {
      const answer = await as.olga.post(`${EVENTS}${query}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      return answer.body.missing_fields as Record<string, string[]>;
    };
    expect(await refused({ ...base, end: base.start })).toEqual({ end: ['end must be after start'] });
    expect(await refused({ ...base, end: '2026-11-23T09:00:00Z' })).toEqual({
      end: ['end must be after start'],
    });
    expect(await refused({ ...base, end: '2026-11-24T10:00:01Z' })).toEqual({
      end: ['a meeting lasts at most 24 hours'],
    });
    expect(await refused({ ...base, recurrence_until: '2026-12-01' })).toEqual({
      recurrence_until: ['recurrence_until needs a recurrence'],
    });
    expect(await refused({ ...base, recurrence: 'daily', recurrence_until: '2026-11-22' })).toEqual({
      recurrence_until: ['recurrence_until must not be before the day of the start'],
    });
    expect(await refused({ ...base, recurrence: 'daily', recurrence_until: '2026-02-30' })).toEqual({
      recurrence_until: ['recurrence_until must be yyyy-mm-dd'],
    });
    expect(await refused({ ...base, time_zone: 'Mars/Olympus_Mons' })).toEqual({
      time_zone: ['unknown time zone'],
    });
    expect(await refused({ ...base, recurrence: 'monthly' })).toHaveProperty('recurrence');
    expect(await refused({ ...base, title: '   ' })).toHaveProperty('title');
    expect(await refused({ ...base, start: 'tomorrow' })).toHaveProperty('start');
    expect(await refused({ ...base, link: 'javascript:alert(1)' })).toHaveProperty('link');
    expect(await refused({ ...base, attendees: ['not an address'] })).toHaveProperty(['attendees.0']);
    expect(await refused({ ...base, organizer: id.ann })).toEqual({ organizer: ['Unknown field'] });
    expect(await refused(base, '?tz=Nowhere/Land')).toEqual({ tz: ['unknown time zone'] });
    const many = (n: number) => Array.from({ length: n }, (_, i) => `guest${i}@partner.example`);
    expect(await refused({ ...base, attendees: many(201) })).toHaveProperty('attendees');
    // 200 guests and the organizer would be 201.
    expect(await refused({ ...base, attendees: many(200) })).toEqual({
      attendees: ['at most 200 attendees'],
    });
    const full = await create('olga', { ...base, attendees: [...many(199), 'GUEST0@partner.example'] });
    expect(full.count_attendees).toBe(200);
    expect((await as.olga.delete(`${EVENTS}${full.uuid}/`)).status).toBe(204);
  });

  it('keeps the meeting in the zone it was made in: 09:30 in Berlin every day, before and after the DST change', async () => {
    const standUp = await create('ben', {
      title: 'Berlin stand-up',
      start: '2026-10-20T07:30:00Z',
      end: '2026-10-20T07:45:00Z',
      time_zone: 'Europe/Berlin',
      recurrence: 'daily',
      recurrence_until: '2026-11-30',
    });
    const berlin = (await dayOf('ben', 'date=2026-11-20&tz=Europe/Berlin')).results;
    expect(berlin.filter((e) => e.uuid === standUp.uuid)).toEqual([
      expect.objectContaining({
        start: '2026-11-20T08:30:00.000Z',
        end: '2026-11-20T08:45:00.000Z',
        date: '2026-11-20',
        hours: '9:30 AM - 9:45 AM',
        recurrence: 'daily',
        recurrence_until: '2026-11-30',
        time_zone: 'Europe/Berlin',
      }),
    ]);
    const october = (await dayOf('ben', 'date=2026-10-21&tz=Europe/Berlin')).results;
    expect(october.find((e) => e.uuid === standUp.uuid)).toMatchObject({
      start: '2026-10-21T07:30:00.000Z',
      hours: '9:30 AM - 9:45 AM',
    });
    const utc = (await dayOf('ben', 'date=2026-11-20')).results;
    expect(utc.find((e) => e.uuid === standUp.uuid)?.hours).toBe('8:30 AM - 8:45 AM');
    expect((await dayOf('ben', 'date=2026-11-30&tz=Europe/Berlin')).results.map((e) => e.uuid)).toContain(
      standUp.uuid,
    );
    expect((await dayOf('ben', 'date=2026-12-01&tz=Europe/Berlin')).results.map((e) => e.uuid)).not.toContain(
      standUp.uuid,
    );
    expect((await dayOf('ben', 'date=2026-10-19&tz=Europe/Berlin')).results.map((e) => e.uuid)).not.toContain(
      standUp.uuid,
    );
    expect((await as.ben.delete(`${EVENTS}${standUp.uuid}/`)).status).toBe(204);
  });

  it('repeats a weekly meeting on its weekday only', async () => {
    const review = await create('ann', {
      title: 'Weekly review',
      start: '2026-11-16T14:00:00Z', // a Monday
      end: '2026-11-16T15:00:00Z',
      recurrence: 'weekly',
    });
    const uuidsOn = async (date: string) => (await dayOf('ann', `date=${date}`)).results.map((e) => e.uuid);
    expect(await uuidsOn('2026-11-23')).toContain(review.uuid);
    expect(await uuidsOn('2027-03-01')).toContain(review.uuid);
    expect(await uuidsOn('2026-11-24')).not.toContain(review.uuid);
    expect(await uuidsOn('2026-11-09')).not.toContain(review.uuid);
    expect((await as.ann.delete(`${EVENTS}${review.uuid}/`)).status).toBe(204);
  });
});

describe('who sees a meeting', () => {
  let meeting: MeetingEvent;
  beforeAll(async () => {
    meeting = await create('olga', {
      title: 'Budget',
      start: '2026-11-25T13:00:00Z',
      end: '2026-11-25T14:00:00Z',
      attendees: ['ann@acme.test', 'gus@globex.test'],
    });
  });
  const seesIt = async (who: Person) => {
    const day = await dayOf(who, 'date=2026-11-25');
    const list = await as[who].get(`${EVENTS}?page_size=100`);
    expect(list.status).toBe(200);
    const inDay = day.results.some((e) => e.uuid === meeting.uuid);
    const inList = list.body.results.some((e: MeetingEvent) => e.uuid === meeting.uuid);
    expect(inList).toBe(inDay);
    const single = await as[who].get(`${EVENTS}${meeting.uuid}/`);
    expect(single.status).toBe(inDay ? 200 : 404);
    return inDay;
  };

  it('its organizer and the colleagues invited', async () => {
    expect(await seesIt('olga')).toBe(true);
    expect(await seesIt('ann')).toBe(true);
    const asAnn = await as.ann.get(`${EVENTS}${meeting.uuid}/`);
    expect(asAnn.body).toMatchObject({ uuid: meeting.uuid, is_organizer: false, title: 'Budget' });
  });

  it('not a colleague nobody invited, nor HR, nor someone of another company invited by address', async () => {
    expect(await seesIt('col')).toBe(false);
    expect(await seesIt('hr')).toBe(false);
    expect(await seesIt('gus')).toBe(false);
  });

  it('not a meeting of another company, even when invited to it', async () => {
    const globexMeeting = await create('gus', {
      title: 'Globex only',
      start: '2026-11-25T15:00:00Z',
      end: '2026-11-25T16:00:00Z',
      attendees: ['ann@acme.test'],
    });
    expect((await dayOf('gus', 'date=2026-11-25')).results.map((e) => e.uuid)).toEqual([globexMeeting.uuid]);
    expect((await dayOf('ann', 'date=2026-11-25')).results.map((e) => e.uuid)).toEqual([meeting.uuid]);
    expect((await as.ann.get(`${EVENTS}${globexMeeting.uuid}/`)).status).toBe(404);
  });

  it("lets the email parameter name only the caller's own address", async () => {
    const own = await as.ann.get(`${EVENTS}day/?email=ANN@acme.test&date=2026-11-25`);
    expect(own.status).toBe(200);
    expect(own.body.results.map((e: MeetingEvent) => e.uuid)).toEqual([meeting.uuid]);
    for (const path of ['', 'day/', 'nextday/']) {
      const other = await as.hr.get(`${EVENTS}${path}?email=olga@acme.test`);
      expect(other.status, path).toBe(403);
      expect(other.body).toEqual({ error: expect.any(String) });
      expect((await as.ann.get(`${EVENTS}${path}?email=ann@acme.test`)).status, path).toBe(200);
    }
  });

  it('answers 401 to anonymous callers on every path', async () => {
    const anonymous = t.client();
    await anonymous.csrf();
    for (const path of ['', 'day/', 'nextday/', `${meeting.uuid}/`]) {
      expect((await anonymous.get(`${EVENTS}${path}`)).status, path).toBe(401);
    }
    expect((await anonymous.post(EVENTS, { title: 'x' })).status).toBe(401);
    expect((await anonymous.patch(`${EVENTS}${meeting.uuid}/`, { title: 'x' })).status).toBe(401);
    expect((await anonymous.delete(`${EVENTS}${meeting.uuid}/`)).status).toBe(401);
  });

  it('answers 404 to what is not a meeting id or no meeting', async () => {
    for (const uuid of ['not-a-uuid', '123', '00000000-0000-4000-8000-000000000000']) {
      expect((await as.olga.get(`${EVENTS}${uuid}/`)).status, uuid).toBe(404);
      expect((await as.olga.patch(`${EVENTS}${uuid}/`, { title: 'x' })).status, uuid).toBe(404);
      expect((await as.olga.delete(`${EVENTS}${uuid}/`)).status, uuid).toBe(404);
    }
    expect((await as.olga.get(`${EVENTS}${meeting.uuid.toUpperCase()}/`)).status).toBe(200);
  });
});

describe('the days', () => {
  it('day is today in the zone by default, nextday the day after the date given or today', async () => {
    const olgaToday = await dayOf('olga', '');
    expect(olgaToday.date).toBe('2026-11-20');
    expect(olgaToday.results.map((e) => e.title)).toEqual(['Planning', 'Late call']);
    // 10:00 in Berlin; the late call starts there after midnight, on the next day.
    const berlinToday = await dayOf('olga', 'tz=Europe/Berlin');
    expect(berlinToday).toMatchObject({ date: '2026-11-20' });
    expect(berlinToday.results.map((e) => e.title)).toEqual(['Planning']);
    // At 09:00 UTC it is still Thursday in Honolulu.
    expect((await dayOf('olga', 'tz=Pacific/Honolulu')).date).toBe('2026-11-19');
    for (const zone of ['', '?tz=Europe/Berlin']) {
      const next = await as.olga.get(`${EVENTS}nextday/${zone}`);
      expect(next.body.date).toBe('2026-11-21');
      // A meeting across midnight is on both days.
      expect(next.body.results.map((e: MeetingEvent) => e.title)).toEqual(['Late call']);
    }
    const afterMonday = await as.olga.get(`${EVENTS}nextday/?date=2026-11-24`);
    expect(afterMonday.body.date).toBe('2026-11-25');
    expect(afterMonday.body.results.map((e: MeetingEvent) => e.title)).toEqual(['Budget']);
  });

  it('refuses a day that is not one, and an unknown zone', async () => {
    const bad = await as.olga.get(`${EVENTS}day/?date=2026-02-30`);
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ missing_fields: { date: ['date must be yyyy-mm-dd'] } });
    expect((await as.olga.get(`${EVENTS}day/?date=20.11.2026`)).status).toBe(422);
    const zone = await as.olga.get(`${EVENTS}nextday/?tz=Nowhere/Land`);
    expect(zone.status).toBe(422);
    expect(zone.body).toEqual({ missing_fields: { tz: ['unknown time zone'] } });
    expect((await as.olga.get(`${EVENTS}?tz=Nowhere/Land`)).status).toBe(422);
  });
});

describe('the list', () => {
  it('pages today’s and the next 60 days’ occurrences by start, then title, a recurring meeting once a day', async () => {
    const make = (title: string, start: string, end: string, extra: Partial<MeetingBody> = {}) =>
      create('ben', { title, start, end, ...extra });
    await make('Stand-up', '2026-11-01T08:00:00Z', '2026-11-01T08:15:00Z', { recurrence: 'daily' });
    await make('A sync', '2026-11-20T08:00:00Z', '2026-11-20T08:30:00Z');
    await make('Yesterday', '2026-11-19T15:00:00Z', '2026-11-19T16:00:00Z');
    await make('Too far ahead', '2027-01-19T08:00:00Z', '2027-01-19T09:00:00Z');
    await make('Last day in view', '2027-01-18T22:00:00Z', '2027-01-18T23:00:00Z');

    const first = await as.ben.get(`${EVENTS}?page_size=25&tz=UTC`);
    expect(first.status).toBe(200);
    // 60 days of stand-ups (today's included, though over), the sync and the last day's meeting.
    expect(first.body.count).toBe(62);
    expect(first.body.next).toBe('/api/calendars/events/?page=2&page_size=25&tz=UTC');
    expect(first.body.results).toHaveLength(25);
    expect(first.body.results.slice(0, 3).map((e: MeetingEvent) => [e.title, e.date])).toEqual([
      ['A sync', '2026-11-20'],
      ['Stand-up', '2026-11-20'],
      ['Stand-up', '2026-11-21'],
    ]);
    const last = await as.ben.get(`${EVENTS}?page=3&page_size=25&tz=UTC`);
    expect(last.body.next).toBeNull();
    expect(last.body.results).toHaveLength(12);
    expect(last.body.results.slice(-2).map((e: MeetingEvent) => [e.title, e.date])).toEqual([
      ['Stand-up', '2027-01-18'],
      ['Last day in view', '2027-01-18'],
    ]);
    const all = [...first.body.results, ...(await as.ben.get(`${EVENTS}?page=2&page_size=25`)).body.results];
    // No occurrence twice across pages.
    expect(new Set(all.map((e: MeetingEvent) => `${e.uuid} ${e.start}`)).size).toBe(50);

    const defaults = await as.ben.get(EVENTS);
    expect(defaults.body.results).toHaveLength(10);
    expect(defaults.body.next).toBe('/api/calendars/events/?page=2&page_size=10');
    expect((await as.ben.get(`${EVENTS}?page_size=0`)).status).toBe(422);
  });
});

describe('changing and removing a meeting', () => {
  it('only its organizer may; an attendee gets 403, anyone else 404', async () => {
    const meeting = await create('olga', {
      title: 'Retro',
      start: '2026-11-26T10:00:00Z',
      end: '2026-11-26T11:00:00Z',
      recurrence: 'weekly',
      recurrence_until: '2026-12-31',
      attendees: ['ann@acme.test'],
    });
    const path = `${EVENTS}${meeting.uuid}/`;
    expect((await as.ann.patch(path, { title: 'Mine now' })).status).toBe(403);
    expect((await as.ann.delete(path)).status).toBe(403);
    expect((await as.col.patch(path, { title: 'Mine now' })).status).toBe(404);
    expect((await as.hr.delete(path)).status).toBe(404);

    let changed: { status: number; body: MeetingEvent } | undefined;
    const heard = await heardOf(async () => {
      changed = await as.olga.patch(path, {
        title: 'Retrospective',
        end: '2026-11-26T11:30:00Z',
        recurrence: null,
        attendees: ['col@acme.test'],
      });
      return meeting.uuid;
    });
    expect(changed?.status).toBe(200);
    expect(changed?.body).toMatchObject({
      title: 'Retrospective',
      hours: '10:00 AM - 11:30 AM',
      recurrence: null,
      // Ending the recurrence drops its last day.
      recurrence_until: null,
      count_attendees: 2,
    });
    expect(changed?.body.attendees.map((a) => a.email)).toEqual(['olga@acme.test', 'col@acme.test']);
    // Ann, no longer invited, hears of it as well as Col, who now is.
    const audience = heard[0]!.audience as { userIds: number[] };
    expect([...audience.userIds].sort()).toEqual([id.olga, id.ann, id.col].sort());
    expect((await as.ann.get(path)).status).toBe(404);
    expect((await as.col.get(path)).status).toBe(200);

    // Fields not named stay; a change breaking a rule is refused as a whole.
    const refused = await as.olga.patch(path, { start: '2026-11-26T12:00:00Z' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ missing_fields: { end: ['end must be after start'] } });
    expect((await as.olga.patch(path, { recurrence_until: '2026-12-31' })).status).toBe(422);
    const kept = await as.olga.patch(path, { description: 'Bring ideas' });
    expect(kept.body).toMatchObject({
      title: 'Retrospective',
      description: 'Bring ideas',
      count_attendees: 2,
    });

    const removed = await heardOf(async () => {
      expect((await as.olga.delete(path)).status).toBe(204);
      return meeting.uuid;
    });
    expect([...(removed[0]!.audience as { userIds: number[] }).userIds].sort()).toEqual(
      [id.olga, id.col].sort(),
    );
    expect((await as.olga.get(path)).status).toBe(404);
    expect((await as.col.get(path)).status).toBe(404);
  });
});
