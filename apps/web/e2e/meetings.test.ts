import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { noHorizontalOverflow, settle } from './screen';

const demo = setUpDemoPortal();

/**
 * A zone in which it is now about noon, for the browsers of this journey: the meeting made "later today"
 * then lies inside the widget's 08:00–20:00 whenever the journey runs. Etc/GMT-N is N hours ahead of UTC.
 */
function noonZone(now = new Date()) {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const timezoneId = noonZone();

/** yyyy-mm-dd and the hour of now in `timezoneId`. */
function localNow() {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezoneId,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

async function signedIn(email: string) {
  const context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await logIn(page, demo.portal, email);
  return { context, page, errors };
}

const visible = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(true);

/** Picks a colleague in the form's user picker by typing part of the name. */
async function pickAttendee(dialog: Locator, page: Page, text: string, name: RegExp) {
  await dialog.getByRole('combobox', { name: 'Attendees' }).fill(text);
  await page.getByRole('option', { name }).click();
  await visible(dialog.getByRole('list', { name: 'Chosen attendees' }).getByText(name));
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

it('the manager creates a meeting today with two colleagues, sees it in the day view and the home widget, and an attendee sees it too', async () => {
  const title = 'Roadmap sync';
  const { day, hour } = localNow();
  const manager = await signedIn('manager@demo.test');
  const { page } = manager;
  const calendarWidget = page.getByRole('region', { name: 'Calendar' });
  await visible(calendarWidget.getByText(/\d+ meetings today/));

  // From the company calendar to its day view: the user's meetings from today on.
  await page.goto(`${demo.portal.url}/calendar/vacations`);
  await visible(page.getByRole('link', { name: 'Meetings' }));
  await page.screenshot({ path: `${SHOTS}/meetings-calendar-entry-1440.png` });
  await page.getByRole('link', { name: 'Meetings' }).click();
  await page.waitForURL(/view=day/);
  expect(new URL(page.url()).searchParams.get('date')).toBe(day);
  const today = page.getByRole('region', { name: /, \d\d\.\d\d\.\d{4}/ }).first();
  await visible(today);

  await page.getByRole('button', { name: 'Create event +' }).click();
  const form = page.getByRole('dialog', { name: 'Create event' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  expect(await form.getByRole('textbox', { name: 'Date' }).inputValue()).toBe(
    day.split('-').reverse().join('.'),
  );
  await form.getByRole('textbox', { name: 'Start', exact: true }).fill(hh(hour + 1));
  await form.getByRole('textbox', { name: 'End', exact: true }).fill(hh(hour + 2));
  await form.getByRole('textbox', { name: 'Link' }).fill('https://meet.example.com/roadmap');
  await pickAttendee(form, page, 'Emil', /Emil Novak/);
  await pickAttendee(form, page, 'Helen', /Helen Ross/);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/meetings-create-form-1440.png` });
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect.poll(() => form.isVisible()).toBe(false);

  const card = page.getByRole('article', { name: title });
  await visible(card);
  expect(await card.getByText('3 attendees').isVisible()).toBe(true);
  expect(await card.getByText(/start in \d+ minutes?/).isVisible()).toBe(true);
  expect(await card.getByRole('button', { name: 'Edit event' }).isVisible()).toBe(true);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/meetings-day-view-1440.png`, fullPage: true });

  await page.goto(`${demo.portal.url}/`);
  const block = calendarWidget.getByRole('article', { name: title });
  await visible(block);
  expect(await block.textContent()).toContain(`${hh(hour + 1)} - ${hh(hour + 2)} · 1 h`);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/meetings-widget-1440.png` });
  // A block leads to the day view of today.
  await block.getByRole('link').click();
  await page.waitForURL(/view=day/);
  await visible(page.getByRole('article', { name: title }));

  // The same screens on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await settle(page);
  expect(await noHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/meetings-day-view-375.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create event +' }).click();
  await visible(form);
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/meetings-create-form-375.png` });
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Month' }).click();
  await visible(page.getByRole('link', { name: 'Meetings' }));
  expect(await noHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/meetings-calendar-entry-375.png` });
  await page.goto(`${demo.portal.url}/`);
  await visible(calendarWidget.getByRole('article', { name: title }));
  // On a phone the widgets are sheets, the people list on top: close it to see the calendar.
  await page.getByRole('region', { name: 'Peoples' }).getByRole('button', { name: 'Close' }).click();
  await settle(page);
  expect(await noHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/meetings-widget-375.png` });

  // Emil, invited, sees it in his widget and in his day view, without the organizer's controls.
  const employee = await signedIn('employee@demo.test');
  const emilsWidget = employee.page.getByRole('region', { name: 'Calendar' });
  await visible(emilsWidget.getByRole('article', { name: title }));
  await employee.page.goto(`${demo.portal.url}/calendar/vacations?view=day&date=${day}`);
  const emilsCard = employee.page.getByRole('article', { name: title });
  await visible(emilsCard);
  expect(await emilsCard.getByText('3 attendees').isVisible()).toBe(true);
  expect(await emilsCard.getByRole('button', { name: 'Edit event' }).count()).toBe(0);
  await settle(employee.page);
  await employee.page.screenshot({ path: `${SHOTS}/meetings-attendee-day-view-1440.png`, fullPage: true });

  for (const each of [manager, employee]) {
    expect(each.errors).toEqual([]);
    await each.context.close();
  }
});
