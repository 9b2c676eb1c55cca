import { GROUP_HR, GROUP_USER } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client';
import { companyMembers, userGroups, userRights, users } from '../../apps/server/src/db/schema/index';
import { insertRows, reserveIds } from './bulk';
import { DEMO_LIST } from './demo';
import {
  type Dictionaries,
  type Grade,
  jobTitleCode,
  locationCode,
  type OfficialPosition,
} from './dictionaries';
import { asciiSlug, COUNTRIES, type Country, countryByCode, HOBBIES, LANGUAGES } from './names';
import type { Random } from './random';
import type { Company, Role, Seat } from './structure';

/** A person with a fixed identity (the demo accounts); everything not given is generated. */
export type FixedPerson = {
  email: string;
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  country: string;
  city: string;
  title: string;
  aboutMe?: string;
  rights?: readonly string[];
  /** Other companies where the person is a plain user. */
  alsoMemberOf?: readonly string[];
};

type UserRow = typeof users.$inferInsert;

export type PeopleEnv = {
  company: Company;
  companyIdByName: (name: string) => number;
  dictionaries: Dictionaries;
  now: Date;
  rng: Random;
};

/** Users are built and written this many at a time, so memory stays flat for any size. */
const CHUNK = 5_000;

/**
 * Gives each seat a user id and writes the users with their memberships, groups and rights. Everyone is
 * a plain user (group 2) of each company they belong to; HR business partners are HR (group 1) of their
 * own; CEOs may post news.
 */
export async function insertPeople(db: Db, seats: readonly Seat[], env: PeopleEnv): Promise<void> {
  const { company } = env;
  const ids = await reserveIds(db, users, seats.length);
  seats.forEach((seat, i) => {
    seat.id = ids[i] as number;
  });
  const emails = await takenEmails(db, company.domain);
  for (let start = 0; start < seats.length; start += CHUNK) {
    const chunk = seats.slice(start, start + CHUNK);
    await insertRows(
      db,
      users,
      chunk.map((seat) => person(seat, env, emails)),
    );
    const memberships = chunk.flatMap((seat) => [
      {
        userId: seat.id,
        companyId: company.id,
        groups: seat.role === 'hrbp' ? [GROUP_HR, GROUP_USER] : [GROUP_USER],
        rights: [...(seat.role === 'ceo' ? ['create_posts'] : []), ...(seat.fixed?.rights ?? [])],
      },
      ...(seat.fixed?.alsoMemberOf ?? []).map((name) => ({
        userId: seat.id,
        companyId: env.companyIdByName(name),
        groups: [GROUP_USER],
        rights: [],
      })),
    ]);
    await insertRows(
      db,
      companyMembers,
      memberships.map(({ userId, companyId }) => ({ userId, companyId })),
    );
    await insertRows(
      db,
      userGroups,
      memberships.flatMap(({ userId, companyId, groups }) =>
        groups.map((groupId) => ({ userId, companyId, groupId })),
      ),
    );
    await insertRows(
      db,
      userRights,
      memberships.flatMap(({ userId, companyId, rights }) =>
        rights.map((right) => ({ userId, companyId, right })),
      ),
    );
  }
}

async function takenEmails(db: Db, domain: string): Promise<Set<string>> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select lower(email) as email from ${users} where lower(email) like ${`%@${domain}`}`,
  );
  return new Set(rows.map((row) => row.email));
}

/** first.last@domain, numbered from 2 when taken. */
function uniqueEmail(first: string, last: string, domain: string, taken: Set<string>): string {
  const base = `${asciiSlug(first)}.${asciiSlug(last)}`;
  let email = `${base}@${domain}`;
  for (let n = 2; taken.has(email); n++) email = `${base}${n}@${domain}`;
  taken.add(email);
  return email;
}

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const STATUS: [number, number][] = [
  [1, 45],
  [2, 45],
  [3, 3],
  [4, 7],
];
const EMPLOYMENT: [string, number][] = [
  ['full-time', 82],
  ['part-time', 6],
  ['contractor', 9],
  ['intern', 3],
];
const MEMBER_GRADES: [Grade, number][] = [
  ['junior', 25],
  ['middle', 45],
  ['senior', 30],
];
const ROLE_GRADE: Record<Exclude<Role, 'member'>, Grade> = {
  ceo: 'executive',
  divisionHead: 'director',
  departmentHead: 'head',
  teamLead: 'lead',
  hrbp: 'senior',
};
const ROLE_POSITION: Record<Exclude<Role, 'member'>, OfficialPosition> = {
  ceo: 'chief-executive',
  divisionHead: 'director',
  departmentHead: 'head-of-department',
  teamLead: 'team-leader',
  hrbp: 'lead-specialist',
};
const NUTRITION: [string, number][] = [
  ['any', 70],
  ['vegetarian', 12],
  ['vegan', 5],
  ['halal', 4],
  ['kosher', 2],
  ['gluten-free', 3],
  ['lactose-free', 4],
];
const CLOTHING: Record<'male' | 'female', [string, number][]> = {
  male: [
    ['s', 10],
    ['m', 30],
    ['l', 32],
    ['xl', 18],
    ['xxl', 8],
    ['3xl', 2],
  ],
  female: [
    ['xs', 15],
    ['s', 35],
    ['m', 30],
    ['l', 14],
    ['xl', 6],
  ],
};
const STATUS_VISIBLE: [string, number][] = [
  ['everyone', 85],
  ['company', 10],
  ['hidden', 5],
];
const SPECIAL_EVENTS = ['birthday', 'anniversary', 'newcomer', 'wedding', 'newborn'];
const SOCIAL_NETWORKS = [
  'telegram',
  'linkedin',
  'twitter',
  'instagram',
  'slack',
  'discord',
  'skype',
  'fb',
  'whatsapp',
];
const COUNTRY_WEIGHTS = COUNTRIES.map((c) => [c, c.weight] as const);
const DEMO_NAMES = new Set(DEMO_LIST.map((each) => `${each.firstName} ${each.lastName}`));

function person(seat: Seat, env: PeopleEnv, emails: Set<string>): UserRow {
  const { rng, company, dictionaries, now } = env;
  const fixed = seat.fixed;
  const dict = (dictionary: string, code: string) => dictionaries.id(dictionary, code, company.id);

  const country: Country = fixed ? countryByCode(fixed.country) : rng.weighted(COUNTRY_WEIGHTS);
  const gender = fixed?.gender ?? (rng.chance(0.5) ? 'female' : 'male');
  const firstName = fixed?.firstName ?? rng.pick(country[gender]);
  const drawn = rng.int(0, country.last.length - 1);
  const surnameAt = (index: number) =>
    (gender === 'female' ? country.femaleLast?.[index] : undefined) ?? (country.last[index] as string);
  // A generated namesake of a demo account (a second 'Maya Chen') would confuse everyone trying the demo:
  // such a person takes the next surname instead, without another draw, so the rest of the seed is as before.
  const surname = DEMO_NAMES.has(`${firstName} ${surnameAt(drawn)}`)
    ? (drawn + 1) % country.last.length
    : drawn;
  const lastName = fixed?.lastName ?? surnameAt(surname);
  const [city, gmt] = fixed ? [fixed.city, gmtOf(country, fixed.city)] : rng.pick(country.cities);

  const { employment, grade, official } = rank(seat.role, rng);

  const nowMs = now.getTime();
  // Leaders are older; ages spread around the middle of the range rather than evenly.
  const minAge = seat.role === 'member' || seat.role === 'hrbp' ? 21 : seat.role === 'ceo' ? 38 : 28;
  const age = minAge + (65 - minAge) * ((rng.next() + rng.next()) / 2);
  const birthMs = nowMs - age * YEAR - rng.int(0, 364) * DAY;
  const earliestHire = Math.max(nowMs - 12 * YEAR, birthMs + 20 * YEAR);
  const hireMs = earliestHire + rng.next() * (nowMs - 14 * DAY - earliestHire);
  const firstHireMs = rng.chance(0.08)
    ? Math.max(birthMs + 18 * YEAR, hireMs - rng.int(365, 2000) * DAY)
    : hireMs;
  const future = (chance: number, maxDays: number) =>
    rng.chance(chance) ? isoDate(nowMs + rng.int(30, maxDays) * DAY) : null;

  const handle = `${asciiSlug(firstName)}${asciiSlug(lastName)}`;
  const phone = `${country.dial} ${rng.int(200, 999)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;

  return {
    id: seat.id,
    email: fixed?.email ?? uniqueEmail(firstName, lastName, company.domain, emails),
    firstName,
    lastName,
    companyId: company.id,
    divisionId: seat.divisionNode.id,
    departmentId: seat.node.id,
    jobPositionId: dict('UserJobPosition', jobTitleCode(seat.title)),
    jobPositionOfficialId: dict('job_position', official),
    countryId: dict('UserCountry', country.code),
    locationId: dict('UserLocation', locationCode(country.code, city)),
    genderId: dict('Gender', gender),
    gradeId: dict('grade', grade),
    legalEntityId: dict('legal_entity', country.entity),
    employmentTypeId: dict('job_format', employment),
    shoeSizeId: dict('foot_size', String(gender === 'female' ? rng.int(36, 41) : rng.int(40, 46))),
    clothingSizeId: dict('clothing_size', rng.weighted(CLOTHING[gender])),
    nutritionId: dict('nutrition', rng.weighted(NUTRITION)),
    statusVisibleId: dict('UserStatusVisible', rng.weighted(STATUS_VISIBLE)),
    specialEventId: rng.chance(0.03) ? dict('UserSpecialEvent', rng.pick(SPECIAL_EVENTS)) : null,
    dms: rng.chance(0.75),
    status: rng.weighted(STATUS),
    gmt,
    birthdate: isoDate(birthMs),
    hireDate: isoDate(hireMs),
    firstHireDate: isoDate(firstHireMs),
    passportExpiry: future(0.7, 3650),
    visaExpiry: future(0.04, 1095),
    residencePermitExpiry: future(0.05, 1825),
    privateEmail: rng.chance(0.3)
      ? `${handle}${rng.int(1, 99)}@${rng.pick(['mail', 'inbox', 'post'])}.example`
      : null,
    mobilePhone: rng.chance(0.85) ? phone : null,
    aboutMe:
      fixed?.aboutMe ?? (rng.chance(0.25) ? aboutMe(rng, city, new Date(hireMs).getUTCFullYear()) : null),
    social: rng.chance(0.4) ? social(rng, firstName, lastName, handle, phone) : {},
  };
}

/** Employment type, grade and official position: fixed by role for leaders, drawn for staff. */
function rank(role: Role, rng: Random): { employment: string; grade: Grade; official: OfficialPosition } {
  if (role !== 'member')
    return { employment: 'full-time', grade: ROLE_GRADE[role], official: ROLE_POSITION[role] };
  const employment = rng.weighted(EMPLOYMENT);
  if (employment === 'intern') return { employment, grade: 'junior', official: 'intern' };
  const grade = rng.weighted(MEMBER_GRADES);
  return { employment, grade, official: grade === 'senior' ? 'senior-specialist' : 'specialist' };
}

function gmtOf(country: Country, city: string): number {
  const found = country.cities.find(([name]) => name === city);
  if (!found) throw new Error(`${city} is not a city of ${country.name}`);
  return found[1];
}

function aboutMe(rng: Random, city: string, hireYear: number): string {
  const hobby = rng.int(0, HOBBIES.length - 1);
  const otherHobby = (hobby + rng.int(1, HOBBIES.length - 1)) % HOBBIES.length;
  const sentences = [
    `Based in ${city}.`,
    `Outside work I enjoy ${HOBBIES[hobby]} and ${HOBBIES[otherHobby]}.`,
    `Currently learning ${rng.pick(LANGUAGES)}, one evening class at a time.`,
    `Ask me about ${rng.pick(HOBBIES)}; I am always happy to share tips.`,
    'Happy to help newcomers find their way around, just send me a message.',
    `Joined in ${hireYear} and still learn something new every week.`,
  ];
  const count = rng.int(1, 3);
  const start = rng.int(0, sentences.length - 1);
  return Array.from({ length: count }, (_, i) => sentences[(start + i) % sentences.length]).join(' ');
}

function social(
  rng: Random,
  first: string,
  last: string,
  handle: string,
  phone: string,
): Record<string, string> {
  const links: Record<string, string> = {
    telegram: `@${handle}`,
    linkedin: `https://www.linkedin.com/in/${asciiSlug(first)}-${asciiSlug(last)}`,
    twitter: `@${handle}`,
    instagram: `@${handle}`,
    slack: `@${asciiSlug(first)}`,
    discord: handle,
    skype: `live:${handle}`,
    fb: `https://www.facebook.com/${handle}`,
    whatsapp: phone,
  };
  const count = rng.int(1, 3);
  const start = rng.int(0, SOCIAL_NETWORKS.length - 1);
  const chosen = Array.from(
    { length: count },
    (_, i) => SOCIAL_NETWORKS[(start + i) % SOCIAL_NETWORKS.length] as string,
  );
  return Object.fromEntries(chosen.map((network) => [network, links[network] as string]));
}
