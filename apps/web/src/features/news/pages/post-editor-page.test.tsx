import type { SessionResponse } from '@atrium/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { anEditorSession, aPost, aSession, json, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

type Routes = Parameters<typeof stubApi>[0];

function renderEditor(path: string, { session = anEditorSession(), routes = {} as Routes } = {}) {
  const api = stubApi({
    'GET /api/auth/session/': () => json(200, session satisfies SessionResponse),
    'GET /api/posts/': () => json(200, { count: 0, next: null, results: [] }),
    ...routes,
  });
  // jsdom cannot make addresses for files; the editor previews a picked cover with one.
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: () => 'blob:cover', revokeObjectURL: () => {} }),
  );
  return { api, ...renderApp(path) };
}

const pickCover = (file: File) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [file] },
  });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

describe('post editor', () => {
  it('sends people who may not edit posts to the feed', async () => {
    const { router } = renderEditor('/news/create', { session: aSession() });
    // The first visit loads both pages' code.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'News' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/news');

    await router.navigate('/news/edit/3');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/news'));
  });

  it("sends an editor away from a post they may not edit (another company's)", async () => {
    const { router } = renderEditor('/news/edit/3', {
      routes: { 'GET /api/posts/3/': () => json(200, aPost(3, { can_edit: false })) },
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/news'));
  });

  it('publishes a post with a cover: the text first, then the picture', async () => {
    const { api, user, router } = renderEditor('/news/create', {
      routes: {
        'POST /api/posts/': () => json(201, aPost(9, { can_edit: true })),
        'POST /api/posts/9/cover/': () =>
          json(200, aPost(9, { can_edit: true, cover: '/api/posts/9/cover/?v=1' })),
      },
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('maxlength', '200');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveAttribute('maxlength', '20000');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/posts/')).toHaveLength(0);

    await user.type(title, 'Hello');
    expect(title).toHaveAccessibleDescription('5/200');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'First **news**');
    pickCover(new File(['<svg/>'], 'cover.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Image file is not valid')).toBeInTheDocument();
    pickCover(png());
    expect(await screen.findByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', 'blob:cover');
    expect(screen.queryByText('Image file is not valid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(api.callsTo('POST /api/posts/')[0]?.body).toEqual({ title: 'Hello', body: 'First **news**' });
    const upload = api.callsTo('POST /api/posts/9/cover/')[0]?.body as FormData;
    expect((upload.get('file') as File).name).toBe('cover.png');
  });

  it('keeps a published post open when its cover is refused, and saves only the cover again', async () => {
    const covers = [json(400, { error: 'Image file is not valid' }), json(200, aPost(9, { can_edit: true }))];
    const { api, user, router } = renderEditor('/news/create', {
      routes: {
        'POST /api/posts/': () => json(201, aPost(9, { title: 'Hello', body: '', can_edit: true })),
        'PATCH /api/posts/9/': () => json(200, aPost(9, { title: 'Hello', body: '', can_edit: true })),
        'POST /api/posts/9/cover/': () => covers.shift() as Response,
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Hello');
    pickCover(png());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Image file is not valid')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/news/create');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(api.callsTo('POST /api/posts/')).toHaveLength(1);
    expect(api.callsTo('PATCH /api/posts/9/')).toHaveLength(1);
  });

  it('edits a post, previewing the stored text as saved and a changed one as the server renders it', async () => {
    const stored = aPost(3, {
      title: 'Old',
      body: 'Some **bold**',
      body_html: '<p>Some <strong>bold</strong></p>',
      can_edit: true,
    });
    const { api, user, router } = renderEditor('/news/edit/3', {
      routes: {
        'GET /api/posts/3/': () => json(200, stored),
        'PATCH /api/posts/3/': () => json(200, { ...stored, title: 'New' }),
        'POST /api/posts/preview/': () =>
          json(200, { body_html: '<p>Some <strong>bold</strong> &lt;b&gt;more&lt;/b&gt;</p>' }),
      },
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit post' })).toBeInTheDocument();
    expect(title).toHaveValue('Old');

    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await user.type(screen.getByRole('textbox', { name: 'Text' }), ' <b>more</b>');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    // Typed HTML comes back escaped by the server, so it shows as text.
    expect(await screen.findByText(/<b>more<\/b>/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/posts/preview/')[0]?.body).toEqual({ body: 'Some **bold** <b>more</b>' });

    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'New');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(api.callsTo('PATCH /api/posts/3/')[0]?.body).toEqual({
      title: 'New',
      body: 'Some **bold** <b>more</b>',
    });
  });

  it('cancels at once while untouched, and after a warning once something changed', async () => {
    const { user, router } = renderEditor('/news/create');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'News' }, { timeout: 3_000 }),
    ).toBeInTheDocument();

    await act(() => router.navigate('/news/create'));
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(within(warning).getByText('All unsaved changes will be lost')).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Draft');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', { name: 'Ok' }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/news'));
  });
});
