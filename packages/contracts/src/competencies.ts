import { z } from 'zod';
import { requiredId } from './managers';

/** One step of a competency's scale, from 1 (lowest) up. */
export const CompetencyLevel = z.object({
  id: z.number(),
  name: z.string(),
  level: z.number(),
  description: z.string(),
});
export type CompetencyLevel = z.infer<typeof CompetencyLevel>;

export const Competency = z.object({ id: z.number(), name: z.string(), levels: z.array(CompetencyLevel) });
export type Competency = z.infer<typeof Competency>;

/** GET /api/competencies/: a company's competencies, the active company's when none is named. */
export const CompetenciesQuery = z.object({ company: requiredId('company').optional() });
export const CompetenciesResponse = z.object({ results: z.array(Competency) });
export type CompetenciesResponse = z.infer<typeof CompetenciesResponse>;

/** A competency of the person's company with its scale, and the person's level in it (null: none set). */
export const UserCompetency = z.object({
  competency: z.object({ id: z.number(), name: z.string() }),
  levels: z.array(CompetencyLevel),
  level: CompetencyLevel.nullable(),
});
export type UserCompetency = z.infer<typeof UserCompetency>;

export const UserCompetenciesQuery = z.object({ user_id: requiredId('user_id') });
export const UserCompetenciesResponse = z.object({ results: z.array(UserCompetency) });
export type UserCompetenciesResponse = z.infer<typeof UserCompetenciesResponse>;

/**
 * POST /api/competencies/set_level/: give the person this level of its competency, replacing the one
 * they had; with `remove`, take away their level of that competency instead.
 */
export const SetCompetencyLevelBody = z.strictObject({
  competency_level_id: requiredId('Competency level'),
  user_id: requiredId('User'),
  remove: z.boolean({ error: 'remove must be true or false' }).default(false),
});
export type SetCompetencyLevelBody = z.input<typeof SetCompetencyLevelBody>;
