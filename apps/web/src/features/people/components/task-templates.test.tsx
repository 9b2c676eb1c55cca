import type { TaskTemplate } from '@atrium/contracts';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { TaskTemplates, taskRequestPath } from './task-templates';

const TEMPLATES = 'GET /api/tasks/templates/';

const aTemplate = (key: string, name: string, overrides: Partial<TaskTemplate> = {}): TaskTemplate => ({
  key,
  name,
  icon: null,
  type_key: null,
  factory: true,
  ...overrides,
});

/** The templates on /people, with /tasks to land on. */
function renderTemplates(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  const onChosen = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/people', element: <TaskTemplates onChosen={onChosen} /> },
      { path: '/tasks', element: <output aria-label="Tasks page" /> },
    ],
    { initialEntries: ['/people'] },
  );
  const view = renderUi(<RouterProvider router={router} />);
  return { ...view, api, router, onChosen };
}

describe('taskRequestPath', () => {
  it('starts a request from the template on /tasks (spec §2 Routes)', () => {
    expect(taskRequestPath('vacation')).toBe('/tasks?form=vacation&from=list');
    expect(taskRequestPath('a b&c')).toBe('/tasks?form=a+b%26c&from=list');
  });
});

describe('TaskTemplates', () => {
  it('lists the active templates of the server, each with its icon, and starts a request on /tasks', async () => {
    const { user, router, onChosen } = renderTemplates({
      [TEMPLATES]: () =>
        json(200, {
          results: [
            aTemplate('vacation_approval', 'Vacation', { factory: false, type_key: 24 }),
            aTemplate('equipment_request', 'Equipment request', { icon: 'laptop' }),
          ],
        }),
    });

    const vacation = await screen.findByRole('button', { name: 'Vacation' });
    const equipment = screen.getByRole('button', { name: 'Equipment request' });
    // Each its own icon: the beach of the vacation key, the laptop the factory template names.
    expect(vacation.querySelector('svg')?.getAttribute('class')).toContain('tabler-icon-beach');
    expect(equipment.querySelector('svg')?.getAttribute('class')).toContain('tabler-icon-device-laptop');
    expect(screen.queryByText('No templates yet')).toBeNull();

    await user.click(equipment);
    expect(onChosen).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/tasks');
    expect(router.state.location.search).toBe('?form=equipment_request&from=list');
  });

  it('says "No templates yet" only when the company has none', async () => {
    renderTemplates({ [TEMPLATES]: () => json(200, { results: [] }) });
    expect(await screen.findByText('No templates yet')).toBeInTheDocument();
  });

  it('shows placeholders while the templates load', async () => {
    renderTemplates({ [TEMPLATES]: () => new Promise<Response>(() => {}) });
    expect(await screen.findByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No templates yet')).toBeNull();
  });

  it('says so when the templates cannot be loaded, rather than that there are none', async () => {
    renderTemplates({ [TEMPLATES]: () => json(403, { error: 'Forbidden.' }) });
    expect(await screen.findByText('The templates could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('No templates yet')).toBeNull();
  });
});
