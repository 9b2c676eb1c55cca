import type { Standing } from '../managers/policy';

/** The person themself and HR of their company set competency levels; colleagues only read them. */
export const canSetCompetencyLevel = (standing: Standing) => standing.isSelf || standing.isHr;
