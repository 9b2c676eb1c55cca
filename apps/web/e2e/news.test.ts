import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { logIn, SHOTS, setUpDemoPortal, watchErrors } from './portal';

const demo = setUpDemoPortal();

/** Visiting /login signed out asks for the session once and gets a 401; nothing else may fail. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('401'));

/** A browser context of its own (its own cookies), signed in as `email`, on the feed. */
async function onTheFeed(email: string) {
  const context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await logIn(page, demo.portal, email);
  await page.goto(`${demo.portal.url}/news`);
  return { context, page, errors };
}

const TITLE = 'Team offsite in Lisbon';
const BODY = [
  'We meet in **Lisbon** from 12 to 14 May. The agenda:',
  '- planning for the next quarter\n- a workshop on the new demo.portal\n- a walk through the old town',
  'Travel is booked by the office; send your passport details by Friday.',
  'Hotel, meals and the boat trip are paid. Bring comfortable shoes and a light jacket: the evenings by the river are cool in May.',
  'A payload that must stay text: <img src=x onerror="window.hacked=1">',
].join('\n\n');

const postOn = (page: Page) => page.getByRole('article', { name: TITLE });
const commentBy = (post: Locator, name: string) => post.getByRole('article', { name: `Comment by ${name}` });
const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);

it('an editor publishes; an employee comments and a manager replies and likes, live for everyone; a copied link opens at its comment', async () => {
  const editor = await onTheFeed('editor@demo.test');
  const employee = await onTheFeed('employee@demo.test');

  // The editor writes a post with a cover.
  await editor.page.getByRole('link', { name: 'New post' }).click();
  await editor.page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await editor.page.getByRole('textbox', { name: 'Text' }).fill(BODY);
  const cover = await sharp({
    create: { width: 1200, height: 500, channels: 3, background: { r: 76, g: 110, b: 245 } },
  })
    .png()
    .toBuffer();
  const chooser = editor.page.waitForEvent('filechooser');
  await editor.page.getByRole('button', { name: 'Upload cover' }).click();
  await (await chooser).setFiles({ name: 'lisbon.png', mimeType: 'image/png', buffer: cover });
  await visible(editor.page.getByRole('img', { name: 'Cover preview' }));
  await editor.page.screenshot({ path: `${SHOTS}/news-editor-1440.png`, fullPage: true });
  await editor.page.getByRole('button', { name: 'Save' }).click();
  await editor.page.waitForURL(`${demo.portal.url}/news`);

  const editorPost = postOn(editor.page);
  await visible(editorPost);
  expect(await editor.page.getByRole('heading', { level: 2 }).first().textContent()).toBe(TITLE);
  expect(await editorPost.locator('strong', { hasText: 'Lisbon' }).count()).toBe(1);
  await visible(editorPost.getByText('<img src=x onerror="window.hacked=1">'));
  expect(await editor.page.evaluate(() => 'hacked' in window)).toBe(false);
  await expect
    .poll(() =>
      editorPost
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);

  // The employee's open feed shows the new post without a reload; they comment.
  const employeePost = postOn(employee.page);
  await visible(employeePost);
  await employeePost
    .getByRole('textbox', { name: 'Comment' })
    .fill('Count me in! Is there a vegetarian option?');
  await employeePost.getByRole('textbox', { name: 'Comment' }).press('Enter');
  await visible(commentBy(employeePost, 'Emil Novak'));
  await visible(commentBy(editorPost, 'Emil Novak').getByText('Count me in!', { exact: false }));

  // The manager answers the employee and likes the comment.
  const manager = await onTheFeed('manager@demo.test');
  const managerPost = postOn(manager.page);
  const emilsComment = commentBy(managerPost, 'Emil Novak');
  await visible(emilsComment);
  await emilsComment.getByRole('button', { name: 'Reply' }).click();
  const reply = managerPost.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Yes, there is one. See you there!');
  await reply.press('Enter');
  await emilsComment.getByRole('button', { name: 'Like' }).click();
  await visible(emilsComment.getByRole('button', { name: 'Like (1)' }));

  // The editor, who only watched, sees both.
  const mayasReply = commentBy(editorPost, 'Maya Chen');
  await visible(mayasReply.getByText('Yes, there is one. See you there!'));
  await visible(commentBy(editorPost, 'Emil Novak').getByRole('button', { name: 'Like (1)' }));
  await visible(editorPost.getByText('2 comments'));
  await editor.page.evaluate(() => window.scrollTo(0, 0));
  await editor.page.screenshot({ path: `${SHOTS}/news-feed-1440.png` });
  await mayasReply.scrollIntoViewIfNeeded();
  await editor.page.screenshot({ path: `${SHOTS}/news-thread-1440.png` });

  // The employee deletes their comment; the editor sees it go.
  await commentBy(employeePost, 'Emil Novak').getByRole('button', { name: 'Delete comment' }).click();
  await employee.page
    .getByRole('dialog', { name: 'Delete comment' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await visible(editorPost.getByText('Comment deleted by author'));
  await visible(editorPost.getByText('1 comment', { exact: true }));

  // The editor copies the link of Maya's reply; opened on a phone it scrolls there and highlights it.
  await editor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.portal.url });
  await mayasReply.getByRole('button', { name: 'Copy link' }).click();
  await visible(editor.page.getByText('Link copied!'));
  const link = await editor.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${demo.portal.url}/news\\?postId=\\d+&messageId=\\d+$`));

  const phone = await employee.context.newPage();
  const phoneErrors = watchErrors(phone);
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(link);
  const highlighted = phone.locator('article[data-highlighted]');
  await expect.poll(() => highlighted.count(), { timeout: 10_000 }).toBe(1);
  expect(await highlighted.getAttribute('aria-label')).toBe('Comment by Maya Chen');
  // The smooth scroll ends with the comment wholly in view, below the header.
  await expect
    .poll(
      () =>
        highlighted.evaluate((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return top >= 56 && bottom <= window.innerHeight;
        }),
      { timeout: 5_000 },
    )
    .toBe(true);
  // Lets the smooth scroll come to rest before the picture.
  await phone.waitForTimeout(400);
  await phone.screenshot({ path: `${SHOTS}/news-comment-link-375.png` });
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.screenshot({ path: `${SHOTS}/news-feed-375.png` });

  for (const errors of [editor.errors, employee.errors, manager.errors, phoneErrors]) {
    expect(unexpected(errors)).toEqual([]);
  }
  await Promise.all([editor.context.close(), employee.context.close(), manager.context.close()]);
});
