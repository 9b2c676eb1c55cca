import type { SetCompetencyLevelBody, UserCompetency } from '@atrium/contracts';

/** The chosen level id of each competency, in the list's order; null (or 0) is none. */
export const levelChoicesOf = (competencies: UserCompetency[]) =>
  competencies.map(({ level }) => level?.id ?? null);

/**
 * The set_level calls of a save: a changed, non-zero level is set (spec: only non-zero levels are sent);
 * a level taken away is removed by naming the level it had.
 */
export function competencyChanges(
  userId: number,
  competencies: UserCompetency[],
  chosen: (number | null)[],
): SetCompetencyLevelBody[] {
  return competencies.flatMap(({ level }, index): SetCompetencyLevelBody[] => {
    const next = chosen[index] || null;
    if (next === (level?.id ?? null)) return [];
    if (next !== null) return [{ competency_level_id: next, user_id: userId, remove: false }];
    return level ? [{ competency_level_id: level.id, user_id: userId, remove: true }] : [];
  });
}
