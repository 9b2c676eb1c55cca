import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  collapseChips,
  filterBody,
  filterChips,
  type PeopleFilters,
  removeChip,
} from './people-filters';

const chip = (title: string) => ({ title });

describe('filterBody', () => {
  it('drops falsy and NaN values, and filters left empty by that (spec §4)', () => {
    const filters: PeopleFilters = {
      grade: [0, Number.NaN, 3],
      location: [],
      gender: [Number.NaN],
      nutrition: [0],
      jobPosition: [-1, 1.5],
      dms: false,
    };
    expect(filterBody(filters, '   ')).toEqual({ grade: [3] });
  });

  it('sends the search text trimmed, VHI only when on, and the spec names as keys', () => {
    expect(filterBody({ status: [1, 4], birthMonth: [12], groups: [9], dms: true }, ' ada ')).toEqual({
      q: 'ada',
      status: [1, 4],
      birthMonth: [12],
      groups: [9],
      dms: true,
    });
  });

  it('asks for a department with everything under it, as people sit in its teams', () => {
    expect(filterBody({ department: [5], division: [2] })).toEqual({
      company_departments: [5],
      division: [2],
    });
  });
});

describe('activeFilterCount', () => {
  it('counts the filters in use, not their values, and not the search', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ status: [1, 2], grade: [0], location: [4], dms: true })).toBe(3);
  });
});

describe('collapseChips', () => {
  it('shows chips while the titles before them are under 30 characters, and counts the rest', () => {
    const chips = ['Engineering', 'Online', 'Senior', 'Prague', 'Vegan'].map(chip);
    // 11 + 6 + 6 = 23 before 'Prague' (shown), 29 before 'Vegan' (shown): nothing folds.
    expect(collapseChips(chips)).toEqual({ shown: chips, hidden: 0 });
    const longer = ['Engineering', 'Online', 'Senior', 'Prague', 'Vegan', 'Male'].map(chip);
    // 34 before 'Male': it folds into '+1'.
    expect(collapseChips(longer)).toEqual({ shown: longer.slice(0, 5), hidden: 1 });
  });

  it('folds everything after the chip that reaches 30', () => {
    const chips = ['x'.repeat(10), 'y'.repeat(20), 'z', 'w'].map(chip);
    expect(collapseChips(chips)).toEqual({ shown: chips.slice(0, 2), hidden: 2 });
  });

  it('always shows the first chip, however long', () => {
    const chips = ['Head of Customer Success and Support', 'Online'].map(chip);
    expect(collapseChips(chips)).toEqual({ shown: chips.slice(0, 1), hidden: 1 });
    expect(collapseChips([])).toEqual({ shown: [], hidden: 0 });
  });
});

describe('filterChips and removeChip', () => {
  const titles: Record<string, string> = { 'status-1': 'Online', 'grade-3': 'Senior' };
  const titleOf = (key: string, id: number) => titles[`${key}-${id}`];

  it('makes a chip per value in the modal order, VHI last, waiting for titles still loading', () => {
    const chips = filterChips({ status: [1], grade: [3, 4], dms: true }, titleOf);
    expect(chips).toEqual([
      { key: 'grade', id: 3, title: 'Senior' },
      { key: 'status', id: 1, title: 'Online' },
      { key: 'dms', id: 1, title: 'VHI' },
    ]);
  });

  it('removes one value, or turns VHI off', () => {
    const filters: PeopleFilters = { grade: [3, 4], dms: true };
    expect(removeChip(filters, { key: 'grade', id: 3, title: 'Senior' })).toEqual({ grade: [4], dms: true });
    expect(removeChip(filters, { key: 'dms', id: 1, title: 'VHI' })).toEqual({ grade: [3, 4], dms: false });
  });
});
