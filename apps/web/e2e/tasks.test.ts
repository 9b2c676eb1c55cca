import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { noHorizontalOverflow } from './screen';

const demo = setUpDemoPortal();

/** Visiting /login signed out asks for the session once and gets a 401; nothing else may fail. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('401'));

/** A browser context of its own (its own cookies), signed in as `email`. */
async function signedIn(email: string, width = 1440, height = 900) {
  const context = await demo.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await logIn(page, demo.portal, email);
  return { context, page, errors };
}

const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);

/** The id in the /tasks?taskId= link of the last notification mail to `to` sent after `since`. */
function taskLinkIn(to: string, since: number) {
  const mail = demo.portal.smtp.mails.slice(since).findLast((each) => each.to.includes(to));
  const id = mail && /\/tasks\?taskId=(\d+)/.exec(mail.body)?.[1];
  if (!id) throw new Error(`no task mail to ${to}`);
  return Number(id);
}

/** A small but real PDF: its bytes start as a PDF's do, which is what the server checks. */
const QUOTE = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

it('the employee files a factory request with a conditional field and a file; the manager and HR approve it; the employee sees it completed and was notified', async () => {
  const employee = await signedIn('employee@demo.test');
  const { page } = employee;

  // The employee starts an equipment request from the New request menu.
  await page.goto(`${demo.portal.url}/tasks`);
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'Equipment request' }).click();
  const modal = page.getByRole('dialog', { name: 'Equipment request' });
  await visible(modal.getByRole('button', { name: 'Send request' }));

  // The conditional field shows only once the equipment is 'Other'.
  const other = modal.getByRole('textbox', { name: 'What do you need?' });
  expect(await other.count()).toBe(0);
  await modal.getByRole('combobox', { name: 'Equipment' }).click();
  await page.getByRole('option', { name: 'Other', exact: true }).click();
  await visible(other);
  await other.fill('A docking station with two DisplayPort outputs');
  await modal
    .getByRole('textbox', { name: 'Reason' })
    .fill('My laptop has one video output; I work on two screens.');
  const neededBy = new Date(Date.now() + 14 * 86_400_000);
  const typed = `${String(neededBy.getUTCDate()).padStart(2, '0')}.${String(neededBy.getUTCMonth() + 1).padStart(2, '0')}.${neededBy.getUTCFullYear()}`;
  await modal.getByRole('textbox', { name: 'Needed by' }).fill(typed);
  await modal.getByRole('textbox', { name: 'Needed by' }).press('Tab');
  await modal
    .locator('input[type="file"]')
    .setInputFiles({ name: 'dock-quote.pdf', mimeType: 'application/pdf', buffer: QUOTE });
  await page.screenshot({ path: `${SHOTS}/tasks-new-request-1440.png`, fullPage: true });

  const mailsBefore = demo.portal.smtp.mails.length;
  await modal.getByRole('button', { name: 'Send request' }).click();
  // After 200 ms the modal closes and the page shows the new request's detail.
  await page.waitForURL(/[?&]taskId=\d+/);
  const requestId = Number(new URL(page.url()).searchParams.get('taskId'));
  const detail = page.getByRole('dialog', { name: /Equipment request/ });
  await visible(detail.getByText('A docking station with two DisplayPort outputs'));
  await visible(detail.getByRole('link', { name: /dock-quote\.pdf/ }));

  // The manager got a mail with a link to their step and finds it in their exec view.
  const managerStep = await expect
    .poll(() => taskLinkIn('manager@demo.test', mailsBefore), { timeout: 10_000 })
    .toBeGreaterThan(0)
    .then(() => taskLinkIn('manager@demo.test', mailsBefore));
  const manager = await signedIn('manager@demo.test');
  await manager.page.goto(`${demo.portal.url}/tasks`);
  const row = manager.page.locator(`a[href*="taskId=${managerStep}"]`);
  await visible(row);
  await manager.page.screenshot({ path: `${SHOTS}/tasks-list-1440.png`, fullPage: true });
  await row.click();
  const managerDetail = manager.page.getByRole('dialog', { name: /Equipment request/ });
  await visible(managerDetail.getByRole('button', { name: 'Approve' }));
  await manager.page.screenshot({ path: `${SHOTS}/tasks-detail-1440.png`, fullPage: true });
  const hrMailsFrom = demo.portal.smtp.mails.length;
  await managerDetail.getByRole('button', { name: 'Approve' }).click();
  await visible(managerDetail.getByText('Approved by Maya Chen', { exact: false }));

  // HR approves the last step from the link in their mail.
  await expect
    .poll(() => demo.portal.smtp.mails.slice(hrMailsFrom).some((mail) => mail.to.includes('hr@demo.test')), {
      timeout: 10_000,
    })
    .toBe(true);
  const hrStep = taskLinkIn('hr@demo.test', hrMailsFrom);
  const hr = await signedIn('hr@demo.test');
  await hr.page.goto(`${demo.portal.url}/tasks?taskId=${hrStep}`);
  const hrDetail = hr.page.getByRole('dialog', { name: /Equipment request/ });
  await hrDetail.getByRole('button', { name: 'Approve' }).click();
  await visible(hrDetail.getByText('Approved by Helen Ross', { exact: false }));

  // The employee was told: the bell counts it and names who approved; the list shows it completed.
  await detail.getByRole('button', { name: 'Close' }).click();
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await visible(bell);
  await bell.click();
  await visible(page.getByText('Helen Ross approved your request "Equipment request"'));
  expect(
    demo.portal.smtp.mails.some(
      (mail) =>
        mail.to.includes('employee@demo.test') &&
        mail.body.includes('Helen Ross approved your request "Equipment request"') &&
        mail.body.includes(`/tasks?taskId=${requestId}`),
    ),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await page.goto(`${demo.portal.url}/tasks?view=creator&status=completed`);
  await visible(page.locator(`a[href*="taskId=${requestId}"]`));
  await page.goto(`${demo.portal.url}/tasks?view=creator&status=completed&taskId=${requestId}`);
  const done = page.getByRole('dialog', { name: /Equipment request/ });
  await visible(done.getByText('Approved by Helen Ross', { exact: false }));
  await page.screenshot({ path: `${SHOTS}/tasks-completed-1440.png`, fullPage: true });

  for (const each of [employee, manager, hr]) {
    expect(unexpected(each.errors)).toEqual([]);
    await each.context.close();
  }
});

it('shows the task list and a detail on a phone', async () => {
  const manager = await signedIn('manager@demo.test', 375, 812);
  await manager.page.goto(`${demo.portal.url}/tasks`);
  await visible(manager.page.getByRole('list', { name: 'Tasks' }));
  // The five status tabs stay one row, which scrolls sideways, rather than wrapping under each other.
  const tabTops = await manager.page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(tabTops).toHaveLength(5);
  expect(new Set(tabTops).size).toBe(1);
  expect(await noHorizontalOverflow(manager.page)).toBe(true);
  await manager.page.screenshot({ path: `${SHOTS}/tasks-list-375.png`, fullPage: true });
  // A link to the last tab opens with that tab scrolled into the row.
  await manager.page.goto(`${demo.portal.url}/tasks?status=completed`);
  const completed = manager.page.getByRole('tab', { name: 'Completed', selected: true });
  await expect
    .poll(() => completed.evaluate((tab) => tab.getBoundingClientRect().right))
    .toBeLessThanOrEqual(375);
  await manager.page.goto(`${demo.portal.url}/tasks`);
  await visible(manager.page.getByRole('list', { name: 'Tasks' }));
  await manager.page.getByRole('list', { name: 'Tasks' }).getByRole('link').first().click();
  await visible(manager.page.getByRole('dialog'));
  await manager.page.screenshot({ path: `${SHOTS}/tasks-detail-375.png`, fullPage: true });
  expect(unexpected(manager.errors)).toEqual([]);
  await manager.context.close();
});
