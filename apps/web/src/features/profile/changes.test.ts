import { describe, expect, it } from 'vitest';
import { aManagerLink, aUserCompetency, MANAGER_TYPES } from '../../test/fake-api';
import { competencyChanges, levelChoicesOf } from './competency-changes';
import {
  needsNewExtraRow,
  SubordinationSchema,
  subordinationChanges,
  subordinationValuesOf,
} from './subordination-changes';

describe('competency changes', () => {
  const competencies = [
    aUserCompetency(1, 'TypeScript', 11),
    aUserCompetency(2, 'SQL'),
    aUserCompetency(3, 'Go', 31),
  ];

  it('sends changed non-zero levels, removes a level taken away, and skips the rest', () => {
    expect(levelChoicesOf(competencies)).toEqual([11, null, 31]);
    expect(competencyChanges(7, competencies, [12, 0, null])).toEqual([
      { competency_level_id: 12, user_id: 7, remove: false },
      { competency_level_id: 31, user_id: 7, remove: true },
    ]);
    expect(competencyChanges(7, competencies, [11, null, 31])).toEqual([]);
  });
});

describe('subordination changes', () => {
  const links = [aManagerLink(1, 'manager'), aManagerLink(2, 'hrbp'), aManagerLink(3, 'extra')];

  it('starts from the links, with a blank extra row waiting at the end', () => {
    expect(subordinationValuesOf(links)).toEqual({
      manager: 101,
      deputy: null,
      hrbp: 102,
      extras: [
        { linkId: 3, manager_type: 94, manager: 103 },
        { linkId: null, manager_type: null, manager: null },
      ],
    });
  });

  it('adds a changed single manager (the server replaces it), deletes a cleared one and redoes a changed extra', () => {
    const values = {
      manager: 200,
      deputy: 201,
      hrbp: null,
      extras: [
        { linkId: 3, manager_type: 94, manager: 202 },
        { linkId: null, manager_type: null, manager: null },
      ],
    };
    expect(subordinationChanges(12, links, MANAGER_TYPES, values)).toEqual({
      removals: [2, 3],
      additions: [
        { body: { user: 12, manager: 200, manager_type: 91 }, field: 'manager' },
        { body: { user: 12, manager: 201, manager_type: 92 }, field: 'deputy' },
        { body: { user: 12, manager: 202, manager_type: 94 }, row: 0 },
      ],
    });
    expect(subordinationChanges(12, links, MANAGER_TYPES, subordinationValuesOf(links))).toEqual({
      removals: [],
      additions: [],
    });
  });

  it('wants a new extra row once the last one is filled, and both its type and manager', () => {
    expect(needsNewExtraRow([{ linkId: null, manager_type: 94, manager: null }])).toBe(false);
    expect(needsNewExtraRow([{ linkId: null, manager_type: 94, manager: 5 }])).toBe(true);

    const half = {
      manager: null,
      deputy: null,
      hrbp: null,
      extras: [{ linkId: null, manager_type: null, manager: 5 }],
    };
    expect(SubordinationSchema.safeParse(half).error?.issues.map((issue) => issue.message)).toEqual([
      'Manager type is required',
    ]);
  });
});
