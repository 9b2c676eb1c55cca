import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The profile that opens beside the people list (and wherever a colleague's name is clicked). */
export const profilePanel = (page: Page) => page.getByRole('region', { name: 'Profile' });

/**
 * Waits for the profile's tabs. A journey beside the rest of the suite (the XSS one loads four people's
 * pages at once) can take longer than the usual ten seconds; failing, it says what the panel showed.
 */
async function tabsShown(panel: Locator) {
  try {
    await expect.poll(() => panel.getByRole('tab').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  } catch (error) {
    const shown = await panel.innerText({ timeout: 1_000 }).catch(() => '(no panel)');
    throw new Error(`The profile panel showed no tabs, only: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** The buttons that move the tab carousel one window back and forward. */
const carousel = (panel: Locator) => ({
  previous: panel.getByRole('button', { name: 'Previous tabs' }),
  next: panel.getByRole('button', { name: 'Next tabs' }),
});

/**
 * Opens a tab as a user would: the carousel moved back to its first tabs, then forward until the tab
 * shows. Walked again while the tabs may still grow (the form's configuration arrives after the
 * sections).
 */
export async function openTab(panel: Locator, name: string) {
  const tab = panel.getByRole('tab', { name, exact: true });
  const { previous, next } = carousel(panel);
  await tabsShown(panel);
  await expect
    .poll(
      async () => {
        if (await tab.isVisible()) return true;
        if ((await next.count()) === 0) return false;
        while (await previous.isEnabled()) await previous.click();
        while (!(await tab.isVisible()) && (await next.isEnabled())) await next.click();
        return tab.isVisible();
      },
      { message: `No tab '${name}' in the profile` },
    )
    .toBe(true);
  await tab.click();
}

/**
 * Every tab of the carousel, its windows walked from the first to the last. With `visit`, each tab is
 * opened as it first shows and `visit` is called with its name.
 */
export async function everyTab(panel: Locator, visit?: (name: string) => Promise<void>) {
  await tabsShown(panel);
  const { previous, next } = carousel(panel);
  const scrolls = (await next.count()) > 0;
  while (scrolls && (await previous.isEnabled())) await previous.click();
  const names = new Set<string>();
  for (;;) {
    for (const name of await panel.getByRole('tab').allTextContents()) {
      if (names.has(name)) continue;
      names.add(name);
      if (!visit) continue;
      await panel.getByRole('tab', { name, exact: true }).click();
      await visit(name);
    }
    if (!scrolls || !(await next.isEnabled())) break;
    await next.click();
  }
  return [...names];
}
