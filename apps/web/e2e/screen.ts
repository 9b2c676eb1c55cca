import type { Page } from 'playwright-core';

/** Widgets slide and modals fade for 200 ms; a screenshot waits until they have settled. */
export const settle = (page: Page) => page.waitForTimeout(400);

/** True when nothing on the page is wider than the window. */
export const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
