import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { noHorizontalOverflow, settle } from './screen';

const demo = setUpDemoPortal();

const visible = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(true);

async function signedIn(width: number) {
  const page = await demo.browser.newPage({ viewport: { width, height: width > 500 ? 900 : 812 } });
  const errors = watchErrors(page);
  await logIn(page, demo.portal, 'employee@demo.test');
  return { page, errors };
}

const step = (page: Page, name: string) => page.getByRole('region', { name });
const STEP_1 = 'Step 1: Kick-off';
const STEP_2 = 'Step 2: Define competencies';
/** What the board last told the screen reader. */
const announcement = (page: Page) => page.locator('[id^="DndLiveRegion"]').textContent();

it('moves a card of the 360 Review board to the next step with the keyboard only, and a reload keeps it there', async () => {
  const { page, errors } = await signedIn(1440);
  await page.goto(`${demo.portal.url}/new-workflow`);
  await visible(page.getByRole('heading', { level: 1, name: '360 Review' }));
  const workflows = page.getByRole('navigation', { name: 'Workflows' });
  expect(await workflows.getByRole('link', { name: 'New workflow' }).getAttribute('aria-current')).toBe(
    'page',
  );
  expect(await page.getByRole('region', { name: '360 Review board' }).getByRole('heading').count()).toBe(23);
  await page.screenshot({ path: `${SHOTS}/new-workflow-1440.png` });

  const handle = step(page, STEP_1).getByRole('button', { name: 'Move Card 1.1' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => announcement(page)).toMatch(/^Picked up Card 1.1 in Step 1: Kick-off/);
  await page.keyboard.press('ArrowRight');
  await visible(step(page, STEP_2).getByRole('button', { name: 'Move Card 1.1' }));
  await page.screenshot({ path: `${SHOTS}/new-workflow-moving-1440.png` });
  await page.keyboard.press('Space');
  await expect.poll(() => announcement(page)).toMatch(/^Card 1.1 was dropped in Step 2: Define competencies/);
  expect(await step(page, STEP_1).getByRole('button', { name: 'Move Card 1.1' }).count()).toBe(0);

  await page.reload();
  await visible(step(page, STEP_2).getByRole('button', { name: 'Move Card 1.1' }));
  expect(await step(page, STEP_1).getByRole('listitem').allTextContents()).toEqual(['Card 1.2', 'Card 1.3']);

  // "Reset board" puts the card back, and that too outlasts a reload.
  await page.getByRole('button', { name: 'Reset board' }).click();
  await visible(step(page, STEP_1).getByRole('button', { name: 'Move Card 1.1' }));
  await page.reload();
  await visible(step(page, STEP_1).getByRole('button', { name: 'Move Card 1.1' }));
  expect(await noHorizontalOverflow(page)).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});

it('moves a card to another step with the mouse', async () => {
  const { page, errors } = await signedIn(1440);
  await page.goto(`${demo.portal.url}/new-workflow`);
  const handle = step(page, STEP_1).getByRole('button', { name: 'Move Card 1.3' });
  const target = step(page, STEP_2).getByRole('listitem').first();
  await visible(handle);

  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('The board is not laid out.');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // In small steps, as a hand moves: the drag starts after a few pixels and follows the pointer.
  await page.mouse.move(to.x + 40, to.y + 10, { steps: 20 });
  await page.mouse.up();

  await visible(step(page, STEP_2).getByRole('button', { name: 'Move Card 1.3' }));
  expect(await step(page, STEP_2).getByRole('listitem').allTextContents()).toEqual([
    'Card 1.3',
    'Card 2.1',
    'Card 2.2',
  ]);
  expect(errors).toEqual([]);
  await page.close();
});

it('follows the knowledge base test link "+ NEW (test)" to the page saying the knowledge base is coming', async () => {
  const { page, errors } = await signedIn(1440);
  await page.goto(`${demo.portal.url}/knowledge-base`);
  await page.getByRole('link', { name: '+ NEW (test)' }).click();

  await page.waitForURL('**/knowledge-base/new-1');
  await visible(page.getByText('The knowledge base is coming'));
  await page.screenshot({ path: `${SHOTS}/knowledge-base-new-1-1440.png` });
  expect(errors).toEqual([]);
  await page.close();
});

it('fits a phone: the board scrolls sideways within the page, and the knowledge base page fits', async () => {
  const { page, errors } = await signedIn(375);
  await page.goto(`${demo.portal.url}/new-workflow`);
  await visible(step(page, STEP_1).getByRole('button', { name: 'Move Card 1.1' }));
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/new-workflow-375.png`, fullPage: true });
  expect(await noHorizontalOverflow(page)).toBe(true);

  await page.goto(`${demo.portal.url}/knowledge-base/new-1`);
  await visible(page.getByText('The knowledge base is coming'));
  await page.screenshot({ path: `${SHOTS}/knowledge-base-new-1-375.png` });
  expect(await noHorizontalOverflow(page)).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
