import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { openTab, profilePanel } from './profile-panel';
import { settle } from './screen';

const demo = setUpDemoPortal();

/** Edits one field group: Edit, fill the text fields, Save, and wait for the read-only view. */
async function editGroup(panel: Locator, tab: string, values: Record<string, string>) {
  await openTab(panel, tab);
  await panel.getByRole('button', { name: 'Edit' }).click();
  for (const [label, value] of Object.entries(values)) {
    await panel.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => panel.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
}

/** Opens one's own profile as the settings panel's 'My Profile' does; gives its id. */
async function openOwnProfile(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await page
    .getByRole('dialog', { name: /profile settings/i })
    .getByRole('link', { name: 'My Profile' })
    .click();
  await page.waitForURL(/\/people\?profile=\d+/);
  await expect.poll(() => profilePanel(page).getByRole('heading', { name }).isVisible()).toBe(true);
  return Number(new URL(page.url()).searchParams.get('profile'));
}

/** Visiting /login signed out asks for the session once and gets a 401; nothing else may fail. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('401'));

describe('profiles', () => {
  let emilId: number;

  it('an employee edits About and Telegram on their own profile, and finds them after a reload', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, demo.portal, 'employee@demo.test');
    emilId = await openOwnProfile(page, 'Emil Novak');
    const panel = profilePanel(page);

    const about = 'Backend engineer. I look after the search and the build pipeline.';
    await editGroup(panel, 'Personal', { 'About me': about });
    await editGroup(panel, 'Social networks', { Telegram: 'emil_novak' });

    await page.reload();
    await expect.poll(() => panel.getByText(about).isVisible()).toBe(true);
    await openTab(panel, 'Social networks');
    await expect.poll(() => panel.getByRole('tabpanel').getByText('emil_novak').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('the employee uploads a photo, and the header shows it', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, demo.portal, 'employee@demo.test');
    await openOwnProfile(page, 'Emil Novak');
    const photo = await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r: 76, g: 110, b: 245 } },
    })
      .png()
      .toBuffer();

    const panel = profilePanel(page);
    const pickPhoto = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await panel.getByRole('button', { name: 'Change photo' }).click();
      await (await chooser).setFiles(file);
    };

    await pickPhoto({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Image file is not valid');
    await page.screenshot({ path: `${SHOTS}/profile-photo-refused-1440.png` });

    await pickPhoto({ name: 'emil.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);

    const headerPicture = page
      .getByRole('banner')
      .getByRole('button', { name: /^Emil Novak/ })
      .locator('img');
    await expect
      .poll(() => headerPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = await headerPicture.getAttribute('src');
    expect(src).toMatch(new RegExp(`^/api/users/${emilId}/avatar/\\?v=`));
    expect(unexpected(errors)).toEqual([]);

    // Opened in a tab of its own, the picture is shown by the browser's image viewer, whose inline styles
    // the API's policy lets through (decision 0032): the picture shown, and no violation.
    const viewerErrors = watchErrors(page);
    await page.goto(`${demo.portal.url}${src}`);
    const shownWidth = await page.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(shownWidth).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/profile-photo-own-tab.png` });
    expect(viewerErrors).toEqual([]);
    await page.close();
  });

  it('shows the panel at half and at full width', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, demo.portal, 'employee@demo.test');
    await openOwnProfile(page, 'Emil Novak');
    const panel = profilePanel(page);
    await expect.poll(() => panel.getByRole('tab', { name: 'General' }).isVisible()).toBe(true);

    await settle(page);
    await page.screenshot({ path: `${SHOTS}/profile-half-1440.png` });
    await openTab(panel, 'Personal');
    await panel.getByRole('button', { name: 'Edit' }).click();
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/profile-edit-half-1440.png` });
    await panel.getByRole('button', { name: 'Cancel' }).click();

    await panel.getByRole('button', { name: 'Full width' }).click();
    await expect.poll(() => panel.getByRole('button', { name: 'Half width' }).isVisible()).toBe(true);
    await openTab(panel, 'General');
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/profile-full-1440.png` });
    await openTab(panel, 'Personal');
    await panel.getByRole('button', { name: 'Edit' }).click();
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/profile-edit-full-1440.png` });
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('HR edits the employee’s nickname, then creates a user and lands on the new profile', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, demo.portal, 'hr@demo.test');
    await page.goto(`${demo.portal.url}/people?profile=${emilId}`);
    const panel = profilePanel(page);
    await expect.poll(() => panel.getByRole('heading', { name: 'Emil Novak' }).isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Change photo' }).isEnabled()).toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/profile-hr-half-1440.png` });

    await editGroup(panel, 'General', { Nickname: 'Em' });
    await expect
      .poll(() => panel.getByRole('tabpanel').getByText('Em', { exact: true }).isVisible())
      .toBe(true);

    await page.goto(`${demo.portal.url}/people?profile=_new_`);
    await expect.poll(() => panel.getByRole('heading', { name: 'New user' }).isVisible()).toBe(true);
    await panel.getByRole('textbox', { name: 'First name', exact: true }).fill('Lena');
    await panel.getByRole('textbox', { name: 'Last name', exact: true }).fill('Vogel');
    await panel.getByRole('textbox', { name: 'E-mail', exact: true }).fill('lena.vogel@demo.test');
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/user-create-1440.png` });
    await panel.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/people\?profile=\d+/);
    expect(Number(new URL(page.url()).searchParams.get('profile'))).toBeGreaterThan(emilId);
    await expect.poll(() => panel.getByRole('heading', { name: 'Lena Vogel' }).isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
