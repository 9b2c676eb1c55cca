import { describe, expect, it } from 'vitest';
import { type CompletionEffect, runCompletionEffect } from '../src/modules/tasks/effects';
import {
  type ManagerSet,
  type RoutingData,
  type RoutingPerson,
  routeSteps,
} from '../src/modules/tasks/routing';
import { addWorkingDays, isWorkingDay, type WorkCalendar } from '../src/modules/tasks/sla';
import { type TaskState, taskSla, workflowStatus } from '../src/modules/tasks/status';

const now = new Date('2026-11-20T09:00:00Z'); // a Friday
const hours = (n: number) => new Date(now.getTime() + n * 3600_000);
const state = (over: Partial<TaskState> = {}): TaskState => ({
  completed: false,
  canceled: false,
  skipped: false,
  startAt: null,
  slaAt: null,
  ...over,
});

describe('workflow status (spec §4)', () => {
  it('is approved, canceled or skipped by the flags, in that order', () => {
    expect(workflowStatus(state({ completed: true, canceled: true }), now)).toBe('approved');
    expect(workflowStatus(state({ canceled: true, skipped: true }), now)).toBe('canceled');
    expect(workflowStatus(state({ skipped: true, startAt: hours(-1), slaAt: hours(-1) }), now)).toBe(
      'skipped',
    );
  });
  it('is expired from sla_at on, in process before, and next without start and SLA times', () => {
    expect(workflowStatus(state({ startAt: hours(-5), slaAt: now }), now)).toBe('expired');
    expect(workflowStatus(state({ startAt: hours(-5), slaAt: hours(1) }), now)).toBe('process');
    expect(workflowStatus(state(), now)).toBe('next');
    expect(workflowStatus(state({ slaAt: hours(1) }), now)).toBe('next');
  });
});

describe('task SLA wording', () => {
  it('counts whole days left, and says today under a day', () => {
    expect(taskSla(state({ startAt: now, slaAt: hours(49) }), now)).toEqual({
      title: 'Due in 2 days',
      urgent: false,
      overdue: false,
    });
    expect(taskSla(state({ slaAt: hours(24) }), now)?.title).toBe('Due in 1 day');
    expect(taskSla(state({ slaAt: hours(3) }), now)).toEqual({
      title: 'Due today',
      urgent: true,
      overdue: false,
    });
  });
  it('is overdue from sla_at on, by at least a day', () => {
    expect(taskSla(state({ slaAt: now }), now)).toEqual({
      title: 'Overdue by 1 day',
      urgent: true,
      overdue: true,
    });
    expect(taskSla(state({ slaAt: hours(-30) }), now)?.title).toBe('Overdue by 2 days');
  });
  it('says Done, Canceled or Skipped for closed tasks and nothing before a task starts', () => {
    expect(taskSla(state({ completed: true, slaAt: hours(-30) }), now)).toEqual({
      title: 'Done',
      urgent: false,
      overdue: false,
    });
    expect(taskSla(state({ canceled: true }), now)?.title).toBe('Canceled');
    expect(taskSla(state({ skipped: true }), now)?.title).toBe('Skipped');
    expect(taskSla(state(), now)).toBeNull();
  });
});

describe('working days', () => {
  const calendar = (daysOff: string[] = [], workedDays: string[] = []): WorkCalendar => ({
    daysOff: new Set(daysOff),
    workedDays: new Set(workedDays),
  });
  it('skips the weekend: Friday plus 2 working days is Tuesday, same time', () => {
    expect(addWorkingDays(now, 2).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(addWorkingDays(new Date('2026-11-16T15:30:00Z'), 2).toISOString()).toBe(
      '2026-11-18T15:30:00.000Z',
    );
  });
  it('skips holidays of the company', () => {
    expect(addWorkingDays(now, 2, calendar(['2026-11-23'])).toISOString()).toBe('2026-11-25T09:00:00.000Z');
  });
  it('counts a weekend day moved to a working day', () => {
    expect(addWorkingDays(now, 2, calendar([], ['2026-11-21'])).toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
    expect(isWorkingDay(new Date('2026-11-21T00:00:00Z'), calendar([], ['2026-11-21']))).toBe(true);
    expect(isWorkingDay(new Date('2026-11-21T00:00:00Z'), calendar())).toBe(false);
  });
  it('adds nothing for 0 days, starting on a weekend too', () => {
    expect(addWorkingDays(now, 0).toISOString()).toBe(now.toISOString());
    expect(addWorkingDays(new Date('2026-11-21T10:00:00Z'), 1).toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
  });
});

describe('routing a step to its assignee', () => {
  // emp's manager is mgr, whose manager is boss; dep is emp's deputy; hr1 and hr2 are HR.
  const ids = { emp: 1, mgr: 2, boss: 3, dep: 4, hr1: 5, hr2: 6, bp: 7, named: 8, top: 9 } as const;
  type Name = keyof typeof ids;
  const data = (
    over: {
      absent?: Partial<Record<Name, 'vacation' | 'sick_leave'>>;
      inactive?: Name[];
      links?: Partial<Record<Name, ManagerSet>>;
      hr?: { id: number; openSteps: number }[];
      requester?: Name;
    } = {},
  ): RoutingData => {
    const people = new Map<number, RoutingPerson>();
    for (const [key, id] of Object.entries(ids) as [Name, number][]) {
      people.set(id, {
        id,
        name: key[0]?.toUpperCase() + key.slice(1),
        active: !over.inactive?.includes(key),
        absence: over.absent?.[key] ?? null,
      });
    }
    const links = over.links ?? {
      emp: { manager: ids.mgr, deputy: ids.dep, hrbp: ids.bp, extra: [] },
      mgr: { manager: ids.boss, extra: [] },
      boss: { manager: ids.top, extra: [] },
    };
    return {
      requesterId: ids[over.requester ?? 'emp'],
      subjectId: ids.emp,
      people,
      links: new Map(Object.entries(links).map(([key, set]) => [ids[key as Name], set as ManagerSet])),
      hr: over.hr ?? [
        { id: ids.hr1, openSteps: 3 },
        { id: ids.hr2, openSteps: 1 },
      ],
    };
  };
  const route = (
    role: 'manager' | 'deputy' | 'hrbp' | 'extra' | 'hr' | 'user',
    d: RoutingData,
    userId?: number,
  ) => routeSteps([{ name: 'Step', role, userId }], d)[0];

  it('gives each role its first choice, with no routing note', () => {
    expect(route('manager', data())).toEqual({ userId: ids.mgr, routing: null });
    expect(route('deputy', data())).toEqual({ userId: ids.dep, routing: null });
    expect(route('hrbp', data())).toEqual({ userId: ids.bp, routing: null });
    expect(route('user', data(), ids.named)).toEqual({ userId: ids.named, routing: null });
  });

  it('sends an absent manager’s step to the deputy', () => {
    expect(route('manager', data({ absent: { mgr: 'vacation' } }))).toEqual({
      userId: ids.dep,
      routing: 'Mgr is on vacation; went to the deputy Dep',
    });
  });

  it('climbs to the next manager up when the deputy is away too', () => {
    expect(route('manager', data({ absent: { mgr: 'vacation', dep: 'sick_leave' } }))).toEqual({
      userId: ids.boss,
      routing: 'Mgr is on vacation; Dep is on sick leave; went to the next manager up Boss',
    });
    expect(
      route('manager', data({ absent: { mgr: 'vacation', dep: 'sick_leave' }, inactive: ['boss'] })),
    ).toEqual({
      userId: ids.top,
      routing:
        'Mgr is on vacation; Dep is on sick leave; Boss is no longer active; went to the next manager up Top',
    });
  });

  it('falls back to HR when nobody up the chain is there, the one with fewest open steps', () => {
    const d = data({ absent: { mgr: 'vacation', dep: 'vacation', boss: 'sick_leave', top: 'vacation' } });
    expect(route('manager', d)).toEqual({
      userId: ids.hr2,
      routing:
        'Mgr is on vacation; Dep is on vacation; Boss is on sick leave; Top is on vacation; went to HR Hr2',
    });
  });

  it('names a missing link', () => {
    const d = data({ links: { emp: { extra: [] } } });
    expect(route('manager', d)).toEqual({ userId: ids.hr2, routing: 'Emp has no manager; went to HR Hr2' });
  });

  it('picks HR by fewest open steps then id, spreads a request’s HR steps, and skips the requester', () => {
    expect(route('hr', data())).toEqual({ userId: ids.hr2, routing: null });
    const tie = data({
      hr: [
        { id: ids.hr2, openSteps: 0 },
        { id: ids.hr1, openSteps: 0 },
      ],
    });
    expect(route('hr', tie)?.userId).toBe(ids.hr1);
    expect(
      routeSteps(
        [
          { name: 'a', role: 'hr' },
          { name: 'b', role: 'hr' },
        ],
        tie,
      ).map((r) => r.userId),
    ).toEqual([ids.hr1, ids.hr2]);
    expect(route('hr', data({ requester: 'hr2' }))?.userId).toBe(ids.hr1);
  });

  it('never routes to the requester while someone else can decide', () => {
    // The manager files for their report: the manager step goes on to the deputy.
    expect(route('manager', data({ requester: 'mgr' }))).toEqual({
      userId: ids.dep,
      routing: 'Mgr filed the request; went to the deputy Dep',
    });
  });

  it('routes to the requester only when nobody else exists', () => {
    const d = data({ links: { emp: { manager: ids.mgr, extra: [] } }, hr: [], requester: 'mgr' });
    expect(route('manager', d)).toEqual({
      userId: ids.mgr,
      routing: 'Mgr filed the request; nobody else can decide; went to the requester Mgr',
    });
  });
});

describe('completion effects', () => {
  it('runs the template’s effect with the transaction, nothing without one, and fails on an unknown one', async () => {
    const seen: number[] = [];
    const registry: Record<string, CompletionEffect> = {
      mark: async (_tx, request) => {
        seen.push(request.id);
      },
    };
    const request = { id: 7, companyId: 1, userId: 2, managerId: 2, inputParams: {} };
    const tx = {} as Parameters<CompletionEffect>[0];
    await runCompletionEffect(tx, 'mark', request, now, registry);
    await runCompletionEffect(tx, null, request, now, registry);
    expect(seen).toEqual([7]);
    await expect(runCompletionEffect(tx, 'nothing', request, now, registry)).rejects.toThrow(
      /unknown completion effect/,
    );
  });
});
