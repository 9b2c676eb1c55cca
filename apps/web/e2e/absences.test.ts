import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { openTab, profilePanel } from './profile-panel';

const demo = setUpDemoPortal();

/** Visiting /login signed out asks for the session once and gets a 401; nothing else may fail. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('401'));

async function signedIn(email: string) {
  const context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await logIn(page, demo.portal, email);
  return { context, page, errors };
}

const visible = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(true);

/** The step id in the /tasks?taskId= link of the last task mail to `to` sent after `since`. */
async function stepMailedTo(to: string, since: number) {
  const idIn = () => {
    const links = demo.portal.smtp.mails
      .slice(since)
      .filter((each) => each.to.includes(to))
      .map((each) => /\/tasks\?taskId=(\d+)/.exec(each.body)?.[1])
      .filter((id) => id !== undefined);
    return Number(links.at(-1));
  };
  await expect.poll(idIn).toBeGreaterThan(0);
  return idIn();
}

// The week of Christmas ahead: Monday 21 to Sunday 27 December, with the 24th, 25th and 26th public
// holidays in the demo company, so the vacation counts 4 days.
const today = new Date();
const year =
  today.getUTCMonth() === 11 && today.getUTCDate() > 14 ? today.getUTCFullYear() + 1 : today.getUTCFullYear();
const monday = new Date(Date.UTC(year, 11, 21));
while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() - 1);
const sunday = new Date(monday.getTime() + 6 * 86_400_000);
const typed = (day: Date) =>
  `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${day.getUTCFullYear()}`;
const holidaysIn = [24, 25, 26].filter((day) => {
  const date = Date.UTC(year, 11, day);
  return date >= monday.getTime() && date <= sunday.getTime();
}).length;

it('the employee asks for a vacation over Christmas and sees holidays left out; the manager and HR approve; the bar is on the calendar and the balance drops', async () => {
  const employee = await signedIn('employee@demo.test');
  const { page } = employee;

  await page.goto(`${demo.portal.url}/tasks`);
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'Vacation' }).click();
  const modal = page.getByRole('dialog', { name: 'Vacation' });
  const from = modal.getByRole('textbox', { name: 'Start date' });
  await visible(from);
  await from.fill(typed(monday));
  await from.press('Tab');
  const to = modal.getByRole('textbox', { name: 'End date' });
  await to.fill(typed(sunday));
  await to.press('Tab');
  const count = modal.getByRole('textbox', { name: 'Number of days' });
  await expect.poll(() => count.inputValue()).toBe(String(7 - holidaysIn));
  await page.screenshot({ path: `${SHOTS}/absences-vacation-form-1440.png`, fullPage: true });

  const mailsBefore = demo.portal.smtp.mails.length;
  await modal.getByRole('button', { name: 'Send request' }).click();
  await page.waitForURL(/[?&]taskId=\d+/);
  expect(new URL(page.url()).searchParams.get('view')).toBe('creator');

  // Maya approves, then Helen (Emil's HR business partner) approves.
  const manager = await signedIn('manager@demo.test');
  await manager.page.goto(
    `${demo.portal.url}/tasks?taskId=${await stepMailedTo('manager@demo.test', mailsBefore)}`,
  );
  const hrMailsFrom = demo.portal.smtp.mails.length;
  await manager.page
    .getByRole('dialog', { name: /Vacation/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  const hr = await signedIn('hr@demo.test');
  await hr.page.goto(`${demo.portal.url}/tasks?taskId=${await stepMailedTo('hr@demo.test', hrMailsFrom)}`);
  const hrDetail = hr.page.getByRole('dialog', { name: /Vacation/ });
  await hrDetail.getByRole('button', { name: 'Approve' }).click();
  await visible(hrDetail.getByText('Approved by Helen Ross', { exact: false }));

  // The company calendar shows Emil away that week.
  await hr.page.goto(`${demo.portal.url}/calendar/vacations?view=month&date=${year}-12-01`);
  await visible(hr.page.getByText('Emil Novak').first());
  await hr.page.screenshot({ path: `${SHOTS}/absences-calendar-1440.png`, fullPage: true });

  // Emil's Events tab: the days are written off.
  await page.goto(`${demo.portal.url}/people`);
  await page.getByRole('button', { name: /^Emil Novak/ }).click();
  await page
    .getByRole('dialog', { name: /profile settings/i })
    .getByRole('link', { name: 'My Profile' })
    .click();
  const panel = profilePanel(page);
  await openTab(panel, 'Events');
  const history = panel.getByRole('table', { name: 'Vacation history' });
  await visible(history.getByRole('row', { name: /Vacation/ }).first());
  expect(
    await history
      .getByRole('row', { name: /Vacation/ })
      .first()
      .textContent(),
  ).toContain(`${7 - holidaysIn} days`);
  await page.screenshot({ path: `${SHOTS}/absences-events-1440.png`, fullPage: true });

  for (const each of [employee, manager, hr]) {
    expect(unexpected(each.errors)).toEqual([]);
    await each.context.close();
  }
});
