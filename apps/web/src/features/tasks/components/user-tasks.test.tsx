import type { TasksPage } from '@atrium/contracts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { aTaskRow, aTasksPage } from '../task-fixtures';
import { UserTasks } from './user-tasks';

type Routes = NonNullable<Parameters<typeof stubApi>[0]>;

function renderTab(list: Routes[string]) {
  const api = stubApi({ 'GET /api/tasks/': list });
  const view = renderUi(
    <MemoryRouter>
      <UserTasks userId={12} />
    </MemoryRouter>,
  );
  const queries = () => api.callsTo('GET /api/tasks/').map((call) => Object.fromEntries(call.query));
  return { ...view, api, queries };
}

describe("profile's Tasks tab", () => {
  it("lists the person's requests, each linking to its detail on /tasks", async () => {
    const { queries } = renderTab(() =>
      json(
        200,
        aTasksPage([
          aTaskRow(5, {
            name: 'New laptop',
            sla: { title: 'Overdue by 1 day', urgent: true, overdue: true },
          }),
          aTaskRow(6, { name: 'Business cards', completed: true, status: 'approved' }),
        ]),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Tasks' });
    expect(within(list).getByRole('link', { name: 'New laptop' })).toHaveAttribute('href', '/tasks?taskId=5');
    expect(within(list).getByRole('link', { name: 'Business cards' })).toHaveAttribute(
      'href',
      '/tasks?taskId=6',
    );
    expect(within(list).getByText('Overdue by 1 day')).toBeInTheDocument();
    expect(within(list).getByText('Approved')).toBeInTheDocument();
    expect(queries()).toEqual([{ view: 'creator', status: 'active', user: '12', page: '1' }]);
  });

  it("says 'Task records not found' when the person has none, and lists by the chosen status", async () => {
    const { user, queries } = renderTab((call) =>
      json(
        200,
        call.query.get('status') === 'completed'
          ? aTasksPage([aTaskRow(6, { name: 'Business cards', completed: true, status: 'approved' })])
          : ({ count: 0, next: null, results: [] } satisfies TasksPage),
      ),
    );
    expect(await screen.findByText('Task records not found')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    expect(await screen.findByRole('link', { name: 'Business cards' })).toBeInTheDocument();
    expect(screen.queryByText('Task records not found')).toBeNull();
    expect(queries().at(-1)).toEqual({
      view: 'creator',
      status: 'completed',
      user: '12',
      order: 'completed',
      page: '1',
    });
  });

  it("says 'Error request' when the list cannot be fetched", async () => {
    renderTab(() => json(403, { error: 'You may not see these tasks.' }));
    expect(await screen.findByText('Error request')).toBeInTheDocument();
  });
});
