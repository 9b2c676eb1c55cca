import type { SessionResponse, TaskRow, TaskTemplate } from '@atrium/contracts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, json, stubApi, stubEventSource, stubIntersectionObserver } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { aTaskDetail, aTaskRow, aTasksPage, HANNA, MARK } from '../task-fixtures';

type Routes = NonNullable<Parameters<typeof stubApi>[0]>;

const TEMPLATES: TaskTemplate[] = [
  { key: 'vacation_approval', name: 'Vacation', icon: null, type_key: 24, factory: false },
  { key: 'equipment_request', name: 'Equipment request', icon: 'laptop', type_key: null, factory: true },
];

/** A response the test hands out when it chooses. */
function later() {
  let answer: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer };
}

function renderTasks(path: string, { tasks = [] as TaskRow[], routes = {} as Routes } = {}) {
  const api = stubApi({
    'GET /api/auth/session/': () => json(200, aSession() satisfies SessionResponse),
    'GET /api/tasks/': () => json(200, aTasksPage(tasks)),
    'GET /api/tasks/templates/': () => json(200, { results: TEMPLATES }),
    ...routes,
  });
  const view = renderApp(path);
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { api, ...view, search };
}

/** The whole app renders here, which takes jsdom seconds on a busy machine. */
const LOADED = { timeout: 5_000 };

const listCalls = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET /api/tasks/').map((call) => Object.fromEntries(call.query));

describe('tasks page', { timeout: 20_000 }, () => {
  it('lists the tasks assigned to me by default, with Estimation, Task, Creator and the comment count', async () => {
    const { api } = renderTasks('/tasks', {
      tasks: [
        aTaskRow(1, {
          name: 'Approve: New laptop',
          is_group: false,
          parent_task: 9,
          manager: HANNA,
          comments_count: 3,
          sla: { title: 'Overdue by 1 day', urgent: true, overdue: true },
        }),
        aTaskRow(2, {
          name: 'Approve: Vacation',
          template: 'vacation_approval',
          manager: MARK,
          sla: { title: 'Due today', urgent: true, overdue: false },
        }),
      ],
    });

    const table = await screen.findByRole('table', { name: 'Tasks' }, LOADED);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Estimation', 'Task', 'Creator', '']);
    expect(within(table).getByRole('img', { name: 'Comments' })).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement).getByRole('link', { name: 'Approve: New laptop' }),
    ).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Hanna Reed')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('img', { name: '3 comments' })).toBeInTheDocument();
    expect(
      within(first as HTMLElement)
        .getByText('Overdue by 1 day')
        .closest('[data-sla]'),
    ).toHaveAttribute('data-sla', 'overdue');
    expect(
      within(second as HTMLElement)
        .getByText('Due today')
        .closest('[data-sla]'),
    ).toHaveAttribute('data-sla', 'urgent');
    expect(within(second as HTMLElement).getByText('Mark Manager')).toBeInTheDocument();
    expect(listCalls(api)).toEqual([{ view: 'exec', status: 'active', page: '1' }]);
  });

  it('shows the rows as cards on a phone, each opening its task', async () => {
    // A 375 px screen: every max-width query of the page matches.
    const desktop = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...desktop(query),
      matches: query.includes('max-width'),
    }));
    const { user, search } = renderTasks('/tasks', {
      tasks: [aTaskRow(1, { name: 'New laptop', manager: HANNA, comments_count: 1 })],
    });
    const cards = await screen.findByRole('list', { name: 'Tasks' }, LOADED);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByText('Due in 2 days')).toBeInTheDocument();
    expect(within(card).getByText('Hanna Reed')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '1 comment' })).toBeInTheDocument();

    await user.click(within(card).getByText('Hanna Reed'));
    expect(search().get('taskId')).toBe('1');
  });

  it('has the status tabs in the order of their ids, Important disabled, and keeps the chosen one in ?status', async () => {
    const { api, user, search } = renderTasks('/tasks');
    const tabs = await screen.findAllByRole('tab', {}, LOADED);
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Active',
      'Important',
      'Overdue',
      'Planned',
      'Completed',
    ]);
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Important' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    expect(search().get('status')).toBe('overdue');
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(search().get('status')).toBe('completed');
    await screen.findByText("Congratulations! You don't have any tasks to complete");

    // Spec §9: the completed list is ordered by 'completed', the others by the server's default.
    expect(listCalls(api)).toEqual([
      { view: 'exec', status: 'active', page: '1' },
      { view: 'exec', status: 'overdue', page: '1' },
      { view: 'exec', status: 'completed', order: 'completed', page: '1' },
    ]);
  });

  it('reads a status given by its spec id, and a view from the address', async () => {
    const { api } = renderTasks('/tasks?status=3&view=creator');
    expect(await screen.findByRole('tab', { name: 'Planned' }, LOADED)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('radio', { name: 'Created by me' })).toBeChecked();
    await screen.findByText("Woops ;( You don't have any created tasks");
    expect(listCalls(api)).toEqual([{ view: 'creator', status: 'planned', page: '1' }]);
  });

  it('switches between my tasks and the requests I created, each with its empty text', async () => {
    const { api, user, search } = renderTasks('/tasks');
    expect(
      await screen.findByText("Congratulations! You don't have any tasks to complete", {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Assigned to me' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Created by me' }));
    expect(search().get('view')).toBe('creator');
    expect(await screen.findByText("Woops ;( You don't have any created tasks")).toBeInTheDocument();
    expect(screen.queryByText("Congratulations! You don't have any tasks to complete")).toBeNull();
    expect(listCalls(api).at(-1)).toEqual({ view: 'creator', status: 'active', page: '1' });
  });

  it('shows 8 placeholder rows while the list loads', async () => {
    const pending = later();
    renderTasks('/tasks', { routes: { 'GET /api/tasks/': () => pending.response } });
    await screen.findByRole('tab', { name: 'Active' }, LOADED);
    expect(document.querySelectorAll('[data-skeleton-row]')).toHaveLength(8);

    pending.answer(json(200, aTasksPage([aTaskRow(1)])));
    expect(await screen.findByRole('link', { name: 'Task 1' })).toBeInTheDocument();
    expect(document.querySelectorAll('[data-skeleton-row]')).toHaveLength(0);
  });

  it("says 'Error request' when the list cannot be fetched, and tries again on demand", async () => {
    let fail = true;
    const { user } = renderTasks('/tasks', {
      routes: {
        'GET /api/tasks/': () =>
          fail ? json(500, { error: 'Internal Server Error' }) : json(200, aTasksPage([aTaskRow(1)])),
      },
    });
    expect(await screen.findByText('Error request', {}, LOADED)).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Task 1' })).toBeInTheDocument();
    expect(screen.queryByText('Error request')).toBeNull();
  });

  it('loads the next page when the end of the list comes into view', async () => {
    const scroll = stubIntersectionObserver();
    const { api } = renderTasks('/tasks', {
      routes: {
        'GET /api/tasks/': (call) =>
          call.query.get('page') === '1'
            ? json(200, aTasksPage([aTaskRow(1)], '/api/tasks/?page=2'))
            : json(200, aTasksPage([aTaskRow(2)])),
      },
    });
    await screen.findByRole('link', { name: 'Task 1' }, LOADED);
    expect(listCalls(api)).toHaveLength(1);

    scroll.scrollToEnd();
    expect(await screen.findByRole('link', { name: 'Task 2' })).toBeInTheDocument();
    expect(listCalls(api).map((query) => query.page)).toEqual(['1', '2']);
    expect(scroll.watching()).toBe(0);
  });

  it('opens a task from its row and closes it by clearing taskId', async () => {
    const { user, search } = renderTasks('/tasks?status=overdue', {
      tasks: [aTaskRow(5, { name: 'New laptop' })],
      routes: {
        'GET /api/tasks/5/': () => json(200, aTaskDetail(5, { name: 'New laptop' })),
        'GET /api/tasks/5/workflow/': () => json(200, { results: [] }),
        'GET /api/chats/505/': () => json(200, { id: 505, messages: [], earlier: 0, comments_count: 0 }),
      },
    });
    const row = (await screen.findByRole('link', { name: 'New laptop' }, LOADED)).closest(
      'tr',
    ) as HTMLElement;
    await user.click(within(row).getByText('Grace Hopper'));
    expect(search().get('taskId')).toBe('5');
    expect(search().get('status')).toBe('overdue');
    const dialog = await screen.findByRole('dialog', { name: 'New laptop' });
    expect(within(dialog).getByText('A laptop for the new project.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(search().has('taskId')).toBe(false);
    expect(search().get('status')).toBe('overdue');
  });

  it("offers the company's templates under New request, and opens the chosen one's form from the list", async () => {
    const { user, search } = renderTasks('/tasks', {
      routes: {
        'GET /api/tasks/templates/equipment_request/form/': () => json(404, { error: 'Not found.' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New request' }, LOADED));
    // The app renders without Mantine's test mode, whose popovers jsdom cannot place: they stay hidden.
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['Vacation', 'Equipment request']);

    await user.click(screen.getByRole('menuitem', { name: 'Equipment request', hidden: true }));
    expect(search().get('form')).toBe('equipment_request');
    expect(search().get('from')).toBe('list');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(search().has('form')).toBe(false);
    expect(search().has('from')).toBe(false);
  });

  it('opens a filed vacation among the requests I created: view=creator, its taskId, the form closed', async () => {
    const vacation = TEMPLATES[0] as TaskTemplate;
    const { user, search } = renderTasks('/tasks?form=vacation_approval&from=list', {
      routes: {
        'GET /api/tasks/templates/vacation_approval/form/': () =>
          json(200, { template: vacation, fields: [] }),
        'GET /api/absences/count-days/': () => json(200, { count_days: 3 }),
        'GET /api/absences/available/': () => json(200, { count_days: 100_000 }),
        'POST /api/absences/vacation/': () => json(201, { id: 41, chat: 900 }),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'End date' }, LOADED), '10.01.2099');
    expect(await screen.findByRole('textbox', { name: 'Number of days' })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    await vi.waitFor(() => expect(search().get('taskId')).toBe('41'));
    expect(search().get('view')).toBe('creator');
    expect(search().has('form')).toBe(false);
    expect(search().has('from')).toBe(false);
  });

  it('refreshes the list when a task changes or someone comments on a listed task', async () => {
    const sources = stubEventSource();
    let tasks = [aTaskRow(1, { name: 'New laptop' })];
    const { api } = renderTasks('/tasks', {
      routes: { 'GET /api/tasks/': () => json(200, aTasksPage(tasks)) },
    });
    await screen.findByRole('link', { name: 'New laptop' }, LOADED);
    const stream = sources.at(-1) as NonNullable<(typeof sources)[number]>;
    const fetches = () => api.callsTo('GET /api/tasks/').length;
    const before = fetches();

    // A comment under a post, or a chat no row shows, leaves the list alone.
    act(() => stream.emit({ type: 'chat.message', chatId: 999, messageId: 7 }));
    tasks = [aTaskRow(1, { name: 'New laptop', comments_count: 1 })];
    act(() => stream.emit({ type: 'chat.message', chatId: 501, messageId: 8 }));
    expect(await screen.findByRole('img', { name: '1 comment' })).toBeInTheDocument();
    expect(fetches()).toBe(before + 1);

    tasks = [...tasks, aTaskRow(2, { name: 'Business cards' })];
    act(() => stream.emit({ type: 'task.updated', taskId: 2 }));
    expect(await screen.findByRole('link', { name: 'Business cards' })).toBeInTheDocument();
  });
});
