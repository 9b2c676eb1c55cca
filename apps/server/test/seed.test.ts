import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GROUP_HR, GROUP_USER } from '@atrium/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeedArgs } from '../../../scripts/seed/cli';
import { seed, seedDemoIfEmpty } from '../../../scripts/seed/index';
import { holdDataDir } from '../src/db/backup';
import { type Database, type Db, queryRows } from '../src/db/client';
import { acceptedType } from '../src/lib/files';
import type { StartOptions } from '../src/main';
import { zonedDays } from '../src/modules/meetings/days';
import { visibleOccurrencesBetween } from '../src/modules/meetings/read';
import { openTestDatabase, testEngine } from './database';
import { createCompany, createUser } from './fixtures';

const NOW = new Date('2026-03-15T09:00:00Z');
const quiet = { info: () => {} };
const OPTIONS = { users: 50, companies: 2, now: NOW, log: quiet };

const rows = <T>(db: Db, query: SQL) => queryRows<T>(db, query);

async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (${query}) q`);
  return Number(row?.n);
}

/** A digest of everything the seed writes, without the timestamps the database fills in. */
async function digest(db: Db): Promise<string> {
  const tables = [
    sql`select to_jsonb(t) - 'created_at' as r from companies t order by id`,
    sql`select to_jsonb(t) as r from company_level_types t order by id`,
    sql`select to_jsonb(t) as r from departments t order by id`,
    sql`select to_jsonb(t) as r from dictionary_items t order by id`,
    sql`select to_jsonb(t) - 'created_at' - 'updated_at' as r from users t order by id`,
    sql`select to_jsonb(t) as r from company_members t order by user_id, company_id`,
    sql`select to_jsonb(t) as r from user_groups t order by user_id, company_id, group_id`,
    sql`select to_jsonb(t) as r from user_rights t order by user_id, company_id, "right"`,
    sql`select to_jsonb(t) as r from manager_links t order by id`,
    sql`select to_jsonb(t) as r from holidays t order by id`,
    sql`select to_jsonb(t) as r from meetings t order by id`,
    sql`select to_jsonb(t) as r from meeting_attendees t order by meeting_id, email`,
    sql`select to_jsonb(t) as r from documents t order by id`,
    sql`select document_id, md5(bytes) as r from document_files order by document_id`,
  ];
  const hash = createHash('sha256');
  for (const query of tables) hash.update(JSON.stringify(await rows(db, query)));
  return hash.digest('hex');
}

type Person = {
  id: number;
  email: string;
  company_id: number;
  department_id: number | null;
  division_id: number | null;
  job: string | null;
};

const people = (db: Db) =>
  rows<Person>(
    db,
    sql`select u.id, u.email, u.company_id, u.department_id, u.division_id, j.code as job
          from users u left join dictionary_items j on j.id = u.job_position_id order by u.id`,
  );

async function links(db: Db, email: string) {
  return rows<{ type: string; manager: string }>(
    db,
    sql`select t.code as type, m.email as manager
          from manager_links l
          join users u on u.id = l.user_id
          join users m on m.id = l.manager_id
          join dictionary_items t on t.id = l.manager_type_id
         where u.email = ${email} order by t.code, m.email`,
  );
}

describe('seed', () => {
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    await seed(a.db, OPTIONS);
    await seed(b.db, OPTIONS);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('gives the same data for the same input', async () => {
    expect(await digest(a.db)).toBe(await digest(b.db));
  });

  it('spreads the people over the companies, the demo accounts on top in Demo Corp', async () => {
    const perCompany = await rows<{ name: string; n: number }>(
      a.db,
      sql`select c.name, count(u.id)::int as n from companies c left join users u on u.company_id = c.id
          group by c.id order by c.id`,
    );
    expect(perCompany).toEqual([
      { name: 'Demo Corp', n: 25 + 4 },
      { name: 'Demo Labs', n: 25 },
    ]);
  });

  it('puts every person in a department of their own company, under their division, with a manager but the CEO', async () => {
    const nodes = await rows<{ id: number; parent_id: number | null; company_id: number; depth: number }>(
      a.db,
      sql`select d.id, d.parent_id, d.company_id, t.depth
            from departments d join company_level_types t on t.id = d.level_type_id`,
    );
    const byId = new Map(nodes.map((node) => [node.id, node]));
    expect(
      nodes.every((node) => node.depth === (node.parent_id ? (byId.get(node.parent_id)?.depth ?? 0) + 1 : 1)),
    ).toBe(true);
    const managed = new Set(
      (
        await rows<{ user_id: number }>(
          a.db,
          sql`select l.user_id from manager_links l join dictionary_items t on t.id = l.manager_type_id
              where t.code = 'manager'`,
        )
      ).map((row) => row.user_id),
    );
    const tops: Person[] = [];
    for (const person of await people(a.db)) {
      let node = byId.get(person.department_id ?? -1);
      expect(node?.company_id, person.email).toBe(person.company_id);
      while (node?.parent_id) node = byId.get(node.parent_id);
      expect(node?.id, person.email).toBe(person.division_id);
      if (!managed.has(person.id)) tops.push(person);
    }
    expect(tops.map((top) => [top.company_id, top.job])).toEqual([
      [1, 'chief-executive-officer'],
      [2, 'chief-executive-officer'],
    ]);
    const crossCompany = await count(
      a.db,
      sql`select 1 from manager_links l join users u on u.id = l.user_id join users m on m.id = l.manager_id
          where u.company_id <> m.company_id`,
    );
    expect(crossCompany).toBe(0);
  });

  it('gives everyone membership of their company and the user group', async () => {
    const missing = await count(
      a.db,
      sql`select 1 from users u
          where not exists (select 1 from company_members m where m.user_id = u.id and m.company_id = u.company_id)
             or not exists (select 1 from user_groups g where g.user_id = u.id and g.company_id = u.company_id and g.group_id = ${GROUP_USER})`,
    );
    expect(missing).toBe(0);
  });

  it('fills every dictionary of the spec, with the codes code relies on', async () => {
    const items = await rows<{ dictionary: string; company_id: number | null; code: string }>(
      a.db,
      sql`select dictionary, company_id, code from dictionary_items order by dictionary, position`,
    );
    const codes = (dictionary: string, companyId: number | null = null) =>
      items.filter((i) => i.dictionary === dictionary && i.company_id === companyId).map((i) => i.code);
    for (const name of [
      'UserCountry',
      'UserLocation',
      'Gender',
      'job_format',
      'foot_size',
      'clothing_size',
      'nutrition',
      'UserStatusVisible',
      'UserSpecialEvent',
    ]) {
      expect(codes(name).length, name).toBeGreaterThan(1);
    }
    for (const name of [
      'grade',
      'legal_entity',
      'job_position',
      'UserJobPosition',
      'StorageCategory',
      'StorageType',
    ]) {
      for (const companyId of [1, 2])
        expect(codes(name, companyId).length, `${name} of ${companyId}`).toBeGreaterThan(1);
    }
    expect(codes('UserManagerType')).toEqual(['manager', 'deputy', 'hrbp', 'extra']);
    expect(codes('UserStatus')).toEqual(['1', '2', '3', '4']);
    expect(codes('DOBMonth')).toHaveLength(12);
    expect(codes('StorageCategory', 1)).toEqual(
      expect.arrayContaining(['contracts', 'certificates', 'personal']),
    );
    expect(codes('StorageType', 1)).toEqual(expect.arrayContaining(['scan', 'original', 'copy']));
  });

  it('gives every company the holidays of this year and next', async () => {
    const days = await rows<{ company_id: number; date: string; name: string }>(
      a.db,
      sql`select company_id, to_char(date, 'YYYY-MM-DD') as date, name from holidays order by company_id, date`,
    );
    for (const companyId of [1, 2]) {
      const mine = days.filter((day) => day.company_id === companyId);
      expect(mine.filter((day) => day.date.startsWith('2026')).length).toBeGreaterThanOrEqual(8);
      expect(mine.filter((day) => day.date.startsWith('2027')).length).toBeGreaterThanOrEqual(8);
      expect(mine).toContainEqual({ company_id: companyId, date: '2026-04-06', name: 'Easter Monday' });
      expect(mine).toContainEqual({ company_id: companyId, date: '2027-12-25', name: 'Christmas Day' });
    }
  });

  it('adds more people when run again, continuing the e-mail numbering', async () => {
    await seed(a.db, OPTIONS);
    expect(await count(a.db, sql`select 1 from users`)).toBe(2 * 50 + 4);
    expect(await count(a.db, sql`select distinct lower(email) from users`)).toBe(2 * 50 + 4);
    expect(await count(a.db, sql`select 1 from companies`)).toBe(2);
    const withoutManager = await count(
      a.db,
      sql`select 1 from users u where not exists (
            select 1 from manager_links l join dictionary_items t on t.id = l.manager_type_id
            where l.user_id = u.id and t.code = 'manager')`,
    );
    expect(withoutManager).toBe(2);
    expect(await count(a.db, sql`select 1 from holidays`)).toBe(
      await count(b.db, sql`select 1 from holidays`),
    );
    // Meetings only for the new people: those organized by people of the first run stay as they were.
    const organizedBefore = sql`select 1 from meetings m
      where m.organizer_id in (select id from users order by id limit ${50 + 4})`;
    expect(await count(a.db, organizedBefore)).toBe(await count(b.db, organizedBefore));
    expect(await count(a.db, sql`select 1 from meetings`)).toBeGreaterThan(
      await count(b.db, sql`select 1 from meetings`),
    );
    // The demo accounts had their documents already.
    expect(await count(a.db, sql`select 1 from documents`)).toBe(
      await count(b.db, sql`select 1 from documents`),
    );
  });
});

describe('seedDemoIfEmpty', () => {
  let demo: Database;

  beforeAll(async () => {
    demo = await openTestDatabase();
    await seedDemoIfEmpty(demo.db, quiet, NOW);
  });
  afterAll(() => demo?.close());

  const account = async (email: string) => {
    const [user] = await rows<{
      id: number;
      first_name: string;
      last_name: string;
      job: string;
      company: string;
    }>(
      demo.db,
      sql`select u.id, u.first_name, u.last_name, j.name as job, c.name as company
            from users u join dictionary_items j on j.id = u.job_position_id join companies c on c.id = u.company_id
           where u.email = ${email}`,
    );
    if (!user) throw new Error(`${email} missing`);
    const groups = await rows<{ company: string; group_id: number }>(
      demo.db,
      sql`select c.name as company, g.group_id from user_groups g join companies c on c.id = g.company_id
          where g.user_id = ${user.id} order by c.id, g.group_id`,
    );
    const rights = await rows<{ company: string; right: string }>(
      demo.db,
      sql`select c.name as company, r.right from user_rights r join companies c on c.id = r.company_id
          where r.user_id = ${user.id}`,
    );
    const memberOf = await rows<{ name: string }>(
      demo.db,
      sql`select c.name from company_members m join companies c on c.id = m.company_id where m.user_id = ${user.id} order by c.id`,
    );
    return { ...user, groups, rights, companies: memberOf.map((c) => c.name) };
  };

  it('creates Demo Corp with 200 people besides the demo accounts, and Demo Labs with a few', async () => {
    const companies = await rows<{
      name: string;
      n: number;
      vacation_allowance: number;
      logo: string | null;
    }>(
      demo.db,
      sql`select c.name, c.vacation_allowance, c.logo, count(u.id)::int as n
            from companies c left join users u on u.company_id = c.id group by c.id order by c.id`,
    );
    expect(companies.map(({ name, n, vacation_allowance }) => ({ name, n, vacation_allowance }))).toEqual([
      { name: 'Demo Corp', n: 204, vacation_allowance: 28 },
      { name: 'Demo Labs', n: 12, vacation_allowance: 25 },
    ]);
    expect(companies[0]?.logo).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('gives no generated person the name of a demo account', async () => {
    const accounts = sql`('hr@demo.test', 'editor@demo.test', 'manager@demo.test', 'employee@demo.test')`;
    const namesakes = await rows<{ email: string }>(
      demo.db,
      sql`select u.email from users u join users d on d.first_name = u.first_name and d.last_name = u.last_name
           where d.email in ${accounts} and u.email not in ${accounts}`,
    );
    expect(namesakes).toEqual([]);
  });

  it('makes hr@demo.test HR of Demo Corp, with partial_update_user, and a plain user of Demo Labs', async () => {
    const hr = await account('hr@demo.test');
    expect(hr).toMatchObject({
      first_name: 'Helen',
      last_name: 'Ross',
      job: 'HR Business Partner',
      company: 'Demo Corp',
    });
    expect(hr.companies).toEqual(['Demo Corp', 'Demo Labs']);
    expect(hr.groups).toEqual([
      { company: 'Demo Corp', group_id: GROUP_HR },
      { company: 'Demo Corp', group_id: GROUP_USER },
      { company: 'Demo Labs', group_id: GROUP_USER },
    ]);
    const permissions = await rows<{ codename: string }>(
      demo.db,
      sql`select p.codename from group_permissions p join user_groups g on g.group_id = p.group_id
          where g.user_id = ${hr.id} and g.company_id = 1`,
    );
    expect(permissions.map((p) => p.codename)).toContain('partial_update_user');
  });

  it('lets editor@demo.test post in Demo Corp', async () => {
    const editor = await account('editor@demo.test');
    expect(editor).toMatchObject({ first_name: 'Eddie', last_name: 'Park' });
    expect(editor.rights).toEqual([{ company: 'Demo Corp', right: 'create_posts' }]);
    expect(editor.groups).toEqual([{ company: 'Demo Corp', group_id: GROUP_USER }]);
  });

  it('gives employee@demo.test manager@demo.test as manager and hr@demo.test as HR business partner', async () => {
    const employee = await account('employee@demo.test');
    expect(employee).toMatchObject({ first_name: 'Emil', last_name: 'Novak', job: 'Software Engineer' });
    expect(employee.groups).toEqual([{ company: 'Demo Corp', group_id: GROUP_USER }]);
    expect(employee.rights).toEqual([]);
    expect(await links(demo.db, 'employee@demo.test')).toEqual([
      { type: 'hrbp', manager: 'hr@demo.test' },
      { type: 'manager', manager: 'manager@demo.test' },
    ]);
    const manager = await account('manager@demo.test');
    expect(manager).toMatchObject({ first_name: 'Maya', last_name: 'Chen', job: 'Engineering Manager' });
    const reports = await count(
      demo.db,
      sql`select 1 from manager_links l join dictionary_items t on t.id = l.manager_type_id
          where l.manager_id = ${manager.id} and t.code = 'manager'`,
    );
    expect(reports).toBeGreaterThanOrEqual(5);
    expect(await links(demo.db, 'manager@demo.test')).toContainEqual({
      type: 'hrbp',
      manager: 'hr@demo.test',
    });
  });

  it('gives each demo account meetings today, one under way and one recurring daily, and more in the coming week', async () => {
    const today = zonedDays('2026-03-15', 1, 'UTC');
    const week = zonedDays('2026-03-16', 6, 'UTC');
    for (const email of ['employee@demo.test', 'manager@demo.test', 'hr@demo.test', 'editor@demo.test']) {
      const { id, company_id } = (await people(demo.db)).find((person) => person.email === email) as Person;
      const viewer = { userId: id, companyId: company_id };
      const todays = await visibleOccurrencesBetween(demo.db, viewer, today.from, today.to);
      expect(todays.length, email).toBeGreaterThanOrEqual(2);
      expect(
        todays.some((o) => o.start <= NOW && o.end > NOW),
        `${email} has a meeting under way`,
      ).toBe(true);
      expect(
        (await visibleOccurrencesBetween(demo.db, viewer, week.from, week.to)).length,
        email,
      ).toBeGreaterThan(0);
    }
    const emil = (await people(demo.db)).find((person) => person.email === 'employee@demo.test') as Person;
    const emilsToday = await visibleOccurrencesBetween(
      demo.db,
      { userId: emil.id, companyId: emil.company_id },
      today.from,
      today.to,
    );
    expect(emilsToday.some((o) => o.meeting.recurrence === 'daily')).toBe(true);
    expect(emilsToday.filter((o) => o.start > NOW).length).toBeGreaterThanOrEqual(3);
    const overlapping = emilsToday.some((a, i) =>
      emilsToday.some(
        (b, j) => i !== j && a.start > NOW && a.start < b.end && b.start < a.end && b.start > NOW,
      ),
    );
    expect(overlapping).toBe(true);
    const [attendees] = await rows<{ n: number }>(
      demo.db,
      sql`select max(c)::int as n from (select count(*) as c from meeting_attendees group by meeting_id) q`,
    );
    expect(attendees?.n).toBeGreaterThan(3);
  });

  it("files documents for employee@, manager@ and hr@demo.test: valid PDFs and pictures under their company's categories and types", async () => {
    const filed = await rows<{
      email: string;
      title: string;
      file_name: string;
      content_type: string;
      size: number;
      category: string;
      type: string;
      bytes: Uint8Array;
    }>(
      demo.db,
      sql`select u.email, d.title, d.file_name, d.content_type, d.size, c.name as category, t.name as type, f.bytes
            from documents d
            join users u on u.id = d.user_id
            join dictionary_items c on c.id = d.category_id and c.dictionary = 'StorageCategory' and c.company_id = d.company_id
            join dictionary_items t on t.id = d.type_id and t.dictionary = 'StorageType' and t.company_id = d.company_id
            join document_files f on f.document_id = d.id
           where d.uploaded_at is not null
           order by d.id`,
    );
    const of = (email: string) => filed.filter((document) => document.email === email);
    expect(of('employee@demo.test').length).toBeGreaterThanOrEqual(3);
    expect(of('manager@demo.test').length).toBeGreaterThan(0);
    expect(of('hr@demo.test').length).toBeGreaterThan(0);
    expect(await count(demo.db, sql`select 1 from documents`)).toBe(filed.length);
    expect(new Set(of('employee@demo.test').map((document) => document.content_type))).toEqual(
      new Set(['application/pdf', 'image/png']),
    );
    for (const document of filed) {
      const bytes = new Uint8Array(document.bytes);
      // What the upload check would accept, under the type and size recorded.
      expect(acceptedType(bytes, document.file_name), document.title).toBe(document.content_type);
      expect(bytes.length).toBe(document.size);
      if (document.content_type === 'application/pdf') expectWellFormedPdf(bytes);
    }
  });

  it('fits the server start hook', () => {
    const hook: StartOptions['seedDemo'] = seedDemoIfEmpty;
    expect(hook).toBeTypeOf('function');
  });

  it('does nothing on a database that has users', async () => {
    const before = await digest(demo.db);
    await seedDemoIfEmpty(demo.db, quiet, NOW);
    expect(await digest(demo.db)).toBe(before);

    const other = await openTestDatabase();
    try {
      await createUser(other.db, { companyId: (await createCompany(other.db, 'Acme')).id });
      await seedDemoIfEmpty(other.db, quiet, NOW);
      expect(await count(other.db, sql`select 1 from users`)).toBe(1);
      expect(await count(other.db, sql`select 1 from companies`)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

/** A PDF whose cross-reference table points at its objects and whose trailer points at the table. */
function expectWellFormedPdf(bytes: Uint8Array) {
  const text = new TextDecoder('latin1').decode(bytes);
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const xref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
  expect(text.slice(xref, xref + 4)).toBe('xref');
  const entries = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
  expect(entries.length).toBeGreaterThan(3);
  for (const [i, offset] of entries.entries())
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
  for (const [, length, stream] of text.matchAll(/<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/g)) {
    expect(stream?.length).toBe(Number(length));
  }
}

describe('seed command line', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

  it('reads the sizes and defaults to the embedded database under ./data at the repo root', () => {
    expect(parseSeedArgs(['--users', '100000'], {})).toMatchObject({
      users: 100000,
      companies: 1,
      database: { dataDir: path.join(root, 'data') },
    });
    expect(
      parseSeedArgs(['--users=10', '--companies=3', '--data-dir', 'x'], { INIT_CWD: '/tmp' }),
    ).toMatchObject({
      users: 10,
      companies: 3,
      database: { dataDir: '/tmp/x' },
    });
    expect(parseSeedArgs(['--users', '1'], { DATABASE_URL: 'postgres://u:secret@db/x' })).toMatchObject({
      database: { url: 'postgres://u:secret@db/x' },
      where: 'PostgreSQL at postgres://u:***@db/x',
    });
  });

  it('names the argument that is wrong', () => {
    expect(() => parseSeedArgs([], {})).toThrow(/--users is required/);
    expect(() => parseSeedArgs(['--users', 'many'], {})).toThrow(/--users must be a whole number/);
    expect(() => parseSeedArgs(['--users', '5', '--companies', '0'], {})).toThrow(/--companies must be/);
    expect(() => parseSeedArgs(['--user', '5'], {})).toThrow(/'--user'/);
    expect(() => parseSeedArgs(['--users', '5', '--database-url', 'mysql://x'], {})).toThrow(
      /--database-url/,
    );
    expect(() =>
      parseSeedArgs(['--users', '5', '--database-url', 'postgres://x', '--data-dir', 'd'], {}),
    ).toThrow(/--database-url and --data-dir/);
  });

  it.skipIf(testEngine() !== 'pglite')(
    'refuses an embedded data folder that a running server holds, naming the process',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-seed-'));
      const hold = await holdDataDir(path.join(dir, 'data'), 'server');
      try {
        const run = promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'scripts/seed/cli.ts', '--users', '1', '--data-dir', path.join(dir, 'data')],
          { cwd: root, env: { PATH: process.env.PATH } },
        );
        await expect(run).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining(`in use by process ${process.pid} (a running Atrium server)`),
        });
      } finally {
        await hold.release();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
