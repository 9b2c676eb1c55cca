import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aFormConfig, aProfile, json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { UserCreateBody } from './user-create-body';

function renderCreation(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /api/users/form-fields/': () => json(200, aFormConfig('create')), ...routes });
  const router = createMemoryRouter([{ path: '/people', element: <UserCreateBody /> }], {
    initialEntries: ['/people?mode=table&profile=_new_'],
  });
  const view = renderUi(<RouterProvider router={router} />);
  return { ...view, api, router };
}

describe('user creation', () => {
  it('has a tab per group of the create configuration, without subordination', async () => {
    const { api } = renderCreation();

    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'General',
        'Personal',
        'Social networks',
        'Employment',
      ]),
    );
    expect(api.callsTo('GET /api/users/form-fields/')[0]?.path).toBe('/api/users/form-fields/?mode=create');
  });

  it('checks only General before creating, shows server messages on their tab, then opens the new profile', async () => {
    let answer = json(422, {
      missing_fields: { private_email: ['Private e-mail must be a valid e-mail address'] },
    });
    const { user, api, router } = renderCreation({ 'POST /api/users/': () => answer });

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Linus');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Torvalds');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'linus@northwind.test');
    await user.click(screen.getByRole('tab', { name: 'Personal' }));
    // Not General: left to the server.
    await user.type(screen.getByRole('textbox', { name: 'Private e-mail' }), 'not an address');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Private e-mail must be a valid e-mail address')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('POST /api/users/')[0]?.body).toEqual({
      first_name: 'Linus',
      last_name: 'Torvalds',
      email: 'linus@northwind.test',
      private_email: 'not an address',
      dms: false,
    });

    answer = json(201, aProfile(77, { first_name: 'Linus' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=table&profile=77'));
  });

  it('asks before cancelling a started creation, then closes the page', async () => {
    const { user, router } = renderCreation();

    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'L');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel user creation?');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(router.state.location.search).toBe('?mode=table'));
  });
});
