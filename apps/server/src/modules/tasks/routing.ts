import { GROUP_HR, type StepRole } from '@atrium/contracts';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { absences, dictionaryItems, managerLinks, tasks, userGroups, users } from '../../db/schema/index';
import type { TemplateStep } from '../../db/schema/tasks';
import { isoDate } from './sla';

/** Someone a step could go to, as they stand on the day the request is filed. */
export type RoutingPerson = {
  id: number;
  name: string;
  active: boolean;
  /** An approved vacation or sick leave covering that day. */
  absence: 'vacation' | 'sick_leave' | null;
};

/** A person's managers by link type (manager_links). */
export type ManagerSet = { manager?: number; deputy?: number; hrbp?: number; extra: number[] };

/** Everything routing looks at, loaded once per request; `routeSteps` decides over it without a database. */
export type RoutingData = {
  requesterId: number;
  /** The person the request is for. */
  subjectId: number;
  people: Map<number, RoutingPerson>;
  links: Map<number, ManagerSet>;
  /** HR of the company (group 1) with how many open steps each holds now. */
  hr: { id: number; openSteps: number }[];
};

export type RoutedStep = { userId: number; routing: string | null };

const ROLE_LABEL: Record<Exclude<StepRole, 'hr' | 'user'>, string> = {
  manager: 'manager',
  deputy: 'deputy',
  hrbp: 'HR business partner',
  extra: 'extra manager',
};

/**
 * Picks each step's assignee: the role's first choice (a manager link of the person, the HR with the
 * fewest open steps, the named user) when they are there that day; otherwise the person's deputy, else
 * the next manager up from the one missed (direct managers, climbing), else HR; the requester only when
 * nobody else exists, so nobody approves their own request while someone else could. Why a step did not
 * go to its first choice is written out for the workflow view; null when it did.
 */
export function routeSteps(steps: TemplateStep[], data: RoutingData): RoutedStep[] {
  // Steps of one request given to HR count as open steps for the next HR pick.
  const hrLoad = new Map(data.hr.map((h) => [h.id, h.openSteps]));
  return steps.map((step) => {
    const routed = routeStep(step, data, hrLoad);
    if (hrLoad.has(routed.userId)) hrLoad.set(routed.userId, (hrLoad.get(routed.userId) ?? 0) + 1);
    return routed;
  });
}

function routeStep(step: TemplateStep, data: RoutingData, hrLoad: Map<number, number>): RoutedStep {
  const name = (id: number) => data.people.get(id)?.name ?? `User ${id}`;
  const linksOf = (id: number): ManagerSet => data.links.get(id) ?? { extra: [] };
  const subjectLinks = linksOf(data.subjectId);
  const reasons: string[] = [];
  const considered = new Set<number>();

  const whyNot = (id: number): string | null => {
    const person = data.people.get(id);
    if (!person) return `User ${id} does not exist`;
    if (!person.active) return `${person.name} is no longer active`;
    if (person.absence === 'vacation') return `${person.name} is on vacation`;
    if (person.absence === 'sick_leave') return `${person.name} is on sick leave`;
    if (id === data.requesterId) return `${person.name} filed the request`;
    return null;
  };
  /** The candidate when they can take the step; a reason is noted for anyone passed over. */
  const consider = (id: number | undefined): number | undefined => {
    if (id === undefined || considered.has(id)) return undefined;
    considered.add(id);
    const why = whyNot(id);
    if (why === null) return id;
    reasons.push(why);
    return undefined;
  };
  const pickHr = (): number | undefined => {
    const ranked = [...hrLoad.keys()]
      .filter((id) => !considered.has(id) && whyNot(id) === null)
      .sort((a, b) => (hrLoad.get(a) ?? 0) - (hrLoad.get(b) ?? 0) || a - b);
    const chosen = ranked[0];
    if (chosen !== undefined) considered.add(chosen);
    return chosen;
  };
  const went = (id: number, how: string): RoutedStep => ({
    userId: id,
    routing: `${reasons.join('; ')}; went to ${how} ${name(id)}`,
  });

  // The role's first choice.
  let first: number | undefined;
  if (step.role === 'hr') {
    const hr = pickHr();
    if (hr !== undefined) return { userId: hr, routing: null };
    reasons.push('No HR is available');
  } else {
    first =
      step.role === 'user'
        ? step.userId
        : step.role === 'extra'
          ? subjectLinks.extra[0]
          : subjectLinks[step.role];
    if (first === undefined) {
      reasons.push(
        step.role === 'user'
          ? 'The step names no approver'
          : `${name(data.subjectId)} has no ${ROLE_LABEL[step.role]}`,
      );
    } else if (consider(first) !== undefined) {
      return { userId: first, routing: null };
    }
  }

  // Stand-ins: the person's deputy, the managers above the one missed, HR.
  const deputy = consider(subjectLinks.deputy);
  if (deputy !== undefined) return went(deputy, 'the deputy');
  const climbed = new Set<number>();
  for (let at = linksOf(first ?? data.subjectId).manager; at !== undefined && !climbed.has(at); ) {
    climbed.add(at);
    const up = consider(at);
    if (up !== undefined) return went(up, 'the next manager up');
    at = linksOf(at).manager;
  }
  const hr = pickHr();
  if (hr !== undefined) return went(hr, 'HR');
  reasons.push('nobody else can decide');
  return went(data.requesterId, 'the requester');
}

/**
 * A company's HR people with how many open steps each holds: the load an HR step goes by. Read on every
 * filing, from indexes alone (migration 0024, held by `routing-plan.test.ts`).
 */
export function companyHrWithOpenSteps(db: Db, companyId: number) {
  // Written out with an alias: Drizzle leaves the columns of a one-table select unqualified, and an
  // unqualified user_id inside the subquery would be the step's own, counting everyone's open steps.
  const openSteps = sql<number>`(select count(*)::int from ${tasks} step where step.user_id = ${userGroups}.user_id
    and step.parent_task_id is not null and not step.completed and not step.canceled and not step.skipped)`;
  return db
    .select({ id: userGroups.userId, openSteps: openSteps.mapWith(Number) })
    .from(userGroups)
    .where(and(eq(userGroups.companyId, companyId), eq(userGroups.groupId, GROUP_HR)));
}

/** How many levels of managers the loader follows up; real hierarchies are far shallower. */
const MAX_LEVELS = 20;

/**
 * Loads what `routeSteps` needs for one request: the manager links from the person (and named users)
 * upwards, the company's HR with their open steps, and who of them all is active and present today.
 */
export async function loadRoutingData(
  db: Db,
  input: { companyId: number; requesterId: number; subjectId: number; steps: TemplateStep[]; now: Date },
): Promise<RoutingData> {
  const links = new Map<number, ManagerSet>();
  const named = input.steps.flatMap((step) => (step.role === 'user' && step.userId ? [step.userId] : []));
  let frontier = [...new Set([input.subjectId, ...named])];
  for (let level = 0; level < MAX_LEVELS && frontier.length > 0; level++) {
    for (const id of frontier) links.set(id, { extra: [] });
    const rows = await db
      .select({ userId: managerLinks.userId, managerId: managerLinks.managerId, code: dictionaryItems.code })
      .from(managerLinks)
      .innerJoin(dictionaryItems, eq(dictionaryItems.id, managerLinks.managerTypeId))
      .where(inArray(managerLinks.userId, frontier))
      .orderBy(managerLinks.id);
    for (const row of rows) {
      const set = links.get(row.userId);
      if (!set) continue;
      if (row.code === 'extra') set.extra.push(row.managerId);
      else if (row.code === 'manager' || row.code === 'deputy' || row.code === 'hrbp')
        set[row.code] = row.managerId;
    }
    frontier = [...new Set(rows.map((row) => row.managerId))].filter((id) => !links.has(id));
  }

  const hr = await companyHrWithOpenSteps(db, input.companyId);

  const ids = new Set([input.requesterId, input.subjectId, ...named, ...hr.map((h) => h.id)]);
  for (const [id, set] of links) {
    ids.add(id);
    for (const m of [set.manager, set.deputy, set.hrbp, ...set.extra]) if (m !== undefined) ids.add(m);
  }
  const today = isoDate(input.now);
  const [people, away] = await Promise.all([
    db
      .select({ id: users.id, first: users.firstName, last: users.lastName, active: users.isActive })
      .from(users)
      .where(inArray(users.id, [...ids])),
    db
      .select({ userId: absences.userId, kind: absences.kind })
      .from(absences)
      .where(
        and(
          inArray(absences.userId, [...ids]),
          eq(absences.status, 'approved'),
          inArray(absences.kind, ['vacation', 'sick_leave']),
          lte(absences.fromDate, today),
          gte(absences.toDate, today),
        ),
      ),
  ]);
  const absence = new Map(away.map((row) => [row.userId, row.kind as 'vacation' | 'sick_leave']));
  return {
    requesterId: input.requesterId,
    subjectId: input.subjectId,
    links,
    hr,
    people: new Map(
      people.map((p) => [
        p.id,
        { id: p.id, name: `${p.first} ${p.last}`, active: p.active, absence: absence.get(p.id) ?? null },
      ]),
    ),
  };
}
