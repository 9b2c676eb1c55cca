import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { taskDecisions, tasks, taskTemplates, users } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { createChat } from '../chats/service';
import { type NewNotification, writeNotifications } from '../notifications/service';
import { runCompletionEffect, runRejectionEffect } from './effects';
import { loadRoutingData, routeSteps } from './routing';
import { addWorkingDays, loadWorkCalendar, type WorkCalendar } from './sla';
import { isClosed, isRunning } from './status';

export type CreateRequestInput = {
  companyId: number;
  templateId: number;
  /** Who files it: the request's manager. */
  requesterId: number;
  /** Who it is for: the request's user. */
  userId: number;
  /** The template's name when not given. */
  name?: string;
  description?: string;
  inputParams: Record<string, unknown>;
  now: Date;
};

export type CreatedRequest = {
  id: number;
  chat: number;
  /** Notifications written in the transaction; deliver them once it has committed. */
  notifications: number[];
};

export type DecideStepInput = {
  stepId: number;
  userId: number;
  decision: 'approved' | 'rejected';
  comment: string;
  now: Date;
};

export type DecidedStep = {
  /** Notifications written in the transaction; deliver them once it has committed. */
  notifications: number[];
  requestId: number;
  /** The people of the request (its creator, who it is for, every step's assignee): who hears of the change. */
  participants: number[];
};

type TaskRecord = typeof tasks.$inferSelect;

async function namesOf(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.first} ${row.last}`]));
}

/** Starts steps now: each gets its deadline, its SLA in working days of the company's calendar. */
async function startSteps(tx: Tx, steps: TaskRecord[], now: Date, calendar: WorkCalendar) {
  for (const step of steps) {
    step.startAt = now;
    step.slaAt = addWorkingDays(now, step.slaDays, calendar);
    await tx
      .update(tasks)
      .set({ startAt: step.startAt, slaAt: step.slaAt, updatedAt: now })
      .where(eq(tasks.id, step.id));
  }
}

/** The request's own deadline follows its running steps, so the creator's list shows when it is due. */
async function refreshRequestSla(tx: Tx, request: TaskRecord, steps: TaskRecord[], now: Date) {
  const running = steps.filter((step) => isRunning(step, now) && step.slaAt);
  const slaAt = running.length
    ? new Date(Math.min(...running.map((step) => step.slaAt?.getTime() ?? 0)))
    : null;
  if (slaAt === null || slaAt.getTime() === request.slaAt?.getTime()) return;
  await tx.update(tasks).set({ slaAt, updatedAt: now }).where(eq(tasks.id, request.id));
}

/** 'task_step' notifications: each started step's assignee is asked for their decision. */
async function askToDecide(tx: Tx, request: TaskRecord, started: TaskRecord[], now: Date) {
  const names = await namesOf(tx, [request.managerId]);
  const requester = names.get(request.managerId) ?? 'Someone';
  const list: NewNotification[] = started.flatMap((step) =>
    step.userId === null
      ? []
      : [
          {
            userId: step.userId,
            kind: 'task_step' as const,
            text: `${requester} asks you to approve "${request.name}"`,
            taskId: step.id,
            actorId: request.managerId,
          },
        ],
  );
  return writeNotifications(tx, list, now);
}

/** Tells the request's creator and the person it is for (not whoever caused it) how it ended. */
async function tellOutcome(
  tx: Tx,
  request: TaskRecord,
  kind: 'task_completed' | 'task_rejected',
  actorId: number,
  now: Date,
) {
  const names = await namesOf(tx, [actorId]);
  const actor = names.get(actorId) ?? 'Someone';
  const verb = kind === 'task_completed' ? 'approved' : 'rejected';
  const recipients = [...new Set([request.managerId, request.userId])].filter(
    (id): id is number => id !== null && id !== actorId,
  );
  return writeNotifications(
    tx,
    recipients.map((userId) => ({
      userId,
      kind,
      text: `${actor} ${verb} your request "${request.name}"`,
      taskId: request.id,
      actorId,
    })),
    now,
  );
}

/** The effect name of the request's template (null: none). */
async function effectOf(tx: Tx, request: TaskRecord): Promise<string | null> {
  const [template] = request.templateId
    ? await tx
        .select({ effect: taskTemplates.effect })
        .from(taskTemplates)
        .where(eq(taskTemplates.id, request.templateId))
    : [];
  return template?.effect ?? null;
}

/** Closes a request as approved, skips its optional steps still open and runs the template's effect. */
async function completeRequest(tx: Tx, request: TaskRecord, actorId: number, now: Date) {
  await tx
    .update(tasks)
    .set({ skipped: true, updatedAt: now })
    .where(and(eq(tasks.parentTaskId, request.id), openTask()));
  await tx
    .update(tasks)
    .set({
      completed: true,
      completedAt: now,
      completeApproved: true,
      completeApprovedAt: now,
      updatedAt: now,
    })
    .where(eq(tasks.id, request.id));
  await runCompletionEffect(tx, await effectOf(tx, request), request, now);
  return tellOutcome(tx, request, 'task_completed', actorId, now);
}

const openTask = () => and(eq(tasks.completed, false), eq(tasks.canceled, false), eq(tasks.skipped, false));

/**
 * Files a request from a template, in the caller's transaction: the request (a group, with its own
 * chat) and one step per template step, each routed to its assignee now. Sequential templates start
 * their first step, parallel ones every step; each started step's assignee is notified.
 */
export async function createRequest(tx: Tx, input: CreateRequestInput): Promise<CreatedRequest> {
  const { now } = input;
  const [template] = await tx
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.id, input.templateId), eq(taskTemplates.companyId, input.companyId)));
  if (!template) throw notFound('There is no such template');

  const routing = await loadRoutingData(tx, {
    companyId: input.companyId,
    requesterId: input.requesterId,
    subjectId: input.userId,
    steps: template.steps,
    now,
  });
  const routed = routeSteps(template.steps, routing);
  const chat = await createChat(tx, 'task', now);
  const common = {
    companyId: input.companyId,
    templateId: template.id,
    managerId: input.requesterId,
    chatId: chat,
  };
  const [request] = await tx
    .insert(tasks)
    .values({
      ...common,
      isGroup: true,
      name: input.name?.trim() || template.name,
      description: input.description ?? '',
      userId: input.userId,
      p: 0,
      childsParallelExecution: template.parallel,
      slaDays: template.slaDays,
      inputParams: input.inputParams,
      startAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!request) throw new Error('request not created');

  const steps = template.steps.length
    ? await tx
        .insert(tasks)
        .values(
          template.steps.map((step, index) => ({
            ...common,
            parentTaskId: request.id,
            name: step.name,
            userId: routed[index]?.userId ?? input.requesterId,
            p: index + 1,
            role: step.role,
            routing: routed[index]?.routing ?? null,
            requiredTask: step.required ?? true,
            slaDays: step.slaDays ?? template.slaDays,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning()
    : [];
  steps.sort((a, b) => a.p - b.p);

  // A template without steps has nothing to wait for.
  if (steps.length === 0) {
    return {
      id: request.id,
      chat,
      notifications: await completeRequest(tx, request, input.requesterId, now),
    };
  }
  const started = template.parallel ? steps : steps.slice(0, 1);
  await startSteps(tx, started, now, await loadWorkCalendar(tx, input.companyId, now));
  await refreshRequestSla(tx, request, steps, now);
  return { id: request.id, chat, notifications: await askToDecide(tx, request, started, now) };
}

/**
 * Approves or rejects a step, in one transaction holding the request's row lock, so that decisions on
 * one request happen one after another and a concurrent approve and reject end in exactly one outcome.
 * Only the step's assignee decides (403), and only while the step has started and both the step and its
 * request are open (409). Every decision is kept in task_decisions. Approving the last required step
 * completes the request (optional steps still open are skipped, the template's effect runs); approving
 * another starts the next step of a sequential request. Rejecting cancels the request, skips the rest
 * and runs the rejection side of the template's effect (tasks/effects.ts).
 */
export async function decideStep(db: Db, input: DecideStepInput): Promise<DecidedStep> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ parentTaskId: tasks.parentTaskId })
      .from(tasks)
      .where(eq(tasks.id, input.stepId));
    if (!ref) throw notFound();
    if (ref.parentTaskId === null) throw forbidden('Only a step of a request can be approved or rejected');
    const [request] = await tx.select().from(tasks).where(eq(tasks.id, ref.parentTaskId)).for('update');
    if (!request) throw notFound();
    // Read after the lock: whatever a decision before this one changed is seen here.
    const steps = await tx
      .select()
      .from(tasks)
      .where(eq(tasks.parentTaskId, request.id))
      .orderBy(asc(tasks.p), asc(tasks.id));
    const step = steps.find((each) => each.id === input.stepId);
    if (!step) throw notFound();
    if (step.userId !== input.userId) throw forbidden();
    if (request.completed || request.canceled) throw conflict('This request is already closed');
    if (isClosed(step)) throw conflict('This step is already decided');
    if (!isRunning(step, now)) throw conflict('This step has not started yet');

    await tx.insert(taskDecisions).values({
      taskId: step.id,
      userId: input.userId,
      decision: input.decision,
      comment: input.comment,
      createdAt: now,
    });
    const participants = [
      ...new Set([request.managerId, request.userId, ...steps.map((each) => each.userId)]),
    ].filter((id): id is number => id !== null);
    const done = (notifications: number[]) => ({ notifications, requestId: request.id, participants });
    // The audit log keeps the decision with the person the request is for (its creator when for nobody).
    await writeAudit(tx, {
      action: input.decision === 'approved' ? 'task.approve' : 'task.reject',
      companyId: request.companyId,
      actorId: input.userId,
      subjectUserId: request.userId ?? request.managerId,
      entityId: request.id,
      after: {
        request: request.name,
        step: step.name,
        ...(input.comment.trim() ? { comment: input.comment } : {}),
      },
      at: now,
    });

    if (input.decision === 'rejected') {
      await tx
        .update(tasks)
        .set({ canceled: true, completedAt: now, updatedAt: now })
        .where(eq(tasks.id, step.id));
      await tx
        .update(tasks)
        .set({ skipped: true, updatedAt: now })
        .where(and(eq(tasks.parentTaskId, request.id), ne(tasks.id, step.id), openTask()));
      await tx
        .update(tasks)
        .set({ canceled: true, completedAt: now, updatedAt: now })
        .where(eq(tasks.id, request.id));
      // The rejection's consequence (an absence rejected) commits or rolls back with the decision.
      await runRejectionEffect(tx, await effectOf(tx, request), request, now);
      return done(await tellOutcome(tx, request, 'task_rejected', input.userId, now));
    }

    await tx
      .update(tasks)
      .set({
        completed: true,
        completedAt: now,
        completeApproved: true,
        completeApprovedAt: now,
        updatedAt: now,
      })
      .where(eq(tasks.id, step.id));
    Object.assign(step, { completed: true, completeApproved: true, completedAt: now });
    if (steps.every((each) => !each.requiredTask || each.completeApproved)) {
      return done(await completeRequest(tx, request, input.userId, now));
    }
    let asked: number[] = [];
    if (!request.childsParallelExecution) {
      const next = steps.find((each) => !isClosed(each) && each.startAt === null);
      if (next) {
        await startSteps(tx, [next], now, await loadWorkCalendar(tx, request.companyId, now));
        asked = await askToDecide(tx, request, [next], now);
      }
    }
    await refreshRequestSla(tx, request, steps, now);
    return done(asked);
  });
}
