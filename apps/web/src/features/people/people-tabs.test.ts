import { describe, expect, it } from 'vitest';
import { peopleTabFilter, peopleTabs } from './people-tabs';

const enabled = (user: { department: number | null; division: number | null }) =>
  peopleTabs(user).map(({ value, enabled }) => [value, enabled]);

describe('people widget tabs model', () => {
  it('enables only All while the user has no department and no division', () => {
    expect(enabled({ department: null, division: null })).toEqual([
      ['all', true],
      ['department', false],
      ['division', false],
    ]);
    expect(peopleTabs({ department: null, division: null }).map((tab) => tab.label)).toEqual([
      'All',
      'Department',
      'Division',
    ]);
  });

  it('enables Department and Division each once the user has one', () => {
    expect(enabled({ department: 4, division: null })).toEqual([
      ['all', true],
      ['department', true],
      ['division', false],
    ]);
    expect(enabled({ department: null, division: 9 })).toEqual([
      ['all', true],
      ['department', false],
      ['division', true],
    ]);
  });

  it("filters by the user's own department or division, and by nothing for All", () => {
    const user = { department: 4, division: 9 };
    expect(peopleTabFilter('all', user)).toEqual({});
    expect(peopleTabFilter('department', user)).toEqual({ Department: [4] });
    expect(peopleTabFilter('division', user)).toEqual({ Division: [9] });
  });

  it('adds nothing for a tab the user cannot use', () => {
    const user = { department: null, division: null };
    expect(peopleTabFilter('department', user)).toEqual({});
    expect(peopleTabFilter('division', user)).toEqual({});
  });
});
