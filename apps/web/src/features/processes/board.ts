/**
 * The 360 Review board of the processes screen (spec work side §2, §4, §9): 23 steps holding placeholder
 * cards that move within and between steps on the client only. Its order is kept in the browser.
 */

export type BoardStep = { id: string; number: number; name: string };
export type BoardCard = { id: string; title: string };
/** The card ids each step holds, top to bottom, by step id. */
export type BoardOrder = Readonly<Record<string, readonly string[]>>;
/** Where a card sits: its step and its index in that step. */
export type BoardPlace = { step: BoardStep; index: number; count: number };

/** The stages of a 360-degree review, in the order a company runs them; spec §9 fixes their number, 23. */
const STEP_NAMES = [
  'Kick-off',
  'Define competencies',
  'Choose reviewees',
  'Nominate reviewers',
  'Approve reviewers',
  'Build the questionnaire',
  'Pilot the survey',
  'Announce the review',
  'Self-assessment',
  'Peer feedback',
  'Direct-report feedback',
  'Manager feedback',
  'Send reminders',
  'Close the survey',
  'Check response rates',
  'Compile reports',
  'Calibrate results',
  'HR review',
  'Share with managers',
  'Feedback conversations',
  'Development plans',
  'Follow-up check-in',
  'Retrospective',
] as const;

export const STEPS: readonly BoardStep[] = STEP_NAMES.map((name, index) => ({
  id: `step-${index + 1}`,
  number: index + 1,
  name,
}));

/** A few placeholder cards per step: three in odd steps, two in even ones, so the columns differ. */
const cardsIn = (step: BoardStep): BoardCard[] =>
  Array.from({ length: step.number % 2 === 1 ? 3 : 2 }, (_, index) => ({
    id: `card-${step.number}-${index + 1}`,
    title: `Card ${step.number}.${index + 1}`,
  }));

export const CARDS: ReadonlyMap<string, BoardCard> = new Map(
  STEPS.flatMap(cardsIn).map((card) => [card.id, card]),
);

export const DEFAULT_ORDER: BoardOrder = Object.fromEntries(
  STEPS.map((step) => [step.id, cardsIn(step).map((card) => card.id)]),
);

const stepsById = new Map(STEPS.map((step) => [step.id, step]));

export const isStepId = (id: string) => stepsById.has(id);

/** The id of the step holding `cardId`, if a step does. */
export function stepOf(order: BoardOrder, cardId: string): string | undefined {
  return STEPS.find((step) => order[step.id]?.includes(cardId))?.id;
}

/** Where `cardId` sits in `order`, for the screen reader's announcements. */
export function placeOf(order: BoardOrder, cardId: string): BoardPlace | undefined {
  const stepId = stepOf(order, cardId);
  const step = stepId === undefined ? undefined : stepsById.get(stepId);
  if (!step) return undefined;
  const cards = order[step.id] ?? [];
  return { step, index: cards.indexOf(cardId), count: cards.length };
}

/** `order` with `cardId` taken out of its step and put into `toStep` at `index` (its index afterwards). */
export function moveCard(order: BoardOrder, cardId: string, toStep: string, index: number): BoardOrder {
  const fromStep = stepOf(order, cardId);
  if (fromStep === undefined || !isStepId(toStep)) return order;
  const without = (order[toStep] ?? []).filter((id) => id !== cardId);
  const at = Math.max(0, Math.min(index, without.length));
  return {
    ...order,
    [fromStep]: (order[fromStep] ?? []).filter((id) => id !== cardId),
    [toStep]: [...without.slice(0, at), cardId, ...without.slice(at)],
  };
}

export const sameOrder = (a: BoardOrder, b: BoardOrder) =>
  STEPS.every((step) => {
    const left = a[step.id] ?? [];
    const right = b[step.id] ?? [];
    return left.length === right.length && left.every((id, index) => right[index] === id);
  });

/** The storage key carries the format's version: a later format takes a new key and ignores this one. */
export const BOARD_STORAGE_KEY = 'atrium.processes.360-review.v1';

const isIdList = (list: unknown): list is string[] =>
  Array.isArray(list) && list.every((id) => typeof id === 'string');

/**
 * An order read back from storage, only when it still fits the board: every step and no other, and each
 * card exactly once. Anything else (edited by hand, from an older board) gives null.
 */
function fittingOrder(value: unknown): BoardOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const order = value as Record<string, unknown>;
  if (Object.keys(order).length !== STEPS.length || !STEPS.every((step) => isIdList(order[step.id])))
    return null;
  const cards = STEPS.flatMap((step) => order[step.id] as string[]);
  const fits =
    cards.length === CARDS.size && new Set(cards).size === CARDS.size && cards.every((id) => CARDS.has(id));
  return fits ? (order as BoardOrder) : null;
}

/** The order kept in the browser, or the default one when none is kept or what is kept does not fit. */
export function loadOrder(): BoardOrder {
  try {
    const stored = localStorage.getItem(BOARD_STORAGE_KEY);
    return (stored === null ? null : fittingOrder(JSON.parse(stored))) ?? DEFAULT_ORDER;
  } catch {
    // Storage turned off, or not JSON: the board starts as it was made.
    return DEFAULT_ORDER;
  }
}

/** Keeps `order` in the browser; the default order is kept as no entry at all. */
export function saveOrder(order: BoardOrder) {
  try {
    if (sameOrder(order, DEFAULT_ORDER)) localStorage.removeItem(BOARD_STORAGE_KEY);
    else localStorage.setItem(BOARD_STORAGE_KEY, JSON.stringify(order));
  } catch {
    // Storage full or turned off: the order still holds until the page is left.
  }
}
