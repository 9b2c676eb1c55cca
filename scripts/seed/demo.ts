import type { FixedPerson } from './people';
import { companySpec, divisionSpec, type OrgPlan } from './structure';

/**
 * The demo company and the accounts that the README and the tests sign in with. Their managers and
 * colleagues are generated people; only these four have fixed identities.
 */
/** Demo Corp's domain is the accounts' domain: hr@demo.test, not hr@democorp.test. */
export const DEMO_CORP = { ...companySpec('Demo Corp', 28), domain: 'demo.test' };
export const DEMO_LABS = companySpec('Demo Labs', 25);

export const DEMO_PEOPLE = 200;
export const DEMO_LABS_PEOPLE = 12;

export const DEMO_ACCOUNTS = {
  hr: {
    email: 'hr@demo.test',
    firstName: 'Helen',
    lastName: 'Ross',
    gender: 'female',
    country: 'GB',
    city: 'London',
    title: 'HR Business Partner',
    aboutMe:
      'HR business partner for Engineering. Ask me about vacations, documents and anything in between.',
    alsoMemberOf: [DEMO_LABS.name],
  },
  editor: {
    email: 'editor@demo.test',
    firstName: 'Eddie',
    lastName: 'Park',
    gender: 'male',
    country: 'US',
    city: 'New York',
    title: 'Internal Communications Manager',
    aboutMe: 'I run the company news feed. Got a story? Tell me.',
    rights: ['create_posts'],
  },
  manager: {
    email: 'manager@demo.test',
    firstName: 'Maya',
    lastName: 'Chen',
    gender: 'female',
    country: 'SG',
    city: 'Singapore',
    title: 'Engineering Manager',
  },
  employee: {
    email: 'employee@demo.test',
    firstName: 'Emil',
    lastName: 'Novak',
    gender: 'male',
    country: 'CZ',
    city: 'Prague',
    title: 'Software Engineer',
  },
} satisfies Record<string, FixedPerson>;

export const DEMO_LIST: readonly FixedPerson[] = Object.values(DEMO_ACCOUNTS);

/** Generated people on Maya's team beside Emil, so that the manager account has a team to look at. */
const TEAMMATES = 4;

/**
 * Seats the demo accounts: Helen is Engineering's HR business partner; Maya leads a team in Engineering
 * with Emil on it (Emil's manager Maya, his hrbp Helen); Eddie works in the Executive Office.
 */
export function placeDemoAccounts(plan: OrgPlan): void {
  const engineering = plan.division(divisionSpec('Engineering'), DEMO_ACCOUNTS.hr);
  const team = plan.team(plan.department(engineering), {
    lead: DEMO_ACCOUNTS.manager,
    hrbp: plan.seatOf(DEMO_ACCOUNTS.hr),
  });
  plan.member(team, DEMO_ACCOUNTS.employee);
  for (let i = 0; i < TEAMMATES; i++) plan.member(team);
  plan.officeMember(DEMO_ACCOUNTS.editor);
}

/**
 * Whether to create the demo accounts: yes when none exists, no when all exist. A partial set means someone
 * removed some by hand; recreating only those would need the others' places, so refuse clearly instead.
 */
export function needsDemoAccounts(taken: (email: string) => boolean): boolean {
  const present = DEMO_LIST.filter((person) => taken(person.email));
  if (present.length === DEMO_LIST.length) return false;
  if (present.length === 0) return true;
  const missing = DEMO_LIST.filter((person) => !taken(person.email)).map((person) => person.email);
  throw new Error(
    `Only some demo accounts exist (missing: ${missing.join(', ')}). Remove the others or seed a fresh database.`,
  );
}
