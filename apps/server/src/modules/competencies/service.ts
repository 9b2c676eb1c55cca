import type { Competency, UserCompetency } from '@atrium/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { competencies, competencyLevels, userCompetencies } from '../../db/schema/index';

/** A company's competencies in name order, each with its levels from the lowest up. */
export async function competenciesOf(db: Db, companyId: number): Promise<Competency[]> {
  const rows = await db
    .select({
      competency: { id: competencies.id, name: competencies.name },
      level: {
        id: competencyLevels.id,
        name: competencyLevels.name,
        level: competencyLevels.level,
        description: competencyLevels.description,
      },
    })
    .from(competencies)
    .leftJoin(competencyLevels, eq(competencyLevels.competencyId, competencies.id))
    .where(eq(competencies.companyId, companyId))
    .orderBy(
      asc(competencies.name),
      asc(competencies.id),
      asc(competencyLevels.level),
      asc(competencyLevels.id),
    );
  const byId = new Map<number, Competency>();
  for (const { competency, level } of rows) {
    const entry = byId.get(competency.id) ?? { ...competency, levels: [] };
    byId.set(competency.id, entry);
    if (level) entry.levels.push(level);
  }
  return [...byId.values()];
}

/** Every competency of the person's company, with the person's level in it or null. */
export async function userCompetenciesOf(
  db: Db,
  person: { id: number; companyId: number },
): Promise<UserCompetency[]> {
  const [all, held] = await Promise.all([
    competenciesOf(db, person.companyId),
    db
      .select({ competencyId: userCompetencies.competencyId, levelId: userCompetencies.competencyLevelId })
      .from(userCompetencies)
      .where(eq(userCompetencies.userId, person.id)),
  ]);
  const levelIdOf = new Map(held.map((row) => [row.competencyId, row.levelId]));
  return all.map(({ levels, ...competency }) => ({
    competency,
    levels,
    level: levels.find((level) => level.id === levelIdOf.get(competency.id)) ?? null,
  }));
}

/** A level of one of the company's competencies, or undefined (no such level, or another company's). */
export async function findLevel(db: Db, levelId: number, companyId: number) {
  const [level] = await db
    .select({ id: competencyLevels.id, competencyId: competencyLevels.competencyId })
    .from(competencyLevels)
    .innerJoin(competencies, eq(competencies.id, competencyLevels.competencyId))
    .where(and(eq(competencyLevels.id, levelId), eq(competencies.companyId, companyId)));
  return level;
}

/** Gives the person this level of its competency, replacing theirs; or, with `remove`, takes it away. */
export async function setCompetencyLevel(
  db: Db,
  { userId, level, remove }: { userId: number; level: { id: number; competencyId: number }; remove: boolean },
) {
  if (remove) {
    await db
      .delete(userCompetencies)
      .where(and(eq(userCompetencies.userId, userId), eq(userCompetencies.competencyId, level.competencyId)));
    return;
  }
  // One statement, so that two saves at once leave one level rather than a key violation.
  await db
    .insert(userCompetencies)
    .values({ userId, competencyId: level.competencyId, competencyLevelId: level.id })
    .onConflictDoUpdate({
      target: [userCompetencies.userId, userCompetencies.competencyId],
      set: { competencyLevelId: level.id },
    });
}
