import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDocument, aStoragePage } from '../../features/documents/document-fixtures';
import { aTaskRow, aTasksPage } from '../../features/tasks/task-fixtures';
import { aFormConfig, aProfile, aSession, json, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('profile widget', () => {
  it("fills the Tasks tab with the person's requests from the tasks feature", {
    timeout: 20_000,
  }, async () => {
    const api = stubApi({
      'GET /api/auth/session/': () => json(200, aSession()),
      'GET /api/users/12/': () => json(200, aProfile(12, { can_edit: true, edit_mode: 'self' })),
      'GET /api/users/form-fields/': () => json(200, aFormConfig('self')),
      'GET /api/tasks/': () => json(200, aTasksPage([aTaskRow(5, { name: 'New laptop' })])),
    });
    const { user } = renderApp('/people?profile=12');
    const profile = await screen.findByRole('region', { name: 'Profile' }, { timeout: 5_000 });
    // The tab carousel opens on the first field group; Tasks lies before it.
    await within(profile).findAllByRole('tab', {}, { timeout: 5_000 });
    while (!within(profile).queryByRole('tab', { name: 'Tasks' })) {
      await user.click(within(profile).getByRole('button', { name: 'Previous tabs' }));
    }
    await user.click(within(profile).getByRole('tab', { name: 'Tasks' }));

    expect(await within(profile).findByRole('link', { name: 'New laptop' })).toHaveAttribute(
      'href',
      '/tasks?taskId=5',
    );
    expect(api.callsTo('GET /api/tasks/').map((call) => call.query.get('user'))).toEqual(['12']);
  });

  it("fills the Documents tab with the owner's documents from the documents feature", {
    timeout: 20_000,
  }, async () => {
    const session = aSession();
    const api = stubApi({
      'GET /api/auth/session/': () => json(200, session),
      [`GET /api/users/${session.user.id}/`]: () =>
        json(200, aProfile(session.user.id, { can_edit: true, edit_mode: 'self' })),
      'GET /api/users/form-fields/': () => json(200, aFormConfig('self')),
      'GET /api/storage/': () => json(200, aStoragePage([aDocument(5, { title: 'Employment contract' })])),
    });
    const { user } = renderApp(`/people?profile=${session.user.id}`);
    const profile = await screen.findByRole('region', { name: 'Profile' }, { timeout: 5_000 });
    await within(profile).findAllByRole('tab', {}, { timeout: 5_000 });
    await user.click(within(profile).getByRole('tab', { name: 'Documents' }));

    expect(
      await within(profile).findByRole('link', { name: 'Download Employment contract' }),
    ).toHaveAttribute('href', '/api/storage/5/file/');
    expect(within(profile).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/storage/').map((call) => call.query.get('user_id'))).toEqual([
      String(session.user.id),
    ]);
  });
});
