/**
 * The bench data, seeded once per engine and reused while its marker says it is current (`--reseed` forces
 * a fresh one). The company comes from the seed command's own code (`seed()` of scripts/seed, as
 * `npm run seed -- --users N` runs it): people, structure, a year of absences (about 10% of the people away
 * each month), meetings, a dozen posts. On top come the bench-only extras the seed does not make at scale,
 * written here in bulk: posts up to 50, one with 500 comments (and one open thread that the comment
 * scenarios write to), and open requests filed through the request engine itself (2,000 at 100k people,
 * scaled down with the size). Nothing of this is timed in the results.
 */
import { rmSync } from 'node:fs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { holdDataDir } from '../../apps/server/src/db/backup';
import { type Database, type Db, openDatabase, queryRows } from '../../apps/server/src/db/client';
import {
  chatMessageLikes,
  chatMessages,
  chats,
  companies,
  dictionaryItems,
  managerLinks,
  posts,
  taskTemplates,
  users,
} from '../../apps/server/src/db/schema/index';
import { createRequest } from '../../apps/server/src/modules/tasks/engine';
import { validateInputs } from '../../apps/server/src/modules/tasks/form-validation';
import { dayOf } from '../../apps/server/src/modules/tasks/templates';
import { insertRows, reserveIds } from '../seed/bulk';
import { DEMO_ACCOUNTS, DEMO_CORP } from '../seed/demo';
import { seed } from '../seed/index';
import { Random } from '../seed/random';
import type { EngineSpec } from './common';
import { log } from './common';

/** Raise it when the bench data or its seeding changes: a marker of another version means seeding again. */
export const BENCH_SEED_VERSION = 2;
/** Data older than this is seeded again: absences and meetings are placed around the day of seeding. */
const MAX_AGE_DAYS = 30;

export const POSTS_TOTAL = 50;
export const CHAT_MESSAGES = 500;
/** Open requests at 100,000 people; other sizes get the same share. */
const REQUESTS_AT_100K = 2000;
export const COMMENT_MARK = 'bench:';

export type BenchMeta = {
  version: number;
  size: number;
  seededAt: string;
  seedSeconds: number;
  companyId: number;
  /** The post chat with 500 messages, and the open thread that comment scenarios write to. */
  chat500: number;
  scratchChat: number;
  /** The highest message id of the open thread after seeding: later ones are bench comments. */
  scratchSeedMaxId: number;
  requests: number;
  stats: Record<string, number>;
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Runs `work` holding an embedded engine's data folder, as the server holds it. The bench opens PGlite's
 * folder itself, to seed it and to record the raw SQL; a server left running on the same folder would
 * corrupt it (a catalog index once). A held folder stops the bench, naming its holder, instead.
 */
export async function holdingFolder<T>(spec: EngineSpec, work: () => Promise<T>): Promise<T> {
  if (!spec.dir) return work();
  const hold = await holdDataDir(spec.dir, 'bench');
  try {
    return await work();
  } finally {
    await hold.release();
  }
}

/** Opens the engine's bench database, seeding it first when it has no current marker. */
export async function openSeeded(spec: EngineSpec, reseed: boolean): Promise<{ meta: BenchMeta }> {
  if (reseed) await wipe(spec);
  let database = await open(spec);
  try {
    await database.migrate();
    const meta = await readMarker(database.db);
    if (meta && current(meta, spec)) return { meta };
    if (meta || (await hasUsers(database.db))) {
      log(`${spec.name}: the bench data is stale or of another version; seeding it again`);
      await database.close();
      await wipe(spec);
      database = await open(spec);
      await database.migrate();
    }
    return { meta: await seedAll(database, spec) };
  } finally {
    await database.close();
  }
}

function current(meta: BenchMeta, spec: EngineSpec): boolean {
  const age = Date.now() - new Date(meta.seededAt).getTime();
  return meta.version === BENCH_SEED_VERSION && meta.size === spec.size && age < MAX_AGE_DAYS * DAY;
}

async function open(spec: EngineSpec): Promise<Database> {
  if (spec.url) {
    await ensurePgDatabase(spec.url);
    return openDatabase({ url: spec.url });
  }
  return openDatabase({ dataDir: spec.dir as string });
}

/** Creates the bench database on its server when it does not exist. */
async function ensurePgDatabase(url: string) {
  const { admin, name } = adminUrl(url);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rows.length) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

function adminUrl(url: string) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!name || name === 'postgres') throw new Error('BENCH_DATABASE_URL must name a database of its own');
  parsed.pathname = '/postgres';
  return { admin: parsed.toString(), name };
}

async function wipe(spec: EngineSpec) {
  if (spec.url) {
    const { admin, name } = adminUrl(spec.url);
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    } finally {
      await client.end();
    }
  } else {
    rmSync(spec.dir as string, { recursive: true, force: true });
  }
}

const MARKER_TABLE = sql`bench_meta`;

async function readMarker(db: Db): Promise<BenchMeta | null> {
  const [exists] = await queryRows<{ t: string | null }>(
    db,
    sql`select to_regclass('bench_meta')::text as t`,
  );
  if (!exists?.t) return null;
  const [row] = await queryRows<{ value: BenchMeta | string }>(
    db,
    sql`select value from ${MARKER_TABLE} where key = 'seed'`,
  );
  if (!row) return null;
  return typeof row.value === 'string' ? (JSON.parse(row.value) as BenchMeta) : row.value;
}

async function hasUsers(db: Db) {
  return (await db.select({ id: users.id }).from(users).limit(1)).length > 0;
}

async function seedAll(database: Database, spec: EngineSpec): Promise<BenchMeta> {
  const { db } = database;
  const started = performance.now();
  const now = new Date();
  log(`${spec.name}: seeding ${spec.size.toLocaleString('en')} people with the seed command's code`);
  await seed(db, {
    users: spec.size,
    companies: 1,
    now,
    log: { info: (message) => log(`${spec.name} seed: ${message}`) },
  });
  const extras = await seedExtras(db, spec.size, now);
  // A settled database, as a company's would be: autovacuum (off on some servers, this machine's
  // among them) has not yet set the visibility maps or cleared the rows the seed updated, and the
  // checkpoint after a bulk load would otherwise write for minutes while the scenarios run.
  await db.execute(sql`vacuum (analyze)`);
  await db.execute(sql`checkpoint`);
  const stats = await dataStats(db, extras.companyId, now);
  const meta: BenchMeta = {
    version: BENCH_SEED_VERSION,
    size: spec.size,
    seededAt: now.toISOString(),
    seedSeconds: Math.round((performance.now() - started) / 100) / 10,
    ...extras,
    stats,
  };
  await db.execute(
    sql`create table if not exists ${MARKER_TABLE} (key text primary key, value jsonb not null)`,
  );
  await db.execute(
    sql`insert into ${MARKER_TABLE} (key, value) values ('seed', ${JSON.stringify(meta)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
  log(`${spec.name}: seeded in ${meta.seedSeconds} s: ${JSON.stringify(stats)}`);
  return meta;
}

type Extras = Omit<BenchMeta, 'version' | 'size' | 'seededAt' | 'seedSeconds' | 'stats'>;

async function seedExtras(db: Db, size: number, now: Date): Promise<Extras> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_CORP.name));
  if (!company) throw new Error('the seed made no Demo Corp');
  const rng = new Random(`bench/${size}`);
  const news = await seedPosts(db, company.id, rng, now);
  const requests = await seedRequests(
    db,
    company.id,
    Math.round((REQUESTS_AT_100K * size) / 100_000),
    rng,
    now,
  );
  return { companyId: company.id, ...news, requests };
}

const POST_TOPICS: readonly [string, string][] = [
  [
    'Team spotlight',
    'This week we visit a team and ask what they are working on, what they are proud of and what they need.',
  ],
  [
    'Product update',
    'What shipped since the last update:\n\n- faster search\n- a calmer inbox\n- fixes you asked for',
  ],
  [
    'Office news',
    'The meeting rooms on the third floor get new screens. Book them in the calendar as usual.',
  ],
  [
    'People news',
    'Please welcome our new colleagues, and congratulations to everyone with a work anniversary.',
  ],
  [
    'Learning corner',
    'A short course on writing clear documents starts next month. Sign up with your manager.',
  ],
  [
    'Health and safety',
    'The yearly fire drill takes place next week. Follow the wardens and the green signs.',
  ],
  [
    'Town hall recap',
    'The slides and the recording of the town hall are on the intranet. Thank you for your questions.',
  ],
];

/** Posts of Demo Corp up to 50, the newest with 500 comments, the second newest an open thread. */
async function seedPosts(db: Db, companyId: number, rng: Random, now: Date) {
  const [editor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.editor.email));
  if (!editor) throw new Error('the seed made no editor account');
  const [{ n: existing } = { n: 0 }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${posts} where ${posts.companyId} = ${companyId}`,
  );
  const voices = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
      .orderBy(asc(users.id))
      .limit(2000)
  ).map((row) => row.id);
  const count = Math.max(2, POSTS_TOTAL - existing);
  const chatIds = await reserveIds(db, chats, count);
  const postIds = await reserveIds(db, posts, count);
  const chatRows: (typeof chats.$inferInsert)[] = [];
  const postRows: (typeof posts.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    // The last two are the newest: the town hall with 500 comments, then the open thread.
    const createdAt =
      i === count - 2
        ? new Date(now.getTime() - 3 * HOUR)
        : i === count - 1
          ? new Date(now.getTime() - 2 * HOUR)
          : new Date(now.getTime() - (120 - i) * DAY + rng.int(0, 20) * HOUR);
    const [topic, body] = POST_TOPICS[i % POST_TOPICS.length] as [string, string];
    const title =
      i === count - 2
        ? 'Town hall: ask us anything'
        : i === count - 1
          ? 'Open thread: say hello'
          : `${topic} #${i + 1}`;
    chatRows.push({ id: chatIds[i] as number, kind: 'post', createdAt });
    postRows.push({
      id: postIds[i] as number,
      companyId,
      authorId: editor.id,
      chatId: chatIds[i] as number,
      title,
      body,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await insertRows(db, chats, chatRows);
  await insertRows(db, posts, postRows);
  const chat500 = chatIds[count - 2] as number;
  const scratchChat = chatIds[count - 1] as number;

  // 500 messages: top-level comments oldest first, a third of them answered.
  const postedAt = (postRows[count - 2] as typeof posts.$inferInsert).createdAt.getTime();
  const messageIds = await reserveIds(db, chatMessages, CHAT_MESSAGES + 20);
  const messages: (typeof chatMessages.$inferInsert)[] = [];
  const topLevel: number[] = [];
  for (let i = 0; i < CHAT_MESSAGES; i++) {
    const id = messageIds[i] as number;
    const reply = topLevel.length > 5 && rng.chance(0.3) ? rng.pick(topLevel) : null;
    if (reply === null) topLevel.push(id);
    messages.push({
      id,
      chatId: chat500,
      userId: rng.pick(voices),
      replyToId: reply,
      message: reply
        ? `Good point, thanks (${i + 1}).`
        : `Question ${i + 1}: what is the plan for the next quarter?`,
      createdAt: new Date(
        postedAt + Math.floor(((i + 1) * (now.getTime() - postedAt)) / (CHAT_MESSAGES + 2)),
      ),
    });
  }
  // The open thread starts with a few greetings.
  for (let i = 0; i < 20; i++) {
    messages.push({
      id: messageIds[CHAT_MESSAGES + i] as number,
      chatId: scratchChat,
      userId: rng.pick(voices),
      replyToId: null,
      message: 'Hello everyone!',
      createdAt: new Date(now.getTime() - 2 * HOUR + (i + 1) * 60_000),
    });
  }
  await insertRows(db, chatMessages, messages);
  const likes: (typeof chatMessageLikes.$inferInsert)[] = [];
  for (const message of messages) {
    const by = new Set(Array.from({ length: rng.int(0, 3) }, () => rng.pick(voices)));
    for (const userId of by) likes.push({ messageId: message.id as number, userId, createdAt: now });
  }
  await insertRows(db, chatMessageLikes, likes);
  return { chat500, scratchChat, scratchSeedMaxId: messageIds[CHAT_MESSAGES + 19] as number };
}

type Draft = (day: string, name: string) => Record<string, unknown>;
const plusDays = (day: string, days: number) =>
  dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY));
const DRAFTS: Record<string, Draft> = {
  certificate_of_employment: (day) => ({
    purpose: 'bank',
    include_salary: true,
    copies: 1,
    language: 'de',
    delivery_date: plusDays(day, 5),
  }),
  equipment_request: (day) => ({
    equipment: 'other',
    equipment_other: 'Noise-cancelling headphones',
    reason: 'The open space is loud during calls.',
    needed_by: plusDays(day, 21),
  }),
  business_card_order: (_, name) => ({
    card_name: name,
    phone: '+1 555 010 0199',
    quantity: 250,
    double_sided: true,
    back_text: 'Demo Corp: people first.',
    delivery: 'office',
  }),
};

/**
 * Open requests filed through the request engine (routing, steps, chats as the API makes them), over
 * the last 20 days: 2.5% by Maya (her "creator" list), 5% by her direct reports (her "exec" list), the
 * rest by people across the company.
 */
async function seedRequests(db: Db, companyId: number, total: number, rng: Random, now: Date) {
  const templates = await db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.companyId, companyId), inArray(taskTemplates.key, Object.keys(DRAFTS))));
  if (templates.length !== Object.keys(DRAFTS).length) throw new Error('the seed made no request templates');
  const [maya] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.manager.email));
  if (!maya) throw new Error('the seed made no manager account');
  const reports = (
    await db
      .select({ id: managerLinks.userId })
      .from(managerLinks)
      .innerJoin(dictionaryItems, eq(dictionaryItems.id, managerLinks.managerTypeId))
      .where(and(eq(managerLinks.managerId, maya.id), eq(dictionaryItems.code, 'manager')))
      .orderBy(asc(managerLinks.userId))
  ).map((row) => row.id);
  const people = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  const byId = new Map(people.map((person) => [person.id, person]));
  const plan: number[] = [];
  const own = Math.round(total * 0.025);
  const team = reports.length ? Math.round(total * 0.05) : 0;
  for (let i = 0; i < own; i++) plan.push(maya.id);
  for (let i = 0; i < team; i++) plan.push(reports[i % reports.length] as number);
  while (plan.length < total) plan.push(rng.pick(people).id);

  const started = performance.now();
  const CHUNK = 100;
  for (let start = 0; start < plan.length; start += CHUNK) {
    await db.transaction(async (tx) => {
      for (const requesterId of plan.slice(start, start + CHUNK)) {
        const template = rng.pick(templates);
        const at = new Date(now.getTime() - rng.int(1, 20 * 24) * HOUR);
        const person = byId.get(requesterId);
        const input = (DRAFTS[template.key] as Draft)(dayOf(at), `${person?.first} ${person?.last}`);
        const { values, errors } = validateInputs(template.form, input, {
          today: dayOf(at),
          ownFileIds: new Set(),
        });
        if (Object.keys(errors).length)
          throw new Error(`bench request ${template.key} does not fit its form: ${JSON.stringify(errors)}`);
        await createRequest(tx, {
          companyId,
          templateId: template.id,
          requesterId,
          userId: requesterId,
          name: template.name,
          inputParams: values,
          now: at,
        });
      }
    });
  }
  log(`extras: ${plan.length} open requests filed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return plan.length;
}

/** What the data holds, to check it against the description. */
async function dataStats(db: Db, companyId: number, now: Date) {
  const month = dayOf(now).slice(0, 7);
  const from = `${month}-01`;
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from users where company_id = ${companyId}) as people,
      (select count(distinct user_id)::int from absences where company_id = ${companyId} and status = 'approved'
         and kind in ('vacation', 'sick_leave')
         and from_date <= (${from}::date + interval '1 month' - interval '1 day')::date and to_date >= ${from}::date)
        as away_this_month,
      (select count(*)::int from absences where company_id = ${companyId}) as absences,
      (select count(*)::int from tasks where company_id = ${companyId} and parent_task_id is null
         and completed = false and canceled = false) as open_requests,
      (select count(*)::int from posts where company_id = ${companyId}) as posts,
      (select max(c)::int from (select count(*) as c from chat_messages m join posts p on p.chat_id = m.chat_id
         where p.company_id = ${companyId} group by m.chat_id) s) as most_comments,
      (select count(*)::int from meetings) as meetings`,
  );
  return row ?? {};
}
