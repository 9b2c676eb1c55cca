/**
 * The seed: dictionaries, companies and their structure, holidays, people and their managers,
 * competencies, news, request templates (and a few requests of the demo accounts), absences, meetings
 * and the demo accounts' documents, for the demo (`seedDemoIfEmpty`, run by `npm start` with DEMO=1)
 * and at any scale (`seed`, run by `npm run seed -- --users N`).
 *
 * How `seed({ users: N, companies: K })` relates to the demo: the companies are Demo Corp, Demo Labs, then
 * further generated companies, and the first K of them share the N generated people. Demo Corp's four
 * demo accounts (hr@, editor@, manager@, employee@demo.test) are created when absent, together with the
 * few generated managers they need, which count towards N.
 *
 * Running it again adds N more people: the tree grows new departments under the existing divisions,
 * e-mail addresses continue their numbering (anna.smith2@…), dictionaries and holidays gain only what
 * is missing. Each run is one transaction, serialised with any other seed by an advisory lock.
 *
 * Deterministic: the same input on the same database state gives the same data. All randomness comes
 * from a seeded generator per company (seeded by its name and its head count), dates from `now`.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema/index';
import { seedAbsences } from './absences';
import { seedCompetencies } from './competencies';
import {
  DEMO_CORP,
  DEMO_LABS,
  DEMO_LABS_PEOPLE,
  DEMO_LIST,
  DEMO_PEOPLE,
  needsDemoAccounts,
  placeDemoAccounts,
} from './demo';
import { type Dictionaries, ensureDictionaries } from './dictionaries';
import { seedDocuments } from './documents';
import { ensureHolidays } from './holidays';
import { insertManagerLinks } from './managers';
import { seedMeetings } from './meetings';
import { COMPANY_NAMES } from './names';
import { seedNews } from './news';
import { insertPeople } from './people';
import { Random } from './random';
import {
  type Company,
  type CompanySpec,
  companySpec,
  ensureCompanies,
  insertNodes,
  loadOrg,
  OrgPlan,
} from './structure';
import { seedTasks } from './tasks';

/** pino's logger fits, and so does console. */
export type SeedLog = { info(message: string): void };

export type SeedOptions = {
  /** Generated people to add, spread over the first `companies` companies. */
  users: number;
  /** How many companies get people: 1 is Demo Corp, 2 adds Demo Labs, more add generated companies. */
  companies?: number;
  /** "Today" for ages, hire dates and which years get holidays. */
  now?: Date;
  log?: SeedLog;
};

export type SeedResult = { companies: { id: number; name: string; people: number }[]; people: number };

type Target = { spec: CompanySpec; people: number };

/** Any number chosen once: the advisory lock that keeps two seeds (CLI, server start) from interleaving. */
const SEED_LOCK = 7_310_843;
const silent: SeedLog = { info: () => {} };

export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const { users: people, companies: count = 1, now = new Date(), log = silent } = options;
  if (!Number.isInteger(people) || people < 0)
    throw new RangeError('users must be a whole number, 0 or more');
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError('companies must be a whole number, 1 or more');
  const targets = companySpecs(Math.max(count, 2)).map((spec, i) => ({
    spec,
    people: i < count ? Math.floor(people / count) + (i < people % count ? 1 : 0) : 0,
  }));
  // run() only skips a seed when asked to seed an empty database alone.
  return (await run(db, targets, now, log, false)) as SeedResult;
}

/** The demo: Demo Corp with the demo accounts and 200 more people, Demo Labs with a few; only into an empty database. */
export async function seedDemoIfEmpty(db: Db, log: SeedLog, now = new Date()): Promise<void> {
  const targets = [
    { spec: DEMO_CORP, people: DEMO_PEOPLE },
    { spec: DEMO_LABS, people: DEMO_LABS_PEOPLE },
  ];
  const result = await run(db, targets, now, log, true);
  if (!result) log.info('The database already has users; the demo company is not seeded.');
}

function companySpecs(count: number): CompanySpec[] {
  const named = [DEMO_CORP, DEMO_LABS, ...COMPANY_NAMES.map((name) => companySpec(name))];
  // Past the named ones, a company is named by its place in the list.
  return Array.from({ length: count }, (_, i) => named[i] ?? companySpec(`Company ${i + 1}`));
}

async function run(db: Db, targets: Target[], now: Date, log: SeedLog, onlyIfEmpty: boolean) {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (onlyIfEmpty && (await tx.select({ id: users.id }).from(users).limit(1)).length) return null;
    const step = async <T>(area: string, work: () => Promise<T>, report: (done: T) => string) => {
      const started = performance.now();
      const done = await work();
      log.info(`${area}: ${report(done)} (${seconds(started)})`);
      return done;
    };

    const companies = await step(
      'companies',
      () =>
        ensureCompanies(
          tx,
          targets.map((target) => target.spec),
        ),
      (done) => done.map((c) => c.name).join(', '),
    );
    const { dictionaries } = await step(
      'dictionaries',
      () => ensureDictionaries(tx, companies),
      (done) => `${done.added} items added`,
    );
    await step(
      'holidays',
      () => ensureHolidays(tx, companies, now),
      () => `${now.getUTCFullYear()} and ${now.getUTCFullYear() + 1}`,
    );
    const people = await step(
      'people',
      () => seedPeople(tx, companies, targets, dictionaries, now),
      (done) => done.map((c) => `${c.people} in ${c.name}`).join(', '),
    );
    await step(
      'competencies',
      () => seedCompetencies(tx, companies),
      (done) => `${done.added} added, levels for ${done.people} people`,
    );
    await step(
      'news',
      () => seedNews(tx, companies, now),
      (done) => `${done.posts} posts added`,
    );
    await step(
      'tasks',
      () => seedTasks(tx, companies, now),
      (done) => `${done.templates} templates and ${done.requests} requests added`,
    );
    await step(
      'absences',
      () => seedAbsences(tx, companies, now),
      (done) => `${done.absences} absences and ${done.accruals} monthly accruals added`,
    );
    await step(
      'meetings',
      () => seedMeetings(tx, companies, now),
      (done) => `${done.meetings} meetings added`,
    );
    await step(
      'documents',
      () => seedDocuments(tx, companies, dictionaries, now),
      (done) => `${done.documents} documents added`,
    );
    // Later areas follow here, reading `people`.
    return { companies: people, people: people.reduce((sum, c) => sum + c.people, 0) };
  });
  // Fresh statistics, so that the first queries on a large seed get good plans.
  if (result?.people) await db.execute(sql`analyze`);
  return result;
}

/** Plans each company's new people into its tree, then writes nodes, users and manager links. */
async function seedPeople(
  db: Db,
  companies: Company[],
  targets: Target[],
  dictionaries: Dictionaries,
  now: Date,
): Promise<SeedResult['companies']> {
  const companyIdByName = (name: string) => {
    const company = companies.find((c) => c.name === name);
    if (!company) throw new Error(`company ${name} is not part of this seed`);
    return company.id;
  };
  const demoEmails = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_LIST.map((person) => person.email),
      ),
    );
  const withDemo = needsDemoAccounts((email) => demoEmails.some((row) => row.email.toLowerCase() === email));
  const result: SeedResult['companies'] = [];
  for (const [i, company] of companies.entries()) {
    const wanted = targets[i]?.people ?? 0;
    const demo = withDemo && company.name === DEMO_CORP.name;
    if (!wanted && !demo) continue;
    const [{ headCount } = { headCount: 0 }] = await queryRows<{ headCount: number }>(
      db,
      sql`select count(*)::int as "headCount" from ${users} where ${eq(users.companyId, company.id)}`,
    );
    const rng = new Random(`${company.name}/${headCount}`);
    const plan = new OrgPlan(
      rng,
      await loadOrg(db, company, dictionaries.id('UserManagerType', 'hrbp', company.id)),
    );
    if (demo) placeDemoAccounts(plan);
    plan.fillTo(wanted);
    await insertNodes(db, company, plan.nodes);
    await insertPeople(db, plan.seats, { company, companyIdByName, dictionaries, now, rng });
    await insertManagerLinks(db, company, plan.seats, dictionaries);
    result.push({ id: company.id, name: company.name, people: plan.seats.length });
  }
  return result;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
