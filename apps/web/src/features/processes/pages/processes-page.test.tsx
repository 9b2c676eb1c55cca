import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, json, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { BOARD_STORAGE_KEY, DEFAULT_ORDER, moveCard } from '../board';

const LOADED = { timeout: 3000 };

const signedIn = () => stubApi({ 'GET /api/auth/session/': () => json(200, aSession()) });

const workflows = () => screen.getByRole('navigation', { name: 'Workflows' });
const entryNames = () =>
  within(workflows())
    .queryAllByRole('link')
    .map((link) => link.textContent);
const board = () => screen.getByRole('region', { name: '360 Review board' });
const step = (label: string) => within(board()).getByRole('region', { name: label });
const cardsOf = (label: string) =>
  within(within(step(label)).getByRole('list'))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const stored = () => JSON.parse(localStorage.getItem(BOARD_STORAGE_KEY) ?? 'null');
/** What the board last told the screen reader. */
const announced = (text: string | RegExp) => screen.findByText(text, { selector: '[role="status"]' });

/**
 * jsdom lays out nothing, while dnd-kit moves cards by where they are on screen. This lays the board out
 * as a browser would, from the DOM as it stands: step n is a column 300 px wide from x = 300·(n-1), its
 * cards 80 px apart from y = 100. The copy that follows the keys starts where its card was picked up.
 */
function layOutBoard() {
  const rect = (left: number, top: number, width: number, height: number) => ({
    x: left,
    y: top,
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
    toJSON: () => ({}),
  });
  const columnOf = (element: Element) => {
    const column = element.closest('[data-board-step]');
    return column ? [...document.querySelectorAll('[data-board-step]')].indexOf(column) : -1;
  };
  const cardRect = (card: Element) => {
    const row = [...(card.parentElement?.children ?? [])].indexOf(card);
    return rect(columnOf(card) * 300, 100 + row * 80, 280, 70);
  };
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    // dnd-kit measures the overlay's only child where it has one: either may ask.
    const lifted = [this, this.firstElementChild]
      .find((element) => element?.hasAttribute('data-lifted-card'))
      ?.getAttribute('data-lifted-card');
    const original = lifted && document.querySelector(`li[data-board-card="${lifted}"]`);
    if (original) return cardRect(original) as DOMRect;
    if (this.matches('li[data-board-card]')) return cardRect(this) as DOMRect;
    if (this.matches('[data-board-step] ul')) {
      return rect(columnOf(this) * 300, 100, 280, Math.max(70, this.children.length * 80)) as DOMRect;
    }
    return rect(0, 0, 0, 0) as DOMRect;
  });
}

/** Waits for dnd-kit to listen for the keys that move a picked-up card (it starts on the next tick). */
const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the processes screen', { timeout: 20_000 }, () => {
  it('lists the four workflows and narrows them by name as one types', async () => {
    signedIn();
    const { user } = renderApp('/new-workflow');

    await screen.findByRole('heading', { level: 1, name: '360 Review' }, LOADED);
    expect(entryNames()).toEqual(['New document', 'New workflow', 'New form', 'New report']);

    const search = within(workflows()).getByRole('textbox', { name: 'Search workflows' });
    await user.type(search, 'RE');
    expect(entryNames()).toEqual(['New report']);

    await user.clear(search);
    await user.type(search, ' work ');
    expect(entryNames()).toEqual(['New workflow']);

    await user.type(search, 'x');
    expect(entryNames()).toEqual([]);
    expect(within(workflows()).getByText('No workflows match “work x”.')).toBeInTheDocument();

    await user.click(within(workflows()).getByRole('button', { name: 'Clear search' }));
    expect(entryNames()).toHaveLength(4);
  });

  it.each([
    ['/new-document', 'New document'],
    ['/new-workflow', 'New workflow'],
    ['/new-form', 'New form'],
    ['/new-report', 'New report'],
  ])('marks the entry of %s active', async (path, name) => {
    signedIn();
    renderApp(path);

    const entry = await within(
      await screen.findByRole('navigation', { name: 'Workflows' }, LOADED),
    ).findByRole('link', { name });
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(entry).toHaveAttribute('href', path);
    expect(
      within(workflows())
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toEqual([entry]);
  });

  it('says the other entries are coming, and opens the board from its entry', async () => {
    signedIn();
    const { user, router } = renderApp('/new-form');

    expect(await screen.findByRole('heading', { level: 1, name: 'New form' }, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '360 Review board' })).toBeNull();

    await user.click(within(workflows()).getByRole('link', { name: 'New workflow' }));

    expect(await screen.findByRole('heading', { level: 1, name: '360 Review' }, LOADED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/new-workflow');
  });
});

describe('the 360 Review board', { timeout: 20_000 }, () => {
  it('shows 23 steps, each with its placeholder cards', async () => {
    signedIn();
    renderApp('/new-workflow');

    await screen.findByRole('region', { name: '360 Review board' }, LOADED);
    const steps = within(board()).getAllByRole('region');
    expect(steps).toHaveLength(23);
    expect(steps[0]).toHaveAccessibleName('Step 1: Kick-off');
    expect(steps[22]).toHaveAccessibleName('Step 23: Retrospective');
    expect(cardsOf('Step 1: Kick-off')).toEqual(['Card 1.1', 'Card 1.2', 'Card 1.3']);
    expect(cardsOf('Step 2: Define competencies')).toEqual(['Card 2.1', 'Card 2.2']);
    expect(screen.getByRole('button', { name: 'Reset board' })).toBeDisabled();
  });

  it('moves a card down its step with the keyboard, and keeps the order', async () => {
    signedIn();
    layOutBoard();
    const { user } = renderApp('/new-workflow');

    const handle = await screen.findByRole('button', { name: 'Move Card 1.1' }, LOADED);
    handle.focus();
    await user.keyboard(' ');
    await announced('Picked up Card 1.1 in Step 1: Kick-off, position 1 of 3.');
    await nextTick();
    await user.keyboard('{ArrowDown}');
    await announced('Card 1.1 is now in Step 1: Kick-off, position 2 of 3.');
    await user.keyboard(' ');

    await announced('Card 1.1 was dropped in Step 1: Kick-off, position 2 of 3.');
    expect(cardsOf('Step 1: Kick-off')).toEqual(['Card 1.2', 'Card 1.1', 'Card 1.3']);
    expect(stored()['step-1']).toEqual(['card-1-2', 'card-1-1', 'card-1-3']);
  });

  it('moves a card to the next step with the keyboard, and keeps the order', async () => {
    signedIn();
    layOutBoard();
    const { user } = renderApp('/new-workflow');

    const handle = await screen.findByRole('button', { name: 'Move Card 1.2' }, LOADED);
    handle.focus();
    await user.keyboard(' ');
    await announced(/^Picked up Card 1.2/);
    await nextTick();
    await user.keyboard('{ArrowRight}');
    await announced('Card 1.2 is now in Step 2: Define competencies, position 2 of 3.');
    await user.keyboard(' ');

    await announced('Card 1.2 was dropped in Step 2: Define competencies, position 2 of 3.');
    expect(cardsOf('Step 1: Kick-off')).toEqual(['Card 1.1', 'Card 1.3']);
    expect(cardsOf('Step 2: Define competencies')).toEqual(['Card 2.1', 'Card 1.2', 'Card 2.2']);
    expect(stored()['step-2']).toEqual(['card-2-1', 'card-1-2', 'card-2-2']);
    expect(screen.getByRole('button', { name: 'Reset board' })).toBeEnabled();
  });

  it('puts a card back where it was when the move is cancelled with Escape', async () => {
    signedIn();
    layOutBoard();
    const { user } = renderApp('/new-workflow');

    const handle = await screen.findByRole('button', { name: 'Move Card 1.1' }, LOADED);
    handle.focus();
    await user.keyboard(' ');
    await announced(/^Picked up Card 1.1/);
    await nextTick();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(cardsOf('Step 2: Define competencies')).toContain('Card 1.1'));
    await user.keyboard('{Escape}');

    await announced('Moving was cancelled. Card 1.1 is back in Step 1: Kick-off, position 1 of 3.');
    expect(cardsOf('Step 1: Kick-off')).toEqual(['Card 1.1', 'Card 1.2', 'Card 1.3']);
    expect(localStorage.getItem(BOARD_STORAGE_KEY)).toBeNull();
  });

  it('opens with the order kept in the browser, and "Reset board" restores the default', async () => {
    localStorage.setItem(BOARD_STORAGE_KEY, JSON.stringify(moveCard(DEFAULT_ORDER, 'card-3-3', 'step-1', 0)));
    signedIn();
    const { user } = renderApp('/new-workflow');

    await screen.findByRole('region', { name: '360 Review board' }, LOADED);
    expect(cardsOf('Step 1: Kick-off')).toEqual(['Card 3.3', 'Card 1.1', 'Card 1.2', 'Card 1.3']);
    expect(cardsOf('Step 3: Choose reviewees')).toEqual(['Card 3.1', 'Card 3.2']);

    await user.click(screen.getByRole('button', { name: 'Reset board' }));

    expect(cardsOf('Step 1: Kick-off')).toEqual(['Card 1.1', 'Card 1.2', 'Card 1.3']);
    expect(cardsOf('Step 3: Choose reviewees')).toEqual(['Card 3.1', 'Card 3.2', 'Card 3.3']);
    expect(localStorage.getItem(BOARD_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('The board is back in its first order.')).toBeInTheDocument();
  });

  it('ignores a stored order it cannot use and shows the default one', async () => {
    localStorage.setItem(BOARD_STORAGE_KEY, '{"step-1": ["card-1-1"');
    signedIn();
    renderApp('/new-workflow');

    await screen.findByRole('region', { name: '360 Review board' }, LOADED);
    expect(cardsOf('Step 1: Kick-off')).toEqual(['Card 1.1', 'Card 1.2', 'Card 1.3']);
    expect(within(board()).getAllByRole('listitem')).toHaveLength(58);
  });
});
