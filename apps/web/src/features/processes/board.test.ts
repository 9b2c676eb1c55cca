import { describe, expect, it } from 'vitest';
import {
  BOARD_STORAGE_KEY,
  CARDS,
  DEFAULT_ORDER,
  loadOrder,
  moveCard,
  placeOf,
  STEPS,
  sameOrder,
  saveOrder,
} from './board';

describe('the 360 Review board', () => {
  it('has 23 steps, each with a few placeholder cards, every card in exactly one step', () => {
    expect(STEPS).toHaveLength(23);
    expect(STEPS.map((step) => step.number)).toEqual(Array.from({ length: 23 }, (_, index) => index + 1));
    for (const step of STEPS) expect(DEFAULT_ORDER[step.id]?.length).toBeGreaterThanOrEqual(2);
    const placed = Object.values(DEFAULT_ORDER).flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed.length).toBe(CARDS.size);
  });

  it('moves a card within its step to the index it is given', () => {
    const moved = moveCard(DEFAULT_ORDER, 'card-1-1', 'step-1', 2);
    expect(moved['step-1']).toEqual(['card-1-2', 'card-1-3', 'card-1-1']);
    expect(moveCard(moved, 'card-1-1', 'step-1', 0)['step-1']).toEqual(['card-1-1', 'card-1-2', 'card-1-3']);
  });

  it('moves a card to another step, leaving the others where they were', () => {
    const moved = moveCard(DEFAULT_ORDER, 'card-1-2', 'step-2', 1);
    expect(moved['step-1']).toEqual(['card-1-1', 'card-1-3']);
    expect(moved['step-2']).toEqual(['card-2-1', 'card-1-2', 'card-2-2']);
    expect(moved['step-3']).toEqual(DEFAULT_ORDER['step-3']);
    expect(placeOf(moved, 'card-1-2')).toEqual({ step: STEPS[1], index: 1, count: 3 });
  });

  it('puts a card given an index past the end at the end of the step', () => {
    expect(moveCard(DEFAULT_ORDER, 'card-1-1', 'step-2', 99)['step-2']).toEqual([
      'card-2-1',
      'card-2-2',
      'card-1-1',
    ]);
  });
});

describe("the board's order in the browser", () => {
  it('reads back the order it kept', () => {
    const moved = moveCard(DEFAULT_ORDER, 'card-4-2', 'step-9', 0);
    saveOrder(moved);

    expect(JSON.parse(localStorage.getItem(BOARD_STORAGE_KEY) ?? 'null')['step-9'][0]).toBe('card-4-2');
    expect(sameOrder(loadOrder(), moved)).toBe(true);
  });

  it('keeps nothing for the default order, so that a reset leaves no entry behind', () => {
    saveOrder(moveCard(DEFAULT_ORDER, 'card-1-1', 'step-2', 0));
    saveOrder(DEFAULT_ORDER);

    expect(localStorage.getItem(BOARD_STORAGE_KEY)).toBeNull();
  });

  const withoutCard = Object.fromEntries(
    Object.entries(DEFAULT_ORDER).map(([step, cards]) => [step, cards.filter((id) => id !== 'card-5-1')]),
  );
  const { 'step-23': _lastStep, ...withoutStep } = DEFAULT_ORDER;

  it.each([
    ['text that is not JSON', '{"step-1": ['],
    ['JSON of another shape', '[1, 2, 3]'],
    ['a step holding something else than card ids', JSON.stringify({ ...DEFAULT_ORDER, 'step-1': [1, 2] })],
    ['a card missing', JSON.stringify(withoutCard)],
    [
      'a card twice',
      JSON.stringify({ ...DEFAULT_ORDER, 'step-2': [...(DEFAULT_ORDER['step-2'] ?? []), 'card-1-1'] }),
    ],
    [
      'an unknown card',
      JSON.stringify({ ...DEFAULT_ORDER, 'step-2': ['card-99-1', ...(DEFAULT_ORDER['step-2'] ?? [])] }),
    ],
    ['a step missing', JSON.stringify(withoutStep)],
    ['an unknown step', JSON.stringify({ ...DEFAULT_ORDER, 'step-24': [] })],
  ])('ignores stored %s and starts from the default order', (_what, stored) => {
    localStorage.setItem(BOARD_STORAGE_KEY, stored);

    expect(loadOrder()).toBe(DEFAULT_ORDER);
  });
});
