import { INVALID_DOCUMENT_FILE, type StorageDocument } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionaryRoutes, json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { aDocument, aPdf, aPictureDocument, aPng, CATEGORIES, TYPES } from '../document-fixtures';
import { DocumentModal } from './document-modal';

type Routes = NonNullable<Parameters<typeof stubApi>[0]>;

function renderModal(editing: StorageDocument | null = null, routes: Routes = {}) {
  const api = stubApi({
    ...dictionaryRoutes({ StorageCategory: CATEGORIES, StorageType: TYPES }),
    ...routes,
  });
  // jsdom cannot make addresses for files; the modal previews a picked picture with one.
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: () => 'blob:picked', revokeObjectURL: () => {} }),
  );
  const onClose = vi.fn();
  const view = renderUi(
    <DocumentModal opened onClose={onClose} userId={12} companyId={1} editing={editing} />,
  );
  // As if the user switched the file dialog to "All files": the picker's accept list does not filter.
  const user = userEvent.setup({ applyAccept: false });
  const dialog = () => screen.getByRole('dialog');
  const pick = (file: File) =>
    user.upload(document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement, file);
  const save = () => within(dialog()).getByRole('button', { name: 'Save' });
  return { ...view, user, api, onClose, dialog, pick, save };
}

/** The form fields a call sent, as text. */
const formOf = (body: unknown) => Object.fromEntries((body as FormData).entries());
/** The file an upload sent, if it was sent. */
const fileSent = (call: { body: unknown } | undefined) => (call?.body as FormData | undefined)?.get('file');

describe('document modal', () => {
  beforeEach(() => notifications.clean());

  it('keeps Save disabled until there is a title and a file', async () => {
    const { user, pick, save } = renderModal();

    expect(await screen.findByRole('dialog', { name: 'Upload document' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '   ');
    await pick(aPdf());
    // Blank is no title.
    expect(save()).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Contract');
    expect(save()).toBeEnabled();
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    expect(save()).toBeDisabled();
  });

  it('lets an edit save with the stored file as its preview, and shows a picture as itself', async () => {
    const stored = aPictureDocument(5, { title: 'Diploma', file_name: 'diploma.png' });
    const { user, save } = renderModal(stored);

    expect(await screen.findByRole('dialog', { name: 'Edit document' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Diploma');
    const preview = screen.getByRole('group', { name: 'Preview' });
    expect(within(preview).getByRole('img', { name: 'Preview of diploma.png' })).toHaveAttribute(
      'src',
      '/api/storage/5/file/',
    );
    expect(screen.getByRole('button', { name: 'Replace file' })).toBeInTheDocument();
    expect(save()).toBeEnabled();
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    expect(save()).toBeDisabled();
  });

  it('previews a picked PDF as the PDF icon and its name, and a picked picture as itself', async () => {
    const { pick } = renderModal();
    await screen.findByRole('dialog');

    await pick(aPdf('contract.pdf'));
    let preview = screen.getByRole('group', { name: 'Preview' });
    expect(within(preview).getByRole('img', { name: 'PDF' })).toBeInTheDocument();
    expect(within(preview).getByText('contract.pdf')).toBeInTheDocument();

    await pick(aPng('diploma.png'));
    preview = screen.getByRole('group', { name: 'Preview' });
    expect(within(preview).queryByRole('img', { name: 'PDF' })).toBeNull();
    expect(within(preview).getByRole('img', { name: 'Preview of diploma.png' })).toHaveAttribute(
      'src',
      'blob:picked',
    );
  });

  it.each([
    ['a text file', new File(['hello'], 'notes.txt', { type: 'text/plain' })],
    ['a PDF type under another extension', new File(['%PDF'], 'run.exe', { type: 'application/pdf' })],
    ['an SVG picture', new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })],
    ['a PDF over 2 MB', aPdf('big.pdf', 2 * 1024 * 1024 + 1)],
  ])('refuses %s with the spec message, and a valid pick clears it', async (_what, file) => {
    const { user, api, pick, save } = renderModal();
    await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Contract');

    await pick(file);
    expect(screen.getByText(INVALID_DOCUMENT_FILE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription(
      expect.stringContaining(INVALID_DOCUMENT_FILE),
    );
    expect(screen.queryByRole('group', { name: 'Preview' })).toBeNull();
    expect(save()).toBeDisabled();

    await pick(aPdf());
    expect(screen.queryByText(INVALID_DOCUMENT_FILE)).toBeNull();
    expect(save()).toBeEnabled();
    expect(api.calls.filter((call) => call.path.startsWith('/api/storage/'))).toEqual([]);
  });

  it('creates the record with title, owner, category and type, then uploads the file to it', async () => {
    const created = aDocument(41, { title: 'Contract', file: null, content_type: null });
    const { user, api, pick, save, onClose } = renderModal(null, {
      'POST /api/storage/': () => json(201, created),
      'POST /api/storage/upload-file/41/': () => json(200, { ...created, file: '/api/storage/41/file/' }),
    });
    await screen.findByRole('dialog');

    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Contract ');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Contracts' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Scan' }));
    const file = aPdf();
    await pick(file);
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(formOf(api.callsTo('POST /api/storage/')[0]?.body)).toEqual({
      title: 'Contract',
      user_id: '12',
      category: '61',
      type: '71',
    });
    const upload = api.callsTo('POST /api/storage/upload-file/41/');
    expect(upload).toHaveLength(1);
    expect(fileSent(upload[0])).toBe(file);
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
  });

  it('removes the record it created when the upload fails, and shows the spec message', async () => {
    const { user, api, pick, save, onClose } = renderModal(null, {
      'POST /api/storage/': () => json(201, aDocument(41, { file: null, content_type: null })),
      'POST /api/storage/upload-file/41/': () => json(400, { error: INVALID_DOCUMENT_FILE }),
      'DELETE /api/storage/41/': () => new Response(null, { status: 204 }),
    });
    await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Renamed program');
    await pick(aPdf('program.pdf'));
    await user.click(save());

    expect(await screen.findByText(INVALID_DOCUMENT_FILE)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/storage/41/')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's missing_fields on their fields", async () => {
    const { user, pick, save } = renderModal(null, {
      'POST /api/storage/': () =>
        json(422, { missing_fields: { title: ['title is at most 200 characters'], type: ['Unknown type'] } }),
    });
    await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Contract');
    await pick(aPdf());
    await user.click(save());

    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'title is at most 200 characters',
    );
    expect(screen.getByText('Unknown type')).toBeInTheDocument();
    expect(screen.queryByText(INVALID_DOCUMENT_FILE)).toBeNull();
  });

  it('updates with id, owner, title, category and type, and uploads only a newly picked file', async () => {
    const stored = aDocument(5, { title: 'Contract' });
    const patched = (body: unknown) => ({ ...stored, title: String(formOf(body).title) });
    const { user, api, save, onClose, pick } = renderModal(stored, {
      'PATCH /api/storage/5/': (call) => json(200, patched(call.body)),
      'POST /api/storage/upload-file/5/': () => json(200, stored),
    });
    await screen.findByRole('dialog');

    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Signed contract');
    const category = screen.getByRole('combobox', { name: 'Category' }).parentElement as HTMLElement;
    await user.click(within(category).getByRole('button', { name: 'Clear' }));
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(formOf(api.callsTo('PATCH /api/storage/5/')[0]?.body)).toEqual({
      id: '5',
      user_id: '12',
      title: 'Signed contract',
      category: '',
      type: '71',
    });
    expect(api.callsTo('POST /api/storage/upload-file/5/')).toHaveLength(0);
    expect(await screen.findByText('Document saved')).toBeInTheDocument();

    // A second save with a new file: the file follows the PATCH.
    onClose.mockClear();
    const file = aPng();
    await pick(file);
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fileSent(api.callsTo('POST /api/storage/upload-file/5/')[0])).toBe(file);
  });
});
