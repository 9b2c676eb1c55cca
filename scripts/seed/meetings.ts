import type { MeetingRecurrence } from '@atrium/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import {
  dictionaryItems,
  managerLinks,
  meetingAttendees,
  meetings,
  users,
} from '../../apps/server/src/db/schema/index';
import { addDays } from '../../apps/server/src/modules/calendar/dates';
import { insertRows } from './bulk';
import { DEMO_ACCOUNTS, DEMO_CORP, DEMO_LIST } from './demo';
import { Random } from './random';
import type { Company } from './structure';

/**
 * Meetings. The demo accounts get a curated week, placed around `now` (the moment `npm start` seeds an
 * empty database): today a daily stand-up, a meeting under way, more later today (two of them
 * overlapping), and some on the days ahead, with colleagues and a guest from outside. Generated people get
 * meetings too, cheaply at any scale: about one in ten organizes a few in the weeks around `now`, with
 * colleagues of their company, inserted in bulk. Demo Corp keeps no zone of its own, so times are UTC.
 * Only people who organize no meeting yet get them, so a second run adds none for them; each person's
 * meetings come from a generator seeded by their id.
 */
export async function seedMeetings(
  db: Db,
  companies: readonly Company[],
  now: Date,
): Promise<{ meetings: number }> {
  const plans: MeetingPlan[] = [];
  const demo = companies.find((company) => company.name === DEMO_CORP.name);
  if (demo) plans.push(...(await demoMeetings(db, demo, now)));
  for (const company of companies) plans.push(...(await generatedMeetings(db, company, now)));
  await insertRows(
    db,
    meetings,
    plans.map(({ attendees: _, ...meeting }) => meeting),
  );
  await insertRows(
    db,
    meetingAttendees,
    plans.flatMap((meeting) =>
      meeting.attendees.map((attendee) => ({
        meetingId: meeting.id,
        email: attendee.email,
        displayName: attendee.displayName,
      })),
    ),
  );
  return { meetings: plans.length };
}

type Attendee = { email: string; displayName: string | null };
/** A meeting row as inserted, with its invitations. */
type MeetingPlan = typeof meetings.$inferInsert & { attendees: Attendee[] };

const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;
const TIME_ZONE = 'UTC';

/** A version 4 uuid drawn from the seeded generator, so that the same seed gives the same ids. */
function uuidFrom(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + rng.int(0, 3)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

const meetLink = (rng: Random) => {
  const letters = () => Array.from({ length: 4 }, () => String.fromCharCode(97 + rng.int(0, 25))).join('');
  return `https://meet.example.com/${letters()}-${letters()}-${letters()}`;
};

/** Each address once, the organizer's first. */
function invitations(organizerEmail: string, others: readonly (string | Attendee)[]): Attendee[] {
  const byEmail = new Map<string, Attendee>([[organizerEmail, { email: organizerEmail, displayName: null }]]);
  for (const other of others) {
    const attendee = typeof other === 'string' ? { email: other, displayName: null } : other;
    if (!byEmail.has(attendee.email)) byEmail.set(attendee.email, attendee);
  }
  return [...byEmail.values()];
}

/** `count` different items, in the order drawn. */
function sample<T>(rng: Random, items: readonly T[], count: number): T[] {
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(rng.pick(items));
  return [...chosen];
}

type DemoKey = keyof typeof DEMO_ACCOUNTS;
/** When a demo meeting is: a day from today at a UTC time, or minutes from the half hour `now` is in. */
type When = { day: number; at: string } | { fromNow: number };
type DemoMeeting = {
  title: string;
  by: DemoKey;
  start: When;
  minutes: number;
  with: readonly (DemoKey | 'team' | number | Attendee)[];
  recurrence?: MeetingRecurrence;
  /** Days after today the recurrence ends; none for no end. */
  untilDay?: number;
  description?: string;
};

const CANDIDATE = { email: 'sam.rivera@candidates.example', displayName: 'Sam Rivera' };
const PARTNER = { email: 'ravi.kumar@partner.example', displayName: 'Ravi Kumar' };

/**
 * The demo accounts' meetings. `team` is Maya's generated teammates; a number n, n colleagues of
 * Demo Corp outside the demo accounts.
 */
const DEMO_MEETINGS: readonly DemoMeeting[] = [
  {
    title: 'Team stand-up',
    by: 'manager',
    start: { day: 0, at: '09:30' },
    minutes: 15,
    with: ['employee', 'team'],
    recurrence: 'daily',
    description: 'What we did, what we will do, what blocks us. Fifteen minutes, standing.',
  },
  {
    title: 'Quarterly planning',
    by: 'manager',
    start: { fromNow: -30 },
    minutes: 90,
    with: ['employee', 'hr', 'editor', 2],
    description: 'Goals for the next quarter and who owns which.',
  },
  {
    title: 'Newsletter planning',
    by: 'editor',
    start: { fromNow: 60 },
    minutes: 30,
    with: ['hr', 1],
  },
  {
    title: 'Design review: request forms',
    by: 'manager',
    start: { fromNow: 120 },
    minutes: 60,
    with: ['employee', 'team'],
  },
  {
    title: 'Interview: frontend engineer',
    by: 'employee',
    start: { fromNow: 150 },
    minutes: 45,
    with: ['manager', 'hr', CANDIDATE],
  },
  {
    title: '1:1 Emil / Helen',
    by: 'hr',
    start: { fromNow: 240 },
    minutes: 30,
    with: ['employee'],
  },
  {
    title: 'Engineering sync',
    by: 'manager',
    start: { day: 1, at: '11:00' },
    minutes: 60,
    with: ['employee', 'team', 2],
    recurrence: 'weekly',
    untilDay: 8 * 7,
  },
  {
    title: 'All-hands',
    by: 'editor',
    start: { day: 2, at: '16:00' },
    minutes: 60,
    with: ['employee', 'manager', 'hr', 10],
    description: 'Results of the quarter, the road map, and your questions.',
  },
  {
    title: 'Vacation policy Q&A',
    by: 'hr',
    start: { day: 3, at: '14:00' },
    minutes: 60,
    with: ['employee', 'manager', 3],
  },
  {
    title: 'Architecture deep dive',
    by: 'employee',
    start: { day: 4, at: '10:00' },
    minutes: 90,
    with: ['manager', 'team'],
  },
  {
    title: 'Lunch & learn: accessibility',
    by: 'editor',
    start: { day: 5, at: '12:00' },
    minutes: 60,
    with: ['employee', 'manager', 'hr', 5],
  },
  {
    title: 'Partner review',
    by: 'manager',
    start: { day: 6, at: '13:00' },
    minutes: 120,
    with: ['hr', PARTNER],
  },
];

/** The demo accounts' meetings, when they exist and organize none yet. */
async function demoMeetings(db: Db, company: Company, now: Date): Promise<MeetingPlan[]> {
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_LIST.map((person) => person.email),
      ),
    );
  const account = (key: DemoKey) => accounts.find((row) => row.email === DEMO_ACCOUNTS[key].email);
  const maya = account('manager');
  if (!maya || accounts.length < DEMO_LIST.length) return [];
  const organizing = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      inArray(
        meetings.organizerId,
        accounts.map((row) => row.id),
      ),
    )
    .limit(1);
  if (organizing.length) return [];

  const demoEmails = DEMO_LIST.map((person) => person.email);
  const team = await db
    .select({ email: users.email })
    .from(managerLinks)
    .innerJoin(dictionaryItems, eq(dictionaryItems.id, managerLinks.managerTypeId))
    .innerJoin(users, eq(users.id, managerLinks.userId))
    .where(
      and(
        eq(managerLinks.managerId, maya.id),
        eq(dictionaryItems.code, 'manager'),
        notInArray(users.email, demoEmails),
      ),
    )
    .orderBy(asc(users.id));
  const colleagues = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, company.id), notInArray(users.email, demoEmails)))
    .orderBy(asc(users.id))
    .limit(60);

  const rng = new Random('meetings/demo');
  const today = now.toISOString().slice(0, 10);
  const halfHour = Math.floor(now.getTime() / HALF_HOUR) * HALF_HOUR;
  const startOf = (when: When) =>
    'fromNow' in when
      ? new Date(halfHour + when.fromNow * MINUTE)
      : new Date(`${addDays(today, when.day)}T${when.at}:00Z`);
  return DEMO_MEETINGS.map((meeting) => {
    const organizer = account(meeting.by) as { id: number; email: string };
    const others = meeting.with.flatMap((who): (string | Attendee)[] => {
      if (who === 'team') return team.map((row) => row.email);
      if (typeof who === 'number') return sample(rng, colleagues, who).map((row) => row.email);
      if (typeof who === 'string') return [DEMO_ACCOUNTS[who].email];
      return [who];
    });
    const startsAt = startOf(meeting.start);
    return {
      id: uuidFrom(rng),
      companyId: company.id,
      organizerId: organizer.id,
      title: meeting.title,
      description: meeting.description ?? '',
      link: meetLink(rng),
      startsAt,
      endsAt: new Date(startsAt.getTime() + meeting.minutes * MINUTE),
      timeZone: TIME_ZONE,
      recurrence: meeting.recurrence ?? null,
      recurrenceUntil: meeting.untilDay === undefined ? null : addDays(today, meeting.untilDay),
      createdAt: now,
      updatedAt: now,
      attendees: invitations(organizer.email, others),
    };
  });
}

/** About this share of a company's generated people organize meetings. */
const ORGANIZER_SHARE = 0.1;
const TOPICS = [
  'Project sync',
  '1:1',
  'Sprint planning',
  'Customer call',
  'Budget review',
  'Design critique',
  'Hiring debrief',
  'Road map review',
  'Knowledge sharing',
  'Incident review',
  'Onboarding session',
  'Vendor demo',
] as const;
const LENGTHS = [30, 45, 60, 90] as const;

/**
 * Meetings of a company's generated people: each person who organizes none yet does so by chance, one to
 * three meetings between a week before `now` and two weeks after it, in office hours (08:00 to 17:30
 * UTC), with two to six colleagues; one in ten repeats weekly.
 */
async function generatedMeetings(db: Db, company: Company, now: Date): Promise<MeetingPlan[]> {
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      // Written out in full: a one-table select names its columns unqualified, which the subquery would misread.
      organizes: sql<boolean>`exists (select 1 from ${meetings} m where m.organizer_id = "users"."id")`,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, company.id),
        notInArray(
          users.email,
          DEMO_LIST.map((person) => person.email),
        ),
      ),
    )
    .orderBy(asc(users.id));
  if (people.length < 2) return [];
  const today = now.toISOString().slice(0, 10);
  const plans: MeetingPlan[] = [];
  for (const person of people) {
    if (person.organizes) continue;
    const rng = new Random(`meetings/${person.id}`);
    if (!rng.chance(ORGANIZER_SHARE)) continue;
    for (let n = rng.int(1, 3); n > 0; n--) {
      const startsAt = new Date(
        `${addDays(today, rng.int(-7, 14))}T${String(rng.int(8, 17)).padStart(2, '0')}:${rng.pick(['00', '30'])}:00Z`,
      );
      const weekly = rng.chance(0.1);
      const guests = sample(rng, people, rng.int(2, 6)).map((colleague) => colleague.email);
      plans.push({
        id: uuidFrom(rng),
        companyId: company.id,
        organizerId: person.id,
        title: rng.pick(TOPICS),
        description: '',
        link: rng.chance(0.8) ? meetLink(rng) : null,
        startsAt,
        endsAt: new Date(startsAt.getTime() + rng.pick(LENGTHS) * MINUTE),
        timeZone: TIME_ZONE,
        recurrence: weekly ? 'weekly' : null,
        recurrenceUntil: weekly ? addDays(today, 8 * 7) : null,
        createdAt: now,
        updatedAt: now,
        attendees: invitations(person.email, guests),
      });
    }
  }
  return plans;
}
