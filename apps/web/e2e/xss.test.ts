import {
  DOCUMENT_TITLE_MAX,
  MEETING_DESCRIPTION_MAX,
  MEETING_TITLE_MAX,
  MESSAGE_MAX,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  TASK_COMMENT_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_NAME_MAX,
} from '@atrium/contracts';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { setUpDemoPortal, watchErrors } from './portal';
import { everyTab, profilePanel } from './profile-panel';
import { describeHit, PAYLOADS, payloadText } from './xss-corpus';

const demo = setUpDemoPortal();

/** Every field a payload went into, by number (0 unused, so that every hit id has three digits or more). */
const fields: string[] = ['-'];
/** Numbers a new field and gives the payloads it stores. */
function field(name: string, maxLength?: number, separator?: string) {
  fields.push(name);
  const number = fields.length - 1;
  return { number, text: payloadText(number, maxLength, separator) };
}
/** Text of field `number`'s payloads as a page shows it: `xss(N..)` survives escaping and Markdown alike. */
const shownText = (number: number) => new RegExp(`xss\\(${number}\\d\\d\\)`);

/** What ran, opened a dialog, tripped the Content-Security-Policy or reached the DOM as markup. */
const findings: string[] = [];
/** Fields whose payload some page showed as text. */
const seen = new Set<number>();
/** Fields the portal keeps nowhere, so no page can show them (a meeting has no place: LOCATION is dropped). */
const dropped = new Set<number>();

const today = new Date().toISOString().slice(0, 10);
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

type Session = { context: BrowserContext; api: Api; userId: number; email: string };
type Api = ReturnType<typeof apiOf>;

/** The API as the signed-in browser context calls it: its cookies, the CSRF header on unsafe methods. */
function apiOf(request: APIRequestContext, context: BrowserContext) {
  const csrf = async () =>
    (await context.cookies(demo.portal.url)).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const check = async (what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const url = (path: string) => `${demo.portal.url}${path}`;
  return {
    get: async (path: string) => check(`GET ${path}`, await request.get(url(path))),
    send: async (method: 'POST' | 'PATCH', path: string, data: unknown) =>
      check(
        `${method} ${path}`,
        await request.fetch(url(path), { method, data, headers: { 'X-CSRFToken': await csrf() } }),
      ),
    upload: async (path: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
      check(
        `POST ${path}`,
        await request.post(url(path), { multipart: { file }, headers: { 'X-CSRFToken': await csrf() } }),
      ),
    /** The raw answer, for a refusal the test expects. */
    raw: async (method: 'POST' | 'PATCH', path: string, data: unknown) =>
      request.fetch(url(path), { method, data, headers: { 'X-CSRFToken': await csrf() } }),
  };
}

type CspReport = { directive: string; blocked: string; sample: string; source: string };

/**
 * A browser context signed in through the API (the code read from the caught mail), in which any run of
 * a payload is recorded: `__xss` in every frame, dialogs, and Content-Security-Policy violations. With
 * `withoutCsp` the browser ignores the page's policy, so that markup a payload slipped into the page
 * would really run: escaping, the first line, must then hold on its own.
 */
async function signedIn(email: string, withoutCsp = false): Promise<Session> {
  const context = await demo.browser.newContext({
    viewport: { width: 1440, height: 900 },
    timezoneId: 'UTC',
    bypassCSP: withoutCsp,
  });
  await context.exposeBinding('__xssHit', ({ frame }, id: number) => {
    findings.push(`ran ${describeHit(id, fields)} (${frame.url()})`);
  });
  await context.exposeBinding('__xssCsp', ({ frame }, report: CspReport) => {
    findings.push(`CSP violation: ${JSON.stringify(report)} (${frame.url()})`);
  });
  await context.addInitScript(() => {
    const page = window as unknown as Record<string, (arg: unknown) => void>;
    page.__xss = (id) => page.__xssHit?.(id);
    addEventListener(
      'securitypolicyviolation',
      (event) =>
        page.__xssCsp?.({
          directive: event.violatedDirective,
          blocked: event.blockedURI,
          sample: event.sample,
          source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        }),
      true,
    );
  });
  const request = context.request;
  const csrf = await request.get(`${demo.portal.url}/api/auth/csrf/`);
  const headers = { 'X-CSRFToken': ((await csrf.json()) as { csrftoken: string }).csrftoken };
  const since = demo.portal.smtp.mails.length;
  await request.post(`${demo.portal.url}/api/auth/request-code/`, { data: { email }, headers });
  const otp = await demo.portal.smtp.codeFor(email, since);
  const login = await request.post(`${demo.portal.url}/api/auth/check-code/`, {
    data: { email, otp },
    headers,
  });
  const { id } = (await login.json()) as { id: number };
  return { context, api: apiOf(request, context), userId: id, email };
}

/** A small but real PDF: its bytes start as a PDF's do, which is what the server checks. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Text in an .ics TEXT value: backslash, semicolon, comma and newline escaped (RFC 5545 §3.3.11). */
const icsText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

// What the stored payloads are reached by, filled in by the first test.
const stored = {
  emil: 0,
  post: 0,
  comment: 0,
  request: 0,
  managerStep: 0,
  document: { fileUrl: '', fileName: '' },
  taskFile: { id: 0, name: '' },
  meeting: '',
  imported: '',
};
/** The fields each page must show as text, so that a page cannot pass by rendering nothing. */
const show = {
  post: [] as number[],
  comments: [] as number[],
  task: [] as number[],
  taskName: 0,
  taskChat: 0,
  documentTitle: 0,
  meeting: [] as number[],
  imported: [] as number[],
};

let emil: Session;
let manager: Session;
let hr: Session;
let editor: Session;

beforeAll(async () => {
  // Emil's pages are seen without the CSP (a payload in the DOM would run), the manager's and HR's with it
  // (a payload in the DOM would be blocked and reported).
  [emil, manager, hr, editor] = await Promise.all([
    signedIn('employee@demo.test', true),
    signedIn('manager@demo.test'),
    signedIn('hr@demo.test'),
    signedIn('editor@demo.test'),
  ]);
});

it('stores the corpus through every free-text field the portal has', async () => {
  stored.emil = emil.userId;

  // Profile: every text and social field HR may edit, each filled up to its own limit.
  const form = (await hr.api.get(`/api/users/form-fields/?mode=hr`)) as {
    fields: { name: string; type: string; editable: boolean; max_len: number | null }[];
  };
  const profile: Record<string, string> = {};
  for (const each of form.fields) {
    const isText = ['string', 'text'].includes(each.type) || each.name.startsWith('social_');
    if (!each.editable || !isText || ['email', 'private_email', 'mobile_phone'].includes(each.name)) continue;
    const value = field(`profile ${each.name}`, each.max_len ?? 500);
    profile[each.name] = value.text;
  }
  expect(Object.keys(profile)).toEqual(expect.arrayContaining(['first_name', 'last_name', 'about_me']));
  await hr.api.send('PATCH', `/api/users/${emil.userId}/`, profile);

  // A post: its title, its Markdown body (all of the corpus, a payload per paragraph), a comment, a reply.
  const title = field('post title', POST_TITLE_MAX);
  const body = field('post body', POST_BODY_MAX, '\n\n');
  const post = (await editor.api.send('POST', '/api/posts/', { title: title.text, body: body.text })) as {
    id: number;
    chat: number;
  };
  show.post.push(title.number, body.number);
  stored.post = post.id;
  const comment = field('post comment', MESSAGE_MAX);
  const sent = (await emil.api.send('POST', `/api/chats/${post.chat}/chat_send_message/`, {
    message: comment.text,
  })) as { id: number };
  stored.comment = sent.id;
  const reply = field('post reply', MESSAGE_MAX);
  await manager.api.send('POST', `/api/chats/${post.chat}/chat_send_message/`, {
    message: reply.text,
    reply: sent.id,
  });
  show.comments.push(comment.number, reply.number);

  // A factory request with its text fields and a file whose name is a payload, renamed and described by
  // its creator, with a comment in its chat (which notifies the manager, whose bell shows the name).
  const fileName = `${field('request file name').text.replace(/[\\/]/g, '')}.pdf`;
  const file = (await emil.api.upload('/api/tasks/upload/', {
    name: fileName,
    mimeType: 'application/pdf',
    buffer: PDF,
  })) as { id: number; name: string };
  stored.taskFile = { id: file.id, name: file.name };
  const other = field('request equipment_other', 100);
  const reason = field('request reason', 1000);
  const created = (await emil.api.send('POST', '/api/tasks/factory/', {
    template: 'equipment_request',
    inputParams: {
      equipment: 'other',
      equipment_other: other.text,
      reason: reason.text,
      needed_by: inAWeek,
      quote: [file.id],
    },
  })) as { id: number; chat: number };
  stored.request = created.id;
  const name = field('request name', TASK_NAME_MAX);
  const description = field('request description', TASK_DESCRIPTION_MAX);
  await emil.api.send('PATCH', `/api/tasks/${created.id}/`, {
    name: name.text,
    description: description.text,
  });
  const chat = field('request comment', MESSAGE_MAX);
  await emil.api.send('POST', `/api/chats/${created.chat}/chat_send_message/`, { message: chat.text });
  show.task.push(other.number, reason.number, name.number, description.number);
  show.taskName = name.number;
  show.taskChat = chat.number;
  const steps = (await manager.api.get('/api/tasks/?view=exec')) as {
    results: { id: number; name: string }[];
  };
  const step = steps.results.find((each) => shownText(name.number).test(each.name));
  if (!step) throw new Error("The manager's step of the request is not in their tasks");
  stored.managerStep = step.id;
  // The manager approves their step with a comment, which the request's history shows.
  const decision = field('approval comment', TASK_COMMENT_MAX);
  await manager.api.send('POST', `/api/tasks/${step.id}/approve/`, { comment: decision.text });
  show.task.push(decision.number);

  // A document on Emil's profile: its title and its file's name.
  const docTitle = field('document title', DOCUMENT_TITLE_MAX);
  const doc = (await emil.api.send('POST', '/api/storage/', {
    title: docTitle.text,
    user_id: emil.userId,
  })) as { id: number };
  const docFileName = `${field('document file name').text.replace(/[\\/]/g, '')}.pdf`;
  const uploaded = (await emil.api.upload(`/api/storage/upload-file/${doc.id}/`, {
    name: docFileName,
    mimeType: 'application/pdf',
    buffer: PDF,
  })) as { file: string; file_name: string };
  stored.document = { fileUrl: uploaded.file, fileName: uploaded.file_name };
  show.documentTitle = docTitle.number;

  // A meeting today, made in the form's way: title, description, a guest's display name, a web link.
  const meetingTitle = field('meeting title', MEETING_TITLE_MAX);
  const meetingDescription = field('meeting description', MEETING_DESCRIPTION_MAX);
  const guest = field('meeting guest name', 200);
  const link = field('meeting link', 300);
  const attendees = [{ email: manager.email }, { email: 'guest@example.com', displayName: guest.text }];
  // Only http(s) links are taken: a javascript: one is refused.
  const refused = await emil.api.raw('POST', '/api/calendars/events/', {
    title: 'Refused',
    start: `${today}T12:00:00Z`,
    end: `${today}T13:00:00Z`,
    link: PAYLOADS.find((each) => each.name === 'bare javascript: URL')?.make(0),
  });
  expect(refused.status()).toBe(422);
  const meeting = (await emil.api.send('POST', '/api/calendars/events/', {
    title: meetingTitle.text,
    description: meetingDescription.text,
    start: `${today}T12:00:00Z`,
    end: `${today}T13:00:00Z`,
    link: `https://meet.example.com/room?q=${link.text}`,
    attendees,
    time_zone: 'UTC',
  })) as { uuid: string };
  stored.meeting = meeting.uuid;
  show.meeting.push(meetingTitle.number, meetingDescription.number, guest.number);

  // An .ics import: SUMMARY, DESCRIPTION, LOCATION, URL and an attendee's CN.
  const summary = field('ics SUMMARY', MEETING_TITLE_MAX);
  const icsDescription = field('ics DESCRIPTION', MEETING_DESCRIPTION_MAX);
  const location = field('ics LOCATION', 500);
  dropped.add(location.number);
  const cn = field('ics ATTENDEE CN');
  const stamp = today.replaceAll('-', '');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//xss journey//EN',
    'BEGIN:VEVENT',
    'UID:xss-journey@example.com',
    `DTSTART:${stamp}T150000Z`,
    `DTEND:${stamp}T160000Z`,
    `SUMMARY:${icsText(summary.text)}`,
    `DESCRIPTION:${icsText(icsDescription.text)}`,
    `LOCATION:${icsText(location.text)}`,
    `URL:javascript:__xss(${cn.number}00)`,
    // A quoted parameter may hold anything but a double quote.
    `ATTENDEE;CN="${cn.text.replaceAll('"', "'")}":mailto:guest2@example.com`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await emil.api.upload('/api/calendars/events/import/?tz=UTC', {
    name: 'invite.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  const day = (await emil.api.get(
    `/api/calendars/events/day/?email=${encodeURIComponent(emil.email)}&date=${today}&tz=UTC`,
  )) as { results: { uuid: string; title: string; link: string | null }[] };
  const imported = day.results.find((each) => shownText(summary.number).test(each.title));
  if (!imported) throw new Error('The imported meeting is not in the day');
  expect(imported.link).toBeNull();
  stored.imported = imported.uuid;
  show.imported.push(summary.number, icsDescription.number, cn.number);
});

/**
 * Markup a payload would have put into the page, found in the live DOM: elements that run or load
 * code, event-handler attributes, script-capable URLs, style that calls script. Runs in the page.
 */
function dangerousMarkup(): string[] {
  const found: string[] = [];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'];
  for (const element of document.querySelectorAll('body *')) {
    const show = () => element.outerHTML.slice(0, 200);
    const tag = element.localName;
    if (['script', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'noscript'].includes(tag))
      found.push(show());
    if (tag === 'style' && /javascript:|expression\(|@import/i.test(element.textContent ?? ''))
      found.push(show());
    for (const { name, value } of element.attributes) {
      // Browsers skip control characters and spaces in a URL's scheme (`java\tscript:` runs).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
      const url = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      // A picture runs no script, not even an SVG one (the seed's avatars are data: SVGs).
      const picture = tag === 'img' && name === 'src' && url.startsWith('data:image/');
      if (
        name.startsWith('on') ||
        name === 'srcdoc' ||
        (urlAttributes.includes(name) && /^(javascript|vbscript|data):/.test(url) && !picture) ||
        (name === 'style' && /expression\(|javascript:/i.test(value))
      )
        found.push(show());
    }
  }
  return found;
}

/** The page's visible text and accessible labels, where a stored payload must show as text. */
const textOf = (page: Page) =>
  page.evaluate(() =>
    [
      document.body.innerText,
      // What a field holds is shown too (a search text stays in its box).
      ...[...document.querySelectorAll('input, textarea')].map((input) => (input as HTMLInputElement).value),
      ...[...document.querySelectorAll('[aria-label], [title]')].map(
        (element) => `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('title') ?? ''}`,
      ),
    ].join('\n'),
  );

/**
 * Waits until the page shows each of `mustShow` as text, gives image errors and loads time to fire,
 * then records what it shows and any markup a payload left in any of its frames.
 */
async function inspect(page: Page, where: string, mustShow: number[]) {
  for (const number of mustShow) {
    await expect
      .poll(() => textOf(page), { message: `${where} shows ${fields[number]}` })
      .toMatch(shownText(number));
  }
  await page.waitForTimeout(250);
  const text = await textOf(page);
  fields.forEach((_, number) => {
    if (number > 0 && shownText(number).test(text)) seen.add(number);
  });
  for (const frame of page.frames()) {
    if (frame !== page.mainFrame()) findings.push(`a frame (${frame.url()}) on ${where}`);
    for (const markup of await frame.evaluate(dangerousMarkup))
      findings.push(`markup on ${where}: ${markup}`);
  }
}

/** A page of the session's context whose dialogs (alert, confirm, prompt) are findings. */
async function pageOf(session: Session) {
  const page = await session.context.newPage();
  const errors = watchErrors(page);
  page.on('dialog', (dialog) => {
    findings.push(`dialog '${dialog.message()}' on ${page.url()}`);
    void dialog.dismiss();
  });
  return { page, errors };
}

const profileField = (name: string) => fields.indexOf(`profile ${name}`);

/** A stored file's download answer: its Content-Disposition quotes nothing it should not and names the file exactly. */
async function expectSafeDownload(session: Session, url: string, name: string) {
  const response = await session.context.request.get(`${demo.portal.url}${url}`);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const disposition = headers['content-disposition'] ?? '';
  expect(disposition).toMatch(
    /^(inline|attachment); filename="[^"\\\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/,
  );
  expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe(name);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toContain('sandbox');
}

/** Emil's own pages, seen without the CSP: home, news, the directory and the header search, his request, the calendar and his meetings. */
async function emilsPages() {
  const firstName = profileField('first_name');
  const { page, errors } = await pageOf(emil);

  // Home: the widgets (today's meetings, the people list).
  await page.goto(`${demo.portal.url}/`);
  await inspect(page, 'the home page', [show.meeting[0] ?? 0]);

  // News: the feed and the post opened at its comment.
  await page.goto(`${demo.portal.url}/news`);
  await inspect(page, 'the news feed', [...show.post, ...show.comments]);
  await page.goto(`${demo.portal.url}/news?postId=${stored.post}&messageId=${stored.comment}`);
  await inspect(page, 'the post', [...show.post, ...show.comments]);

  // The directory, its search by a word of the stored name, and a payload as the search text.
  await page.goto(`${demo.portal.url}/people`);
  await page.getByRole('button', { name: 'Search' }).click();
  const directorySearch = page.getByRole('textbox', { name: "Employee's name" });
  await directorySearch.fill('onerror');
  await directorySearch.press('Enter');
  await inspect(page, 'the directory searched', [firstName]);
  const directoryTerm = field('directory search text', 200);
  await directorySearch.fill(directoryTerm.text);
  await directorySearch.press('Enter');
  await inspect(page, 'the directory searched for a payload', [directoryTerm.number]);

  // The header search: the stored name among the people found, then a payload searched for, which the
  // search history then offers.
  const headerSearch = page.getByRole('combobox', { name: 'Search people' });
  await headerSearch.fill('onerror');
  await inspect(page, 'the header search', [firstName]);
  const headerTerm = field('header search text', 200);
  await headerSearch.fill(headerTerm.text);
  await headerSearch.press('Enter');
  await inspect(page, 'the header search for a payload', []);
  await headerSearch.fill('');
  await inspect(page, 'the header search history', [headerTerm.number]);
  await headerSearch.press('Escape');

  // The request in the creator's list and opened, with its inputs, file and chat.
  await page.goto(`${demo.portal.url}/tasks?view=creator`);
  await inspect(page, 'the tasks list', [show.taskName]);
  await page.goto(`${demo.portal.url}/tasks?view=creator&taskId=${stored.request}`);
  await inspect(page, 'the request', [...show.task, show.taskChat]);
  await expect
    .poll(() => page.getByRole('link', { name: stored.taskFile.name }).getAttribute('href'))
    .toMatch(/^\/api\/tasks\/files\/\d+\/$/);
  await expectSafeDownload(emil, `/api/tasks/files/${stored.taskFile.id}/`, stored.taskFile.name);

  // The company calendar's month, the day view and both meetings' pages.
  await page.goto(`${demo.portal.url}/calendar/vacations`);
  await inspect(page, 'the company calendar', []);
  await page.goto(`${demo.portal.url}/calendar/vacations?view=day&date=${today}`);
  await inspect(page, 'the day view', [show.meeting[0] ?? 0, show.imported[0] ?? 0]);
  await page.goto(`${demo.portal.url}/calendar/events/${stored.meeting}`);
  await inspect(page, 'the meeting', show.meeting);
  await page.goto(`${demo.portal.url}/calendar/events/${stored.imported}`);
  await inspect(page, 'the imported meeting', show.imported);
  return errors;
}

/** The manager's step of Emil's request and the bell's notifications of it. */
async function managersPages() {
  const firstName = profileField('first_name');
  const { page, errors } = await pageOf(manager);
  await page.goto(`${demo.portal.url}/tasks?taskId=${stored.managerStep}`);
  await inspect(page, "the manager's step", [show.taskName, show.taskChat]);
  await page.goto(`${demo.portal.url}/tasks`);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await inspect(page, 'the notifications', [firstName, show.taskName]);
  return errors;
}

/** HR on Emil's profile: every tab of it, the documents with their download link. */
async function hrsPages() {
  const firstName = profileField('first_name');
  const { page, errors } = await pageOf(hr);
  await page.goto(`${demo.portal.url}/people?profile=${stored.emil}`);
  const tabs = await everyTab(profilePanel(page), async (name) => {
    await inspect(
      page,
      `the profile's ${name} tab`,
      name === 'Documents' ? [firstName, show.documentTitle] : [firstName],
    );
    // The document's download link is the stored file's address, whatever the file's name.
    if (name === 'Documents')
      expect(await page.locator(`a[href="${stored.document.fileUrl}"]`).count()).toBe(1);
  });
  expect(tabs).toEqual(expect.arrayContaining(['Documents', 'Tasks', 'Audit']));
  await expectSafeDownload(hr, stored.document.fileUrl, stored.document.fileName);
  return errors;
}

/** The editor: the saved post's preview in the editor, then a changed body previewed by the server. */
async function editorsPages() {
  const { page, errors } = await pageOf(editor);
  await page.goto(`${demo.portal.url}/news/edit/${stored.post}`);
  await page.getByRole('tab', { name: 'Preview' }).click();
  await inspect(page, "the editor's preview", show.post);
  await page.getByRole('tab', { name: 'Write' }).click();
  const changed = field('post body previewed', POST_BODY_MAX, '\n\n');
  await page.getByRole('textbox', { name: 'Text' }).fill(changed.text);
  await page.getByRole('tab', { name: 'Preview' }).click();
  await inspect(page, "the editor's preview of a change", [changed.number]);
  return errors;
}

it('renders every page that shows them without running a payload or letting one become markup', async () => {
  // The four people look at their pages at the same time, each in their own browser context.
  const errors = await Promise.all([emilsPages(), managersPages(), hrsPages(), editorsPages()]);

  // Each stored field showed somewhere as text.
  const unseen = fields.filter((_, number) => number > 0 && !seen.has(number) && !dropped.has(number));
  expect(findings).toEqual([]);
  expect(unseen).toEqual([]);
  expect(errors.flat()).toEqual([]);
});
