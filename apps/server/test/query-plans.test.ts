import type { UsersFilter } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, queryRows } from '../src/db/client';
import type { SessionInfo } from '../src/modules/auth/sessions';
import { conditions, directoryQueries, FEW_SEARCH_MATCHES } from '../src/modules/users/directory';
import { openTestDatabase, testEngine } from './database';
import { planOf, walk } from './query-plan';

/**
 * The directory's statements, built by the code the route runs, must reach users through an index for
 * every indexed filter key, at a realistic size: 20,000 people with skewed dictionaries (a few big
 * locations, many small ones), a department tree, managers and a year of absences, made in SQL with
 * generate_series in a couple of seconds, then VACUUM ANALYZE as autovacuum would leave it.
 *
 * Filters use a value of typical frequency (the median of its key), as someone filtering would; a key
 * that matches half the company, or no key at all, is counted from its index alone (index-only scans
 * need the visibility map VACUUM leaves). The assertion is on the plan's shape, never on its timing.
 * Both engines run it: PGlite's planner is PostgreSQL's, so the same plans come out.
 */
const PEOPLE = 20_000;

let database: Database;
let db: Db;
let session: SessionInfo;
/** A team, its department and division, its lead and a member. */
const sample = { team: 0, department: 0, division: 0, lead: 0, member: 0 };
/** Each dictionary's item ids by descending frequency among the people. */
const byFrequency: Record<string, number[]> = {};

/** Dictionaries of the filters: name, column, number of items, skew (1: even, higher: a few dominate). */
const DICTIONARIES = [
  ['UserLocation', 'location_id', 60, 2.5],
  ['Gender', 'gender_id', 2, 1],
  ['grade', 'grade_id', 8, 1.5],
  ['legal_entity', 'legal_entity_id', 12, 2],
  ['job_format', 'employment_type_id', 4, 3],
  ['UserJobPosition', 'job_position_id', 300, 2],
  ['job_position', 'job_position_official_id', 8, 2],
  ['foot_size', 'shoe_size_id', 11, 1],
  ['clothing_size', 'clothing_size_id', 8, 1.5],
  ['nutrition', 'nutrition_id', 7, 3],
  ['UserStatusVisible', 'status_visible_id', 3, 3],
] as const;

const FIRST = [
  'Anna',
  'Maria',
  'Olga',
  'Sofia',
  'Emma',
  'Mia',
  'Lena',
  'Nora',
  'Ivan',
  'Marco',
  'Lucas',
  'Noah',
  'Omar',
  'Yuki',
  'Chen',
  'Ravi',
  'Ali',
  'Jonas',
  'Pavel',
  'Tomas',
];
const LAST = [
  'Smith',
  'Müller',
  'García',
  'Rossi',
  'Nowak',
  'Ivanova',
  'Kim',
  'Tanaka',
  'Silva',
  'Dubois',
  'Jensen',
  'Novak',
  'Kowalski',
  'Horvath',
  'Popescu',
  'Yilmaz',
  'Khan',
  'Larsen',
  'Costa',
  'Weber',
];

const literal = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
/** A uniform number in [0, 1) drawn from the row number and a salt: the same data on every run. */
const uniform = (salt: number) => `((hashint4(g * 7919 + ${salt}) & 2147483647)::float8 / 2147483648)`;
/** An element of the array, the first ones more often the higher the skew. */
const pick = (array: string, length: number, salt: number, skew = 1) =>
  `(${array})[1 + floor(${length} * power(${uniform(salt)}, ${skew}))::int]`;

async function execute(query: string) {
  await db.execute(sql.raw(query));
}

async function createPeople() {
  const [company] = await queryRows<{ id: number }>(
    db,
    sql`insert into companies (name) values ('Plans Inc') returning id`,
  );
  const c = company!.id;
  await db.transaction(async (tx) => {
    const run = (query: string) => tx.execute(sql.raw(query));
    for (const [dictionary, , count] of DICTIONARIES) {
      await run(`insert into dictionary_items (dictionary, company_id, name, position)
        select '${dictionary}', ${c}, '${dictionary} ' || g, g from generate_series(1, ${count}) g`);
    }
    await run(`insert into dictionary_items (dictionary, company_id, code, name, position)
      select 'UserSpecialEvent', ${c}, 'e' || g, 'Event ' || g, g from generate_series(1, 5) g`);
    await run(
      `insert into dictionary_items (dictionary, code, name) values ('UserManagerType', 'manager', 'Manager')`,
    );
    // Twelve divisions of eight departments of four teams; people sit in teams.
    await run(`insert into company_level_types (company_id, name, depth)
      values (${c}, 'Division', 0), (${c}, 'Department', 1), (${c}, 'Team', 2)`);
    await run(`insert into departments (company_id, level_type_id, name)
      select ${c}, (select min(id) from company_level_types where company_id = ${c}), 'Division ' || g
        from generate_series(1, 12) g`);
    await run(`insert into departments (company_id, level_type_id, parent_id, name)
      select ${c}, (select min(id) + 1 from company_level_types where company_id = ${c}), d.id, d.name || '.' || g
        from departments d, generate_series(1, 8) g where d.company_id = ${c} and d.parent_id is null`);
    await run(`insert into departments (company_id, level_type_id, parent_id, name)
      select ${c}, (select min(id) + 2 from company_level_types where company_id = ${c}), d.id, d.name || '.' || g
        from departments d join departments p on p.id = d.parent_id, generate_series(1, 4) g
       where d.company_id = ${c} and p.parent_id is null`);
  });

  const items = await queryRows<{ dictionary: string; ids: number[] }>(
    db,
    sql`select dictionary, array_agg(id order by position) as ids from dictionary_items
         where company_id = ${c} group by dictionary`,
  );
  const ids = Object.fromEntries(items.map((row) => [row.dictionary, row.ids.map(Number)]));
  const [{ teams } = { teams: '' }] = await queryRows<{ teams: string }>(
    db,
    sql`select string_agg(t.id || ':' || p.parent_id, ',' order by t.id) as teams
          from departments t join departments p on p.id = t.parent_id
         where t.company_id = ${c} and p.parent_id is not null`,
  );
  const pairs = teams.split(',').map((pair) => pair.split(':') as [string, string]);
  const dictionaryColumns = DICTIONARIES.map(([dictionary, column, , skew], salt) => {
    const list = ids[dictionary] ?? [];
    return [column, pick(`array[${list.join(',')}]`, list.length, salt + 1, skew)] as const;
  });
  const events = ids.UserSpecialEvent ?? [];
  await db.transaction(async (tx) => {
    const run = (query: string) => tx.execute(sql.raw(query));
    // Made in bulk, as a restore would: the users' indexes are dropped and made again from their own
    // definitions once the rows are in, and the insert writes the search text the trigger would.
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`select indexname as name, indexdef as definition from pg_indexes
           where schemaname = current_schema() and tablename = 'users' and indexname <> 'users_pkey'`,
    );
    for (const { name } of indexes) await run(`drop index "${name}"`);
    await run('alter table users disable trigger users_search_text');
    await run(`insert into users (email, first_name, last_name, search_text, sort_name, company_id, department_id,
        division_id, is_active, status, dms, birthdate, special_event_id,
        ${dictionaryColumns.map(([column]) => column).join(', ')})
      select email, first, last, ' ' || atrium_search_normalize(first || ' ' || last || ' ' || email),
        atrium_search_normalize(last || ' ' || first), ${c},
        (array[${pairs.map(([team]) => team).join(',')}])[seat], (array[${pairs.map(([, division]) => division).join(',')}])[seat],
        ${uniform(104)} < 0.98, ${pick('array[1,2,1,2,1,2,1,2,1,2,1,2,1,2,4,3]', 16, 105)}, ${uniform(106)} < 0.75,
        date '1960-01-01' + floor(${uniform(107)} * 15000)::int,
        case when ${uniform(108)} < 0.03 then ${pick(`array[${events.join(',')}]`, events.length, 109)} end,
        ${dictionaryColumns.map(([, value]) => value).join(', ')}
      from (select g, 'person' || g || '@plans.test' as email, ${pick(literal(FIRST), FIRST.length, 101)} as first,
                   ${pick(literal(LAST), LAST.length, 102, 1.5)} as last,
                   1 + floor(${pairs.length} * ${uniform(103)})::int as seat
              from generate_series(1, ${PEOPLE}) g) people`);
    await run('alter table users enable trigger users_search_text');
    for (const { definition } of indexes) await run(definition);
  });
  // Everyone's manager is the first person of their team (who has none).
  await execute(`insert into manager_links (user_id, manager_id, manager_type_id)
    select u.id, lead.id, (select id from dictionary_items where dictionary = 'UserManagerType')
      from users u join (select department_id, min(id) as id from users group by department_id) lead
        on lead.department_id = u.department_id and lead.id <> u.id
     where u.company_id = ${c}`);
  // A year of approved absences: about a tenth of the people away at some point of each month.
  await execute(`insert into absences (company_id, user_id, kind, status, from_date, to_date)
    select ${c}, u.id, (array['vacation','vacation','vacation','vacation','vacation','vacation','vacation','sick_leave','sick_leave','business_trip'])[1 + (abs(hashint4(u.id * 13 + m)) % 10)],
      'approved', s, s + (2 + abs(hashint4(u.id * 17 + m)) % 12)
      from users u, generate_series(0, 11) m,
           lateral (select date '2026-01-01' + m * 30 + abs(hashint4(u.id * 11 + m)) % 28 as s) start
     where u.company_id = ${c} and abs(hashint4(u.id * 31 + m)) % 10 = 0`);
  await execute('vacuum analyze');
  const [viewer] = await queryRows<{ id: number }>(
    db,
    sql`select min(id) as id from users where company_id = ${c}`,
  );
  session = { userId: Number(viewer!.id), companyId: c, tokenHash: '' };
  const [team] = await queryRows<Record<keyof typeof sample, number>>(
    db,
    sql`select t.id as team, t.parent_id as department, u.division_id as division, ml.manager_id as lead,
               ml.user_id as member
          from manager_links ml join users u on u.id = ml.user_id join departments t on t.id = u.department_id
         where u.company_id = ${c} order by ml.id limit 1`,
  );
  Object.assign(
    sample,
    Object.fromEntries(Object.entries(team!).map(([key, value]) => [key, Number(value)])),
  );

  for (const [dictionary, column] of [...DICTIONARIES, ['UserSpecialEvent', 'special_event_id'] as const]) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql.raw(`select ${column} as id from users where company_id = ${c} and ${column} is not null
        group by 1 order by count(*) desc, 1`),
    );
    byFrequency[dictionary] = rows.map((row) => Number(row.id));
  }
}

/** The value of typical frequency: the median of the values people have. */
const typical = (dictionary: string) => {
  const values = byFrequency[dictionary] ?? [];
  return values[Math.floor(values.length / 2)] as number;
};

/** How the plan reads users: the node types and index names of its scans of the table. */
async function usersScans(filter: UsersFilter, page = { page: 1, pageSize: 15, countOnly: false }) {
  const where = await conditions(db, session, filter);
  if (!where) throw new Error('the filter matches nothing');
  const queries = directoryQueries(db, where, filter, page);
  // The page's plan depends on how many match, as in listUsers: the count first.
  const [{ n } = { n: 0 }] = await queries.count;
  const scans: string[] = [];
  for (const query of [queries.count, queries.rows(n)]) {
    for (const node of walk(await planOf(db, query.toSQL()))) {
      if (node['Relation Name'] === 'users')
        scans.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
    }
  }
  return scans;
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await createPeople();
}, 60_000);
afterAll(() => database?.close());

describe('keys with a search text', () => {
  it('are intersected in one scan of the filter GIN index, not found through one key and filtered', async () => {
    const filter: UsersFilter = {
      division: [sample.division],
      gender: [typical('Gender')],
      employmentType: [typical('job_format')],
      q: 'mar',
    };
    const where = await conditions(db, session, filter);
    const { count } = directoryQueries(db, where!, filter, { page: 1, pageSize: 15, countOnly: true });
    const indexes = [...walk(await planOf(db, count.toSQL()))]
      .map((node) => node['Index Name'])
      .filter(Boolean);
    expect(indexes).toEqual(['users_filter_gin_idx']);
  });

  it(`cut a page of at most ${FEW_SEARCH_MATCHES} matches from the matches sorted, not by walking names`, async () => {
    const filter: UsersFilter = { division: [sample.division], q: 'mar' };
    const scans = await usersScans(filter);
    expect(scans.length).toBeGreaterThan(1);
    expect(scans.filter((scan) => scan.includes('users_company_name_idx'))).toEqual([]);
  });
});

describe(`the directory's plans at ${PEOPLE.toLocaleString('en')} people (${testEngine()})`, () => {
  const filters: [string, () => UsersFilter][] = [
    ['location', () => ({ location: [typical('UserLocation')] })],
    ['grade', () => ({ grade: [typical('grade')] })],
    ['legalEntity', () => ({ legalEntity: [typical('legal_entity')] })],
    ['employmentType', () => ({ employmentType: [typical('job_format')] })],
    ['jobPosition', () => ({ jobPosition: [typical('UserJobPosition')] })],
    ['jobPositionOfficial', () => ({ jobPositionOfficial: [typical('job_position')] })],
    ['shoeSize', () => ({ shoeSize: [typical('foot_size')] })],
    ['clothingSize', () => ({ clothingSize: [typical('clothing_size')] })],
    ['nutrition', () => ({ nutrition: [typical('nutrition')] })],
    ['statusVisible', () => ({ statusVisible: [typical('UserStatusVisible')] })],
    ['specialEvent', () => ({ specialEvent: [typical('UserSpecialEvent')] })],
    ['gender (half the company)', () => ({ gender: [typical('Gender')] })],
    ['status (illness)', () => ({ status: [3] })],
    ['birthMonth', () => ({ birthMonth: [3] })],
    ['dms (three in four)', () => ({ dms: true })],
    ['department', () => ({ department: [sample.team] })],
    ['division', () => ({ division: [sample.division] })],
    ['company_departments', () => ({ company_departments: [sample.department] })],
    ['Manager', () => ({ Manager: [sample.lead] })],
    ['managers_for', () => ({ managers_for: [sample.member] })],
    ['ids', () => ({ ids: [sample.member, sample.lead] })],
    ['a week of vacation', () => ({ vacation_from_date: '2026-06-01', vacation_to_date: '2026-06-07' })],
    ['sick leave on a day', () => ({ sick_leave_from_date: '2026-06-03', sick_leave_to_date: '2026-06-03' })],
    ['nothing but the company', () => ({})],
    ['q, one word', () => ({ q: 'mar' })],
    ['q, two words', () => ({ q: 'anna smi' })],
    [
      'three keys and q',
      () => ({ location: [typical('UserLocation')], grade: [typical('grade')], status: [1], q: 'a' }),
    ],
  ];

  for (const [name, filter] of filters) {
    it(`reads users through an index for ${name}`, async () => {
      const scans = await usersScans(filter());
      expect(scans.length).toBeGreaterThan(0);
      expect(scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    });
  }
});

describe('the table the counts read from their indexes', () => {
  it('is vacuumed once 0.5% of its rows have changed, so that its visibility map stays current', async () => {
    const [row] = await queryRows<{ options: string[] | null }>(
      db,
      sql`select reloptions as options from pg_class where oid = 'users'::regclass`,
    );
    expect(row?.options).toContain('autovacuum_vacuum_scale_factor=0.005');
  });
});

describe.skipIf(testEngine() !== 'postgres')("the app's PostgreSQL connections", () => {
  it('run without JIT compilation, whatever the server is set to', async () => {
    const [row] = await queryRows<{ jit: string }>(database.db, sql`select current_setting('jit') as jit`);
    expect(row?.jit).toBe('off');
  });
});

describe('the two plans of a directory page', () => {
  it('cut the same pages: name order, ties by id, special_order first', async () => {
    const filters: UsersFilter[] = [
      {},
      { location: [typical('UserLocation')] },
      { q: 'anna', special_order: [sample.member, sample.lead] },
    ];
    for (const filter of filters) {
      const where = await conditions(db, session, filter);
      for (const number of [1, 3]) {
        const page = { page: number, pageSize: 15, countOnly: false };
        const { plans } = directoryQueries(db, where!, filter, page);
        const walked = (await plans.walked()).map((row) => row.id);
        const sorted = (await plans.sorted()).map((row) => row.id);
        expect(walked).toHaveLength(15);
        expect(sorted).toEqual(walked);
      }
    }
  });
});
