import type { SessionResponse, TaskDetail, WorkflowItem } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aChatMessage, aSession, json, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { aTaskDetail, aTasksPage, aWorkflowItem, HANNA, MARK } from '../task-fixtures';

type Routes = NonNullable<Parameters<typeof stubApi>[0]>;

const DETAIL = 'GET /api/tasks/5/';
const WORKFLOW = 'GET /api/tasks/5/workflow/';

/** Request 5 ('1.') with its steps 6 and 7. */
const request = (overrides: Partial<WorkflowItem> = {}) =>
  aWorkflowItem(5, {
    name: 'New laptop',
    parent_task: null,
    is_group: true,
    p: 0,
    status: 'process',
    ...overrides,
  });

function renderDetail({
  task = aTaskDetail(5, { name: 'New laptop' }),
  workflow = [request(), aWorkflowItem(6, { status: 'process' }), aWorkflowItem(7)] as WorkflowItem[],
  routes = {} as Routes,
} = {}) {
  const api = stubApi({
    'GET /api/auth/session/': () => json(200, aSession() satisfies SessionResponse),
    'GET /api/tasks/': () => json(200, aTasksPage([])),
    'GET /api/tasks/templates/': () => json(200, { results: [] }),
    [DETAIL]: () => json(200, task),
    [WORKFLOW]: () => json(200, { results: workflow }),
    'GET /api/chats/505/': () => json(200, { id: 505, messages: [], earlier: 0, comments_count: 0 }),
    ...routes,
  });
  const view = renderApp('/tasks?taskId=5');
  return { api, ...view };
}

/** The whole app renders here, which takes jsdom seconds on a busy machine. */
const LOADED = { timeout: 5_000 };

const openDialog = (name = 'New laptop') => screen.findByRole('dialog', { name }, LOADED);
const section = (dialog: HTMLElement, name: string) => within(dialog).getByRole('region', { name });
const step = (name: string) => screen.getByRole('listitem', { name });

describe('task detail', { timeout: 20_000 }, () => {
  it('shows the name, description, dates, people and the input parameters readably', async () => {
    renderDetail({
      task: aTaskDetail(5, {
        name: 'New laptop',
        manager: HANNA,
        user_info: { ...HANNA, job_position: 'Analyst' },
        created_at: '2026-11-20T09:00:00.000Z',
        start_at: '2026-11-20T09:00:00.000Z',
        sla_at: '2026-11-24T17:00:00.000Z',
        completed_at: null,
        inputs: [
          { name: 'model', title: 'Model', text: 'ThinkPad X1', files: [] },
          { name: 'needed_by', title: 'Needed by', text: '01.12.2026', files: [] },
          {
            name: 'quote',
            title: 'Quote',
            text: '',
            files: [{ id: 3, name: 'quote.pdf', size: 20_480, url: '/api/tasks/files/3/' }],
          },
          { name: 'note', title: 'Note', text: '', files: [] },
        ],
      }),
    });
    const dialog = await openDialog();
    expect(within(dialog).getByText('A laptop for the new project.')).toBeInTheDocument();

    const dates = section(dialog, 'Dates');
    const dateOf = (label: string) => within(dates).getByText(label).nextElementSibling?.textContent;
    expect(dateOf('Created')).toMatch(/^20\.11\.2026 \d\d:\d\d$/);
    expect(dateOf('Start')).toMatch(/^20\.11\.2026 \d\d:\d\d$/);
    expect(dateOf('Deadline')).toMatch(/^24\.11\.2026 \d\d:\d\d$/);
    expect(dateOf('Completed')).toBe('—');

    const people = section(dialog, 'People');
    expect(within(people).getByText('Creator').nextElementSibling).toHaveTextContent('Hanna Reed');
    expect(within(people).getByText('For whom').nextElementSibling).toHaveTextContent('Hanna Reed');

    const details = section(dialog, 'Details');
    expect(within(details).getByText('Model').nextElementSibling).toHaveTextContent('ThinkPad X1');
    expect(within(details).getByText('Needed by').nextElementSibling).toHaveTextContent('01.12.2026');
    expect(within(details).getByRole('link', { name: 'quote.pdf' })).toHaveAttribute(
      'href',
      '/api/tasks/files/3/',
    );
    expect(within(details).getByText('20 KB')).toBeInTheDocument();
    expect(within(details).getByText('Note').nextElementSibling).toHaveTextContent('—');
  });

  it('shows the workflow as numbered groups of steps with their statuses, decisions and routing', async () => {
    renderDetail({
      workflow: [
        request({ status: 'canceled' }),
        aWorkflowItem(6, {
          name: 'Manager approval',
          p: 1,
          status: 'approved',
          decision: {
            decision: 'approved',
            by: MARK,
            at: '2026-11-21T10:30:00.000Z',
            comment: 'Go ahead',
          },
        }),
        aWorkflowItem(7, {
          name: 'HR approval',
          p: 2,
          status: 'expired',
          user_info: HANNA,
          routing: 'Mark Manager is on vacation: sent to the deputy',
          sla_at: '2026-11-22T17:00:00.000Z',
        }),
        aWorkflowItem(8, { name: 'Finance approval', p: 3, status: 'canceled' }),
        aWorkflowItem(9, { name: 'IT approval', p: 4, status: 'skipped' }),
        aWorkflowItem(10, { name: 'Delivery', p: 5, status: 'next' }),
      ],
    });
    const dialog = await openDialog();
    const workflow = await within(dialog).findByRole('list', { name: 'Workflow' });
    const group = within(workflow).getByRole('listitem', { name: '1. New laptop' });
    expect(group).toHaveAttribute('data-error');
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      '1.1 Manager approval',
      '1.2 HR approval',
      '1.3 Finance approval',
      '1.4 IT approval',
      '1.5 Delivery',
    ]);

    const approved = step('1.1 Manager approval');
    expect(approved.querySelector('[data-mark="check"]')).not.toBeNull();
    expect(approved).not.toHaveAttribute('data-error');
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('Mark Manager')).toBeInTheDocument();
    expect(
      within(approved).getByText(/^Approved by Mark Manager · 21\.11\.2026 \d\d:\d\d$/),
    ).toBeInTheDocument();
    expect(within(approved).getByText('“Go ahead”')).toBeInTheDocument();

    const expired = step('1.2 HR approval');
    expect(expired).toHaveAttribute('data-error');
    expect(expired.querySelector('[data-mark="check"]')).toBeNull();
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText('Hanna Reed')).toBeInTheDocument();
    expect(within(expired).getByText('Mark Manager is on vacation: sent to the deputy')).toBeInTheDocument();
    expect(within(expired).getByText(/^Was due 22\.11\.2026 \d\d:\d\d$/)).toBeInTheDocument();

    expect(step('1.3 Finance approval')).toHaveAttribute('data-error');
    expect(within(step('1.3 Finance approval')).getByText('Canceled')).toBeInTheDocument();
    expect(step('1.4 IT approval')).toHaveAttribute('data-tone', 'faded');
    expect(within(step('1.4 IT approval')).getByText('Skipped')).toBeInTheDocument();
    expect(step('1.5 Delivery')).toHaveAttribute('data-tone', 'muted');
    expect(step('1.5 Delivery')).not.toHaveAttribute('data-error');
    expect(within(step('1.5 Delivery')).getByText('Next')).toBeInTheDocument();
  });

  it('opens and closes a group of steps', async () => {
    const { user } = renderDetail();
    const dialog = await openDialog();
    const toggle = await within(dialog).findByRole('button', { name: /^1\. New laptop/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(step('1.1 Step 6')).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '1.1 Step 6' })).toBeNull());

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('listitem', { name: '1.1 Step 6' })).toBeVisible();
  });

  it('offers no Approve or Reject when no step of the request awaits the viewer', async () => {
    renderDetail();
    const dialog = await openDialog();
    await within(dialog).findByRole('list', { name: 'Workflow' });
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("approves the viewer's step, shows the answer and refetches the workflow and the lists", async () => {
    let approved = false;
    const { api, user } = renderDetail({
      task: aTaskDetail(5, { name: 'New laptop', actionable_step: 6 }),
      routes: {
        [DETAIL]: () =>
          json(200, aTaskDetail(5, { name: 'New laptop', actionable_step: approved ? null : 6 })),
        'POST /api/tasks/6/approve/': () => {
          approved = true;
          return json(
            200,
            aTaskDetail(6, { name: 'Manager approval', parent_task: 5, is_group: false, request: 5 }),
          );
        },
      },
    });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Your decision')).toBeInTheDocument();
    const listsBefore = api.callsTo('GET /api/tasks/').length;

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(api.callsTo('POST /api/tasks/6/approve/').map((call) => call.body)).toEqual([{}]);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    await waitFor(() => expect(api.callsTo(WORKFLOW)).toHaveLength(2));
    expect(api.callsTo('GET /api/tasks/').length).toBeGreaterThan(listsBefore);
    expect(
      await screen.findByText('Approved', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
  });

  it('rejects with an optional comment', async () => {
    const { api, user } = renderDetail({
      task: aTaskDetail(5, { name: 'New laptop', actionable_step: 6 }),
      routes: {
        'POST /api/tasks/6/reject/': () =>
          json(200, aTaskDetail(6, { parent_task: 5, is_group: false, canceled: true, status: 'canceled' })),
      },
    });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const comment = within(dialog).getByRole('textbox', { name: /Comment/ });
    expect(comment).toHaveFocus();
    await user.type(comment, ' Not this quarter ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rejection' }));

    expect(api.callsTo('POST /api/tasks/6/reject/').map((call) => call.body)).toEqual([
      { comment: 'Not this quarter' },
    ]);
    expect(api.callsTo('POST /api/tasks/6/approve/')).toEqual([]);
  });

  it('says clearly when the step was decided meanwhile (409), and shows the task as it now stands', async () => {
    const status = 409;
    let decidedElsewhere = false;
    const { api, user } = renderDetail({
      routes: {
        [DETAIL]: () =>
          json(200, aTaskDetail(5, { name: 'New laptop', actionable_step: decidedElsewhere ? null : 6 })),
        'POST /api/tasks/6/approve/': () => json(status, { error: 'Refused.' }),
        'POST /api/tasks/6/reject/': () => json(status, { error: 'Refused.' }),
      },
    });
    const dialog = await openDialog();
    decidedElsewhere = true;
    await user.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This step has already been decided or the request is closed.',
    );
    // The task is fetched again and shows where it stands; the refusal stays said.
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(2));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This step has already been decided');
  });

  it('says clearly when the step is not the viewer’s (403)', async () => {
    const status = 403;
    const { user } = renderDetail({
      task: aTaskDetail(5, { name: 'New laptop', actionable_step: 6 }),
      routes: {
        'POST /api/tasks/6/reject/': () => json(status, { error: 'Refused.' }),
      },
    });
    const dialog = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rejection' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the person this step is assigned to can approve or reject it.',
    );
  });

  it('lets the creator rename the request and change its description', async () => {
    let task: TaskDetail = aTaskDetail(5, { name: 'New laptop', can_edit: true });
    const { api, user } = renderDetail({
      task,
      routes: {
        [DETAIL]: () => json(200, task),
        'PATCH /api/tasks/5/': (call) => {
          task = { ...task, ...(call.body as Partial<TaskDetail>) };
          return json(200, task);
        },
      },
    });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Edit task' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, 'New laptop, 16 inch');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), ' Urgent.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(api.callsTo('PATCH /api/tasks/5/').map((call) => call.body)).toEqual([
      { name: 'New laptop, 16 inch', description: 'A laptop for the new project. Urgent.' },
    ]);
    expect(await screen.findByRole('dialog', { name: 'New laptop, 16 inch' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.getByText('A laptop for the new project. Urgent.')).toBeInTheDocument();
  });

  it('offers no editing to whom the server does not allow it', async () => {
    renderDetail();
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('button', { name: 'Edit task' })).toBeNull();
  });

  it("has the request's chat with 'Add comment', 'Your comment...' and 'Write your first message'", async () => {
    const { api, user } = renderDetail();
    const dialog = await openDialog();
    const comments = section(dialog, 'Comments');
    expect(await within(comments).findByText('Write your first message')).toBeInTheDocument();
    expect(within(comments).queryByRole('textbox', { name: 'Comment' })).toBeNull();

    await user.click(within(comments).getByRole('button', { name: 'Add comment' }));
    const input = within(comments).getByRole('textbox', { name: 'Comment' });
    expect(input).toHaveAttribute('placeholder', 'Your comment...');
    await user.type(input, 'When will it arrive?{Enter}');
    expect(api.callsTo('POST /api/chats/505/chat_send_message/').map((call) => call.body)).toEqual([
      { message: 'When will it arrive?', reply: null },
    ]);
  });

  it("shows the chat's messages", async () => {
    renderDetail({
      routes: {
        'GET /api/chats/505/': () =>
          json(200, { id: 505, messages: [aChatMessage(1, { chatId: 505 })], earlier: 0, comments_count: 1 }),
      },
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Comment 1')).toBeInTheDocument();
    expect(within(dialog).queryByText('Write your first message')).toBeNull();
  });

  it('says when the task does not exist or may not be seen', async () => {
    renderDetail({ routes: { [DETAIL]: () => json(404, { error: 'Not found.' }) } });
    const dialog = await openDialog('Task');
    expect(await within(dialog).findByText('Task not found')).toBeInTheDocument();
  });
});
