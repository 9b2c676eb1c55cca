import { describe, expect, it } from 'vitest';
import { readTasksParams, statusOf, TASK_TABS, withParams } from './task-params';

describe('the parameters of /tasks', () => {
  it('orders the tabs by their spec ids, with Important disabled', () => {
    expect(TASK_TABS.map((tab) => [tab.label, tab.disabled])).toEqual([
      ['Active', false],
      ['Important', true],
      ['Overdue', false],
      ['Planned', false],
      ['Completed', false],
    ]);
  });

  it('reads a status by name or by id, and falls back to active for none, important or nonsense', () => {
    expect(['completed', '4', 'overdue', '2', 'planned', '3'].map(statusOf)).toEqual([
      'completed',
      'completed',
      'overdue',
      'overdue',
      'planned',
      'planned',
    ]);
    expect([null, 'active', '0', 'important', '1', 'sla_fail', ''].map(statusOf)).toEqual(
      Array(7).fill('active'),
    );
  });

  it('defaults to the exec view and ignores a taskId that is not an id', () => {
    expect(readTasksParams(new URLSearchParams('taskId=abc&view=other'))).toEqual({
      view: 'exec',
      status: 'active',
      taskId: null,
      form: null,
      from: null,
    });
    expect(
      readTasksParams(new URLSearchParams('view=creator&taskId=12&form=vacation_approval&from=list')),
    ).toEqual({
      view: 'creator',
      status: 'active',
      taskId: 12,
      form: 'vacation_approval',
      from: 'list',
    });
  });

  it('changes some parameters and keeps the rest', () => {
    const next = withParams(new URLSearchParams('status=overdue&form=x&from=list'), {
      taskId: 7,
      form: null,
      from: null,
    });
    expect(next.toString()).toBe('status=overdue&taskId=7');
  });
});
