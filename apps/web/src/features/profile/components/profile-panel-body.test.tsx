import type { Profile } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aFormConfig,
  aManagerLink,
  aPerson,
  aProfile,
  aUserCompetency,
  fakeUsersFilter,
  json,
  MANAGER_TYPES,
  privateProfileFields,
  stubApi,
} from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { ProfilePanelBody } from './profile-panel-body';

type Routes = Parameters<typeof stubApi>[0];

/** Ada of aSession, who is none of the people of these profiles unless a test says so. */
const VIEWER_ID = 7;

function renderPanel(profile: Profile, routes: Routes = {}, viewerId = VIEWER_ID) {
  const api = stubApi({
    [`GET /api/users/${profile.id}/`]: () => json(200, profile),
    'GET /api/users/form-fields/': (call) => json(200, aFormConfig(call.query.get('mode') as 'hr' | 'self')),
    'GET /api/competencies/get_levels/': () => json(200, { results: [] }),
    'GET /api/managers/': () => json(200, { results: [] }),
    'GET /api/managers/manager_types/': () => json(200, { results: MANAGER_TYPES }),
    'GET /api/user_vars/values/': () => json(200, { count: 0, next: null, results: [] }),
    [`GET /api/user_vars/${profile.id}/history/`]: () => json(200, { count: 0, next: null, results: [] }),
    'GET /api/audit/': () => json(200, { count: 0, next: null, results: [] }),
    ...routes,
  });
  const onAvatarChange = vi.fn();
  const view = renderUi(
    <ProfilePanelBody userId={profile.id} viewerId={viewerId} onAvatarChange={onAvatarChange} />,
  );
  return { ...view, api, onAvatarChange };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const TAB_ORDER = [
  'Competencies',
  'Tasks',
  'Subordination',
  'Events',
  'Documents',
  'Audit',
  'General',
  'Personal',
];

/** Moves the carousel until the tab shows, as a user would, and opens it. */
async function openTab(user: ReturnType<typeof renderUi>['user'], name: string) {
  await screen.findAllByRole('tab');
  while (!screen.queryByRole('tab', { name })) {
    const before = TAB_ORDER.indexOf(name) < TAB_ORDER.indexOf(tabNames()[0] ?? '');
    await user.click(screen.getByRole('button', { name: before ? 'Previous tabs' : 'Next tabs' }));
  }
  await user.click(screen.getByRole('tab', { name }));
}
const hr = (overrides: Partial<Profile> = {}) =>
  aProfile(12, { ...privateProfileFields(), can_edit: true, edit_mode: 'hr', ...overrides });

describe('profile panel', { timeout: 15_000 }, () => {
  beforeEach(() => notifications.clean());

  it('shows who the person is, their local time with its GMT label, and disabled Message and Invite', async () => {
    renderPanel(aProfile(12));

    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Analyst · Engineering · Platform')).toBeInTheDocument();
    expect(screen.getByText(/^\d\d:\d\d GMT\+2$/)).toBeInTheDocument();
    expect(screen.getByText('Berlin', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByText('Online').length).toBeGreaterThan(0);
    expect(screen.getByText('Compilers.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Invite & meeting' })).toBeDisabled();
  });

  it("cuts About after 100 characters with 'Show more' and 'Hide'", async () => {
    const about = `${'a'.repeat(100)}THE END`;
    const { user } = renderPanel(aProfile(12, { about_me: about }));

    expect(await screen.findByText(`${'a'.repeat(100)}…`, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(about, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('THE END', { exact: false })).toBeNull();
  });

  it("copies the profile's link and says 'Link copied!'", async () => {
    const { user } = renderPanel(aProfile(12));
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

    await user.click(await screen.findByRole('button', { name: 'Link to profile' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/people?profile=12`);
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();
  });

  it('shows a colleague Events and the field groups, read-only, without the private fields', async () => {
    // The server shows a balance to the person, their managers and HR only.
    const refused = () => json(403, { error: 'You may not see this.' });
    const { user, api } = renderPanel(aProfile(12), {
      'GET /api/user_vars/values/': refused,
      'GET /api/user_vars/12/history/': refused,
    });

    await waitFor(() =>
      expect(tabNames()).toEqual(['Events', 'General', 'Personal', 'Social networks', 'Employment']),
    );
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('GET /api/users/form-fields/')[0]?.path).toBe('/api/users/form-fields/?mode=self');
    const general = screen.getByRole('tabpanel');
    expect(within(general).getByText('Job position').nextSibling).toHaveTextContent('Analyst');
    expect(within(general).getByText('Hire date').nextSibling).toHaveTextContent('15.03.2021');
    expect(within(general).getByText('Nickname').nextSibling).toHaveTextContent('—');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    await openTab(user, 'Personal');
    expect(screen.getByText('Gender').nextSibling).toHaveTextContent('Female');
    expect(screen.queryByText('Birthday')).toBeNull();
    expect(screen.queryByText('Private e-mail')).toBeNull();
    expect(screen.queryByText('Mobile phone')).toBeNull();

    await openTab(user, 'Events');
    expect(await screen.findByText('Only the person, their managers and HR see this')).toBeInTheDocument();
  });

  it('adds the work tabs for HR, five at a time, and hides the basic content on them', async () => {
    const { user, api } = renderPanel(hr());

    await waitFor(() =>
      expect(tabNames()).toEqual(['Audit', 'General', 'Personal', 'Social networks', 'Employment']),
    );
    expect(screen.getByRole('button', { name: 'Next tabs' })).toBeDisabled();
    for (let step = 0; step < 5; step++)
      await user.click(screen.getByRole('button', { name: 'Previous tabs' }));
    expect(tabNames()).toEqual(['Competencies', 'Tasks', 'Subordination', 'Events', 'Documents']);
    expect(screen.getByRole('button', { name: 'Previous tabs' })).toBeDisabled();

    await openTab(user, 'Tasks');
    expect(screen.getByText('Task records not found')).toBeInTheDocument();
    expect(screen.queryByText('Analyst · Engineering · Platform')).toBeNull();
    expect(screen.queryByText('Compilers.')).toBeNull();

    await openTab(user, 'Documents');
    expect(screen.getByText('Empty section')).toBeInTheDocument();

    await openTab(user, 'Audit');
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
    expect(api.callsTo('GET /api/audit/')[0]?.path).toBe('/api/audit/?user_id=12&page=1');
    expect(screen.queryByText('Compilers.')).toBeNull();

    await openTab(user, 'Events');
    expect(screen.getByText('Analyst · Engineering · Platform')).toBeInTheDocument();
    expect(await screen.findByText('Vacation days record updates not found')).toBeInTheDocument();
    expect(screen.getByText('Not available')).toBeInTheDocument();

    await openTab(user, 'Personal');
    expect(screen.getByText('Birthday').nextSibling).toHaveTextContent('09.12.1990');
  });

  it('saves a group for HR with PATCH ?group_id=, the visible fields that are set or required, Save disabled meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, api } = renderPanel(hr(), {
      'PATCH /api/users/12/': () => new Promise<Response>((resolve) => (answer = resolve)),
    });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'Amazing');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    const [save] = api.callsTo('PATCH /api/users/12/');
    expect(save?.path).toBe('/api/users/12/?group_id=1');
    expect(save?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'person12@northwind.test',
      nickname: 'Amazing',
      job_position: 31,
      gmt: 2,
      hire_date: '2021-03-15',
    });

    answer(json(200, hr({ nickname: 'Amazing' })));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Nickname').nextSibling).toHaveTextContent('Amazing');
    expect(screen.getByText('Changes saved')).toBeInTheDocument();
  });

  it('saves the own profile with me_update and shows the server’s field messages under the fields', async () => {
    const own = aProfile(12, { ...privateProfileFields(), can_edit: true, edit_mode: 'self' });
    const { user, api } = renderPanel(own, {
      'POST /api/users/me_update/': () =>
        json(422, { missing_fields: { mobile_phone: ['Mobile phone must be a phone number', 'ignored'] } }),
    });

    await openTab(user, 'Personal');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Mobile phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Mobile phone must be a phone number')).toBeInTheDocument();
    expect(screen.queryByText('ignored')).toBeNull();
    const [save] = api.callsTo('POST /api/users/me_update/');
    expect(save?.path).toBe('/api/users/me_update/?group_id=2');
    expect(save?.body).toMatchObject({ mobile_phone: 'call me', gender: 42 });
    expect(api.callsTo('GET /api/users/form-fields/')[0]?.path).toBe(
      '/api/users/form-fields/?mode=self&company=1',
    );
  });

  it('gives the owner no Audit tab and never asks for the history', async () => {
    const { api } = renderPanel(aProfile(12, { can_edit: true, edit_mode: 'self' }), {}, 12);

    await waitFor(() => expect(tabNames()).toContain('General'));
    expect(screen.queryByRole('tab', { name: 'Audit' })).toBeNull();
    expect(api.callsTo('GET /api/audit/')).toHaveLength(0);
  });

  it("asks 'Warning' before cancelling changes, and leaves an untouched edit at once", async () => {
    const { user } = renderPanel(hr());

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    expect(dialog).toHaveTextContent('All unsaved changes will be lost');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveValue('x');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', { name: 'Ok' }),
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Nickname').nextSibling).toHaveTextContent('—');
  });

  it('cancels an edit when another tab is chosen', async () => {
    const { user } = renderPanel(hr());

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'x');
    await openTab(user, 'Personal');
    await openTab(user, 'General');

    expect(screen.queryByRole('textbox', { name: 'Nickname' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("shows 'Empty section' for a person without competencies", async () => {
    const { user } = renderPanel(hr());
    await openTab(user, 'Competencies');
    expect(await screen.findByText('Empty section')).toBeInTheDocument();
  });

  it('edits competency levels, sending only the changed, non-zero ones', async () => {
    const before = [aUserCompetency(1, 'TypeScript', 11), aUserCompetency(2, 'SQL')];
    const { user, api } = renderPanel(hr(), {
      'GET /api/competencies/get_levels/': () => json(200, { results: before }),
      'POST /api/competencies/set_level/': () =>
        json(200, { results: [aUserCompetency(1, 'TypeScript', 11), aUserCompetency(2, 'SQL', 22)] }),
    });

    await openTab(user, 'Competencies');
    expect(await screen.findByText('1. Basic')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('combobox', { name: 'SQL' }));
    await user.click(await screen.findByRole('option', { name: '2. Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('2. Advanced')).toBeInTheDocument();
    expect(api.callsTo('POST /api/competencies/set_level/').map((call) => call.body)).toEqual([
      { competency_level_id: 22, user_id: 12, remove: false },
    ]);
  });

  it('lists the managers, and lets HR add an extra manager once both type and manager are chosen', async () => {
    const links = [aManagerLink(1, 'manager'), aManagerLink(2, 'hrbp')];
    const { user, api } = renderPanel(hr(), {
      'GET /api/managers/': () => json(200, { results: links }),
      'POST /api/users/filter/': fakeUsersFilter([aPerson(40, { first_name: 'Ada', last_name: 'King' })]),
      'POST /api/managers/': (call) => json(201, { ...aManagerLink(3, 'extra'), ...(call.body as object) }),
    });

    await openTab(user, 'Subordination');
    expect(await screen.findByText('Alan Turing1')).toBeInTheDocument();
    expect(screen.getByText('Alan Turing2')).toBeInTheDocument();
    expect(screen.getByText('Deputy').nextSibling).toHaveTextContent('—');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('combobox', { name: 'Manager' })).toHaveValue('Alan Turing1');
    await user.type(screen.getByRole('combobox', { name: 'Extra manager' }), 'ada');
    await user.click(await screen.findByRole('option', { name: /Ada King/ }, { timeout: 2000 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Manager type is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/managers/')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Manager type' }));
    await user.click(await screen.findByRole('option', { name: 'Extra manager' }));
    // The filled row gets a blank one after it.
    expect(screen.getAllByRole('combobox', { name: 'Manager type' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.callsTo('POST /api/managers/').map((call) => call.body)).toEqual([
        { user: 12, manager: 40, manager_type: 94 },
      ]),
    );
  });

  it("says 'Profile not found' for someone the viewer cannot reach", async () => {
    stubApi({ 'GET /api/users/99/': () => json(404, { error: 'Not found.' }) });
    renderUi(<ProfilePanelBody userId={99} viewerId={VIEWER_ID} onAvatarChange={() => {}} />);
    expect(await screen.findByText('Profile not found')).toBeInTheDocument();
  });
});

describe('profile avatar', () => {
  const NEW_AVATAR = '/api/users/12/avatar/?v=new';
  const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
  const fileInput = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement>('input[type="file"]')!;

  it.each([
    ['their own profile', 'self', 12, '/api/users/profile/upload-avatar/'],
    ['HR for their own profile', 'hr', 12, '/api/users/profile/upload-avatar/'],
    ['HR for someone else', 'hr', VIEWER_ID, '/api/users/profile/upload-avatar/12/'],
  ] as const)('uploads a picked picture at once, for %s', async (_who, editMode, viewerId, url) => {
    let avatar: string | null = null;
    let answer: (response: Response) => void = () => {};
    const profile = () => aProfile(12, { can_edit: true, edit_mode: editMode, avatar });
    const { user, api, container, onAvatarChange } = renderPanel(
      profile(),
      {
        'GET /api/users/12/': () => json(200, profile()),
        [`POST ${url}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      },
      viewerId,
    );
    const picker = await screen.findByRole('button', { name: 'Change photo' });
    const openDialog = vi.spyOn(fileInput(container), 'click');
    await user.click(picker);
    expect(openDialog).toHaveBeenCalled();
    expect(fileInput(container)).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');

    const file = png();
    await user.upload(fileInput(container), file);

    await waitFor(() => expect(picker).toBeDisabled());
    expect(picker).toHaveAttribute('aria-busy', 'true');
    const upload = api.callsTo(`POST ${url}`)[0]!;
    expect(upload.path).toBe(url);
    expect((upload.body as FormData).get('file')).toBe(file);

    avatar = NEW_AVATAR;
    answer(json(200, { avatar }));
    await waitFor(() => expect(picker).toBeEnabled());
    expect(picker.querySelector('img')).toHaveAttribute('src', NEW_AVATAR);
    expect(onAvatarChange).toHaveBeenCalledWith(12);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("refuses a file that is no image before sending it: 'Image file is not valid'", async () => {
    const { api, container } = renderPanel(aProfile(12, { can_edit: true, edit_mode: 'self' }), {}, 12);
    // As if the user switched the file dialog to "All files".
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('button', { name: 'Change photo' });

    await user.upload(fileInput(container), new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Image file is not valid');
    expect(api.callsTo('POST /api/users/profile/upload-avatar/')).toHaveLength(0);
  });

  it("shows the server's refusal 'Image file is not valid', and a new pick clears it", async () => {
    let refuse = true;
    const { user, container } = renderPanel(
      aProfile(12, { can_edit: true, edit_mode: 'self' }),
      {
        'POST /api/users/profile/upload-avatar/': () =>
          refuse ? json(400, { error: 'Image file is not valid' }) : json(200, { avatar: NEW_AVATAR }),
      },
      12,
    );
    await screen.findByRole('button', { name: 'Change photo' });

    await user.upload(fileInput(container), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Image file is not valid');

    refuse = false;
    await user.upload(fileInput(container), png());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offers no upload on a colleague’s profile', async () => {
    const { container } = renderPanel(aProfile(12));

    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change photo' })).toBeNull();
    expect(fileInput(container)).toBeNull();
  });
});
