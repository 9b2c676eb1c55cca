import { describe, expect, it } from 'vitest';
import { aDepartment } from '../../test/fake-api';
import { departmentOptions } from './department-options';

describe('department dropdown options', () => {
  it('lists each node followed by the nodes under it, keeping the order of siblings, with depths and the nodes above', () => {
    const options = departmentOptions([
      aDepartment(1, { name: 'Engineering' }),
      aDepartment(2, { name: 'Sales' }),
      aDepartment(3, { name: 'Backend', parent_id: 1, depth: 2 }),
      aDepartment(4, { name: 'Database', parent_id: 3, depth: 3 }),
      aDepartment(5, { name: 'EMEA', parent_id: 2, depth: 2 }),
      aDepartment(6, { name: 'Frontend', parent_id: 1, depth: 2 }),
    ]);
    expect(options).toEqual([
      { value: '1', label: 'Engineering', depth: 1 },
      { value: '3', label: 'Backend', depth: 2, hint: 'Engineering' },
      { value: '4', label: 'Database', depth: 3, hint: 'Engineering › Backend' },
      { value: '6', label: 'Frontend', depth: 2, hint: 'Engineering' },
      { value: '2', label: 'Sales', depth: 1 },
      { value: '5', label: 'EMEA', depth: 2, hint: 'Sales' },
    ]);
  });

  it('keeps nodes whose parent is missing or that sit in a parent loop', () => {
    const options = departmentOptions([
      aDepartment(1, { name: 'Orphan', parent_id: 99, depth: 2 }),
      aDepartment(2, { name: 'Loop A', parent_id: 3, depth: 2 }),
      aDepartment(3, { name: 'Loop B', parent_id: 2, depth: 2 }),
    ]);
    expect(options.map((option) => option.label)).toEqual(['Orphan', 'Loop A', 'Loop B']);
  });

  it('is empty for a company without departments', () => {
    expect(departmentOptions([])).toEqual([]);
  });
});
