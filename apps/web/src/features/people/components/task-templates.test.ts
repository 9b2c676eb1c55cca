import { describe, expect, it } from 'vitest';
import { taskRequestPath } from './task-templates';

describe('taskRequestPath', () => {
  it('starts a request from the template on /tasks (spec §2 Routes)', () => {
    expect(taskRequestPath('vacation')).toBe('/tasks?form=vacation&from=list');
    expect(taskRequestPath('a b&c')).toBe('/tasks?form=a+b%26c&from=list');
  });
});
