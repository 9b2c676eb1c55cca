import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';
import { everyTab, openTab, profilePanel } from './profile-panel';
import { settle } from './screen';

const demo = setUpDemoPortal();

/** Visiting /login signed out asks for the session once and gets a 401; nothing else may fail. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('401'));

/** A browser context of its own (its own cookies), signed in as `email`. */
async function signedIn(email: string, width = 1440, height = 900) {
  const context = await demo.browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await logIn(page, demo.portal, email);
  return { context, page, errors };
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

/** A small but real PDF: its bytes start as a PDF's do, which is what the server checks. */
const OFFER = {
  name: 'offer-letter.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

/** A picture of a certificate: a real PNG, so that the thumbnail and the preview can show it. */
async function diploma() {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="340">
      <rect width="480" height="340" fill="#f8f9fa"/>
      <rect x="16" y="16" width="448" height="308" fill="none" stroke="#4c6ef5" stroke-width="6"/>
      <rect x="80" y="90" width="320" height="22" fill="#4c6ef5"/>
      <rect x="120" y="150" width="240" height="12" fill="#adb5bd"/>
      <rect x="140" y="180" width="200" height="12" fill="#adb5bd"/>
      <circle cx="240" cy="260" r="34" fill="#fab005"/>
    </svg>`,
  );
  return { name: 'diploma.png', mimeType: 'image/png', buffer: await sharp(svg).png().toBuffer() };
}

type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/** Picks a file in the document modal through the browser's file chooser. */
async function pickFile(page: Page, modal: Locator, file: PickedFile) {
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: /^(Choose|Replace) file$/ }).click();
  await (await chooser).setFiles(file);
}

/** Chooses an option of one of the modal's selects. */
async function choose(page: Page, modal: Locator, select: string, option: string) {
  await modal.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('documents', () => {
  let emilId: number;

  it('the employee uploads a PDF and a picture, renames one, downloads one and removes one', async () => {
    const { context, page, errors } = await signedIn('employee@demo.test');
    emilId = await openOwnProfile(page, 'Emil Novak');
    const panel = profilePanel(page);
    await openTab(panel, 'Documents');
    // The demo seed files a few documents of Emil's already.
    const rows = panel.getByRole('list', { name: 'Documents' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const seeded = await rows.count();

    // The PDF, filed as a contract scan.
    await panel.getByRole('button', { name: 'Upload' }).click();
    let modal = page.getByRole('dialog', { name: 'Upload document' });
    await modal.getByRole('textbox', { name: 'Title' }).fill('Signed offer letter');
    await choose(page, modal, 'Category', 'Contracts');
    await choose(page, modal, 'Type', 'Scan');
    await pickFile(page, modal, OFFER);
    await expect
      .poll(() => modal.getByRole('group', { name: 'Preview' }).textContent())
      .toContain(OFFER.name);
    await modal.getByRole('button', { name: 'Save' }).click();
    const offer = panel.getByRole('listitem', { name: 'Signed offer letter', exact: true });
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await offer.getByRole('img', { name: 'PDF' }).count()).toBe(1);

    // The picture, shown in the modal before it is saved.
    await panel.getByRole('button', { name: 'Upload' }).click();
    modal = page.getByRole('dialog', { name: 'Upload document' });
    await modal.getByRole('textbox', { name: 'Title' }).fill('Diploma');
    await choose(page, modal, 'Category', 'Certificates');
    await pickFile(page, modal, await diploma());
    const preview = modal.getByRole('img', { name: 'Preview of diploma.png' });
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/documents-modal-preview-1440.png` });
    await modal.getByRole('button', { name: 'Save' }).click();
    const picture = panel.getByRole('listitem', { name: 'Diploma', exact: true });
    await expect.poll(() => picture.isVisible()).toBe(true);
    // The list shows the picture itself, loaded from the stored file.
    const thumbnail = picture.locator('img');
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // A new title for the picture.
    await picture.getByRole('button', { name: 'Edit Diploma' }).click();
    modal = page.getByRole('dialog', { name: 'Edit document' });
    await modal.getByRole('textbox', { name: 'Title' }).fill('University diploma');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => panel.getByRole('listitem', { name: 'University diploma' }).isVisible())
      .toBe(true);
    expect(await panel.getByRole('listitem', { name: 'Diploma', exact: true }).count()).toBe(0);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/documents-tab-1440.png` });

    // The PDF downloads under its own name.
    const download = page.waitForEvent('download');
    await offer.getByRole('link', { name: 'Download Signed offer letter' }).click();
    expect((await download).suggestedFilename()).toBe(OFFER.name);

    // Removing asks first.
    await offer.getByRole('button', { name: 'Remove Signed offer letter' }).click();
    const confirm = page.getByRole('dialog');
    await expect
      .poll(() => confirm.textContent())
      .toContain('Are you sure you want to remove this document without being able to restore it?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => offer.count()).toBe(0);
    expect(await rows.count()).toBe(seeded + 1);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('the tab and the modal fit a phone', async () => {
    const { context, page, errors } = await signedIn('employee@demo.test', 375, 812);
    await page.goto(`${demo.portal.url}/people?profile=${emilId}`);
    const panel = profilePanel(page);
    await expect.poll(() => panel.getByRole('heading', { name: 'Emil Novak' }).isVisible()).toBe(true);
    await openTab(panel, 'Documents');
    await expect
      .poll(() => panel.getByRole('listitem', { name: 'University diploma' }).isVisible())
      .toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/documents-tab-375.png` });

    await panel.getByRole('button', { name: 'Edit University diploma' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit document' });
    const preview = modal.getByRole('img', { name: 'Preview of diploma.png' });
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/documents-modal-preview-375.png` });
    await modal.getByRole('button', { name: 'Cancel' }).click();

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("HR sees the employee's documents", async () => {
    const { context, page, errors } = await signedIn('hr@demo.test');
    await page.goto(`${demo.portal.url}/people?profile=${emilId}`);
    const panel = profilePanel(page);
    await expect.poll(() => panel.getByRole('heading', { name: 'Emil Novak' }).isVisible()).toBe(true);
    await openTab(panel, 'Documents');
    await expect
      .poll(() => panel.getByRole('listitem', { name: 'University diploma' }).isVisible())
      .toBe(true);
    expect(await panel.getByRole('button', { name: 'Upload' }).isVisible()).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("a colleague gets no Documents and asks the server for none on the employee's profile", async () => {
    const { context, page, errors } = await signedIn('editor@demo.test');
    const storageCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/storage/')) storageCalls.push(request.url());
    });
    await page.goto(`${demo.portal.url}/people?profile=${emilId}`);
    const panel = profilePanel(page);
    await expect.poll(() => panel.getByRole('heading', { name: 'Emil Novak' }).isVisible()).toBe(true);

    const tabs = await everyTab(panel);
    expect(tabs).toContain('Events');
    expect(tabs).not.toContain('Documents');
    expect(await panel.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    expect(await panel.getByRole('link', { name: /^Download / }).count()).toBe(0);
    // The profile and its tab have loaded by now; none of what they asked for was a storage call.
    await settle(page);
    expect(storageCalls).toEqual([]);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
