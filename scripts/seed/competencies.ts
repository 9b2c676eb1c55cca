import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import {
  competencies,
  competencyLevels,
  userCompetencies,
  users,
} from '../../apps/server/src/db/schema/index';
import { insertRows, reserveIds } from './bulk';
import { DEMO_ACCOUNTS } from './demo';
import { Random } from './random';
import type { Company } from './structure';

/**
 * Every company assesses the same competencies on a four-step scale. About 60% of people have levels in
 * one to four of them. Levels come from a generator seeded by the person's e-mail, so they do not depend
 * on who else is seeded, and a second run gives levels only to people who have none (new people, mostly).
 */
const COMPETENCIES: readonly [name: string, topic: string][] = [
  ['Communication', 'communication'],
  ['Leadership', 'leading people'],
  ['TypeScript', 'TypeScript'],
  ['SQL', 'SQL'],
  ['Customer focus', 'serving customers'],
  ['Project management', 'managing projects'],
];

const LEVELS: readonly [name: string, describe: (topic: string) => string][] = [
  ['Novice', (topic) => `Knows the basics of ${topic}; needs guidance.`],
  ['Intermediate', (topic) => `Works on everyday tasks of ${topic} without help.`],
  ['Advanced', (topic) => `Handles complex work in ${topic} and coaches others.`],
  ['Expert', (topic) => `Sets the standard for ${topic} across the company.`],
];
const LEVEL_WEIGHTS: [number, number][] = [
  [1, 20],
  [2, 40],
  [3, 30],
  [4, 10],
];
const SHARE_WITH_LEVELS = 0.6;

/** The demo employee's profile shows these, whatever the generator would say. */
const FIXED_LEVELS: Record<string, readonly [competency: string, level: number][]> = {
  [DEMO_ACCOUNTS.employee.email]: [
    ['TypeScript', 3],
    ['SQL', 2],
    ['Communication', 2],
  ],
};

type Scale = { id: number; name: string; levelIds: Map<number, number> };

/** Adds the competencies a company lacks (by name), then gives levels to people who have none. */
export async function seedCompetencies(
  db: Db,
  companies: readonly Company[],
): Promise<{ added: number; people: number }> {
  const added = await ensureCompetencies(db, companies);
  const scales = await loadScales(db, companies);
  const people = await db
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(
      and(
        inArray(
          users.companyId,
          companies.map((c) => c.id),
        ),
        notExists(db.select().from(userCompetencies).where(eq(userCompetencies.userId, users.id))),
      ),
    )
    .orderBy(asc(users.id));
  const rows: (typeof userCompetencies.$inferInsert)[] = [];
  let withLevels = 0;
  for (const person of people) {
    const picks = levelsOf(person.email.toLowerCase(), scales.get(person.companyId) ?? []);
    if (picks.length) withLevels++;
    for (const [scale, level] of picks) {
      const competencyLevelId = scale.levelIds.get(level);
      if (competencyLevelId) rows.push({ userId: person.id, competencyId: scale.id, competencyLevelId });
    }
  }
  await insertRows(db, userCompetencies, rows);
  return { added, people: withLevels };
}

async function ensureCompetencies(db: Db, companies: readonly Company[]): Promise<number> {
  const existing = await db
    .select({ companyId: competencies.companyId, name: competencies.name })
    .from(competencies)
    .where(
      inArray(
        competencies.companyId,
        companies.map((c) => c.id),
      ),
    );
  const have = new Set(existing.map((row) => `${row.companyId}|${row.name}`));
  const missing = companies.flatMap((company) =>
    COMPETENCIES.filter(([name]) => !have.has(`${company.id}|${name}`)).map(([name, topic]) => ({
      companyId: company.id,
      name,
      topic,
    })),
  );
  const ids = await reserveIds(db, competencies, missing.length);
  await insertRows(
    db,
    competencies,
    missing.map(({ companyId, name }, i) => ({ id: ids[i] as number, companyId, name })),
  );
  await insertRows(
    db,
    competencyLevels,
    missing.flatMap(({ topic }, i) =>
      LEVELS.map(([name, describe], step) => ({
        competencyId: ids[i] as number,
        name,
        level: step + 1,
        description: describe(topic),
      })),
    ),
  );
  return missing.length;
}

/** Each company's competencies with their level ids by level number, in id order. */
async function loadScales(db: Db, companies: readonly Company[]): Promise<Map<number, Scale[]>> {
  const rows = await db
    .select({
      id: competencies.id,
      companyId: competencies.companyId,
      name: competencies.name,
      levelId: competencyLevels.id,
      level: competencyLevels.level,
    })
    .from(competencies)
    .innerJoin(competencyLevels, eq(competencyLevels.competencyId, competencies.id))
    .where(
      inArray(
        competencies.companyId,
        companies.map((c) => c.id),
      ),
    )
    .orderBy(asc(competencies.id), asc(competencyLevels.level));
  const scales = new Map<number, Scale[]>();
  for (const row of rows) {
    const list = scales.get(row.companyId) ?? [];
    scales.set(row.companyId, list);
    let scale = list.at(-1);
    if (scale?.id !== row.id) {
      scale = { id: row.id, name: row.name, levelIds: new Map() };
      list.push(scale);
    }
    scale.levelIds.set(row.level, row.levelId);
  }
  return scales;
}

/** The competencies and levels a person gets: the fixed ones of a demo account, else drawn by e-mail. */
function levelsOf(email: string, scales: readonly Scale[]): [Scale, number][] {
  const fixed = FIXED_LEVELS[email];
  if (fixed) {
    return fixed.flatMap(([name, level]) => {
      const scale = scales.find((s) => s.name === name);
      return scale ? [[scale, level] as [Scale, number]] : [];
    });
  }
  const rng = new Random(`competencies/${email}`);
  if (!scales.length || !rng.chance(SHARE_WITH_LEVELS)) return [];
  const left = [...scales];
  const count = rng.int(1, Math.min(4, left.length));
  return Array.from({ length: count }, () => {
    const [scale] = left.splice(rng.int(0, left.length - 1), 1);
    return [scale as Scale, rng.weighted(LEVEL_WEIGHTS)];
  });
}
