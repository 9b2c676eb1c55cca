import type { Profile, StorageDocument } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aProfile, dictionaryRoutes, json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { aDocument, aPictureDocument, aStoragePage, CATEGORIES, TYPES } from '../document-fixtures';
import { DocumentsTab } from './documents-tab';

type Routes = NonNullable<Parameters<typeof stubApi>[0]>;

/** Grace Hopper (12) on her own profile, as the server gives it to her. */
const OWN = aProfile(12, { can_edit: true, edit_mode: 'self' });

function renderTab(list: Routes[string], { profile = OWN, viewerId = 12, routes = {} as Routes } = {}) {
  const api = stubApi({
    'GET /api/storage/': list,
    ...dictionaryRoutes({ StorageCategory: CATEGORIES, StorageType: TYPES }),
    ...routes,
  });
  const view = renderUi(<DocumentsTab profile={profile} viewerId={viewerId} />);
  const queries = () => api.callsTo('GET /api/storage/').map((call) => Object.fromEntries(call.query));
  return { ...view, api, queries };
}

const listed = () => within(screen.getByRole('list', { name: 'Documents' }));
const row = (title: string) => within(listed().getByRole('listitem', { name: title }));
const documents = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => aDocument(from + index));

describe("profile's Documents tab", () => {
  beforeEach(() => notifications.clean());

  it("lists the owner's documents: a PDF with the PDF icon, a picture as its thumbnail, each to download", async () => {
    let answer: (response: Response) => void = () => {};
    const { queries } = renderTab(() => new Promise<Response>((resolve) => (answer = resolve)));

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    answer(
      json(
        200,
        aStoragePage([
          aDocument(5, { title: 'Employment contract', file_name: 'contract.pdf' }),
          aPictureDocument(6, { title: 'Diploma', category: null, type: null, size: 3 * 1024 * 1024 }),
        ]),
      ),
    );

    expect(await screen.findByRole('list', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    const contract = row('Employment contract');
    expect(contract.getByRole('img', { name: 'PDF' })).toBeInTheDocument();
    expect(contract.getByText('Contracts · Scan · 120 KB · 03.02.2026')).toBeInTheDocument();
    expect(contract.getByRole('link', { name: 'Download Employment contract' })).toHaveAttribute(
      'download',
      'contract.pdf',
    );
    const diploma = row('Diploma');
    expect(diploma.queryByRole('img', { name: 'PDF' })).toBeNull();
    expect(diploma.getByRole('presentation')).toHaveAttribute('src', '/api/storage/6/file/');
    expect(diploma.getByText('3.0 MB · 03.02.2026')).toBeInTheDocument();
    expect(diploma.getByRole('link', { name: 'Download Diploma' })).toHaveAttribute(
      'href',
      '/api/storage/6/file/',
    );
    expect(diploma.getByRole('button', { name: 'Edit Diploma' })).toBeInTheDocument();
    expect(diploma.getByRole('button', { name: 'Remove Diploma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(queries()).toEqual([{ user_id: '12', page: '1', page_size: '10' }]);
  });

  it("says 'Empty section' when there are no documents, with the upload button", async () => {
    renderTab(() => json(200, aStoragePage([])));
    expect(await screen.findByText('Empty section')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('pages 10 at a time', async () => {
    const { user, queries } = renderTab((call) => {
      const page = Number(call.query.get('page'));
      return json(200, aStoragePage(page === 3 ? documents(3, 21) : documents(10, page * 10 - 9), 23));
    });
    expect(await screen.findByRole('listitem', { name: 'Document 1' })).toBeInTheDocument();
    expect(listed().getAllByRole('listitem')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('listitem', { name: 'Document 23' })).toBeInTheDocument();
    expect(listed().getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(queries().map((query) => query.page)).toEqual(['1', '3']);
  });

  it('filters by category and type, from the first page again', async () => {
    const { user, queries } = renderTab(() => json(200, aStoragePage(documents(10), 15)));
    await screen.findByRole('listitem', { name: 'Document 1' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queries()).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Certificates' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Original' }));

    await waitFor(() =>
      expect(queries().at(-1)).toEqual({
        user_id: '12',
        page: '1',
        page_size: '10',
        category: '62',
        type: '72',
      }),
    );
    const category = screen.getByRole('combobox', { name: 'Category' }).parentElement as HTMLElement;
    await user.click(within(category).getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({ user_id: '12', page: '1', page_size: '10', type: '72' }),
    );
  });

  it('uploads a new document from the Upload button and shows it in the list', async () => {
    let stored: StorageDocument[] = [];
    const created = aDocument(41, { title: 'Contract', file: null, content_type: null });
    const { user, api } = renderTab(() => json(200, aStoragePage(stored)), {
      routes: {
        'POST /api/storage/': () => json(201, created),
        'POST /api/storage/upload-file/41/': () => {
          stored = [aDocument(41, { title: 'Contract' })];
          return json(200, stored[0]);
        },
      },
    });
    await screen.findByText('Empty section');

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload document' }));
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Contract');
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement,
      new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('listitem', { name: 'Contract' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/storage/')).toHaveLength(1);
  });

  it('removes a document only after Yes, and keeps it on Cancel', async () => {
    let stored = [aDocument(5, { title: 'Old contract' }), aDocument(6, { title: 'Payslip' })];
    const { user, api } = renderTab(() => json(200, aStoragePage(stored)), {
      routes: {
        'DELETE /api/storage/5/': () => {
          stored = stored.filter((each) => each.id !== 5);
          return new Response(null, { status: 204 });
        },
      },
    });
    await screen.findByRole('listitem', { name: 'Old contract' });

    await user.click(row('Old contract').getByRole('button', { name: 'Remove Old contract' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('Are you sure you want to remove this document without being able to restore it?'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/storage/5/')).toHaveLength(0);

    await user.click(row('Old contract').getByRole('button', { name: 'Remove Old contract' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Old contract' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Payslip' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/storage/5/')).toHaveLength(1);
    expect(await screen.findByText('Document removed')).toBeInTheDocument();
  });

  it('steps back a page when the only document of the last page is removed', async () => {
    let stored = documents(11);
    const { user, queries } = renderTab(
      (call) => {
        const page = Number(call.query.get('page'));
        return json(200, aStoragePage(stored.slice((page - 1) * 10, page * 10), stored.length));
      },
      {
        routes: {
          'DELETE /api/storage/11/': () => {
            stored = stored.slice(0, 10);
            return new Response(null, { status: 204 });
          },
        },
      },
    );
    await screen.findByRole('listitem', { name: 'Document 1' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Document 11' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('listitem', { name: 'Document 10' })).toBeInTheDocument();
    expect(queries().at(-1)?.page).toBe('1');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("shows the server's words when a removal is refused", async () => {
    const { user } = renderTab(() => json(200, aStoragePage([aDocument(5)])), {
      routes: { 'DELETE /api/storage/5/': () => json(403, { error: 'You may not remove this document.' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Document 5' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You may not remove this document.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Document 5' })).toBeInTheDocument();
  });

  it("lets HR manage someone else's documents", async () => {
    const { queries } = renderTab(() => json(200, aStoragePage([aDocument(5)])), {
      profile: aProfile(12, { can_edit: true, edit_mode: 'hr' }),
      viewerId: 7,
    });
    expect(await screen.findByRole('button', { name: 'Edit Document 5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(queries()).toEqual([{ user_id: '12', page: '1', page_size: '10' }]);
  });

  it("asks for nothing and offers no action on a colleague's profile", async () => {
    const colleague: Profile = aProfile(12, { first_name: 'Grace', edit_mode: 'none' });
    const { api } = renderTab(() => json(200, aStoragePage([aDocument(5)])), {
      profile: colleague,
      viewerId: 7,
    });

    expect(screen.getByText('Only Grace and HR can see these documents.')).toBeInTheDocument();
    // Give any request a chance to leave before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
