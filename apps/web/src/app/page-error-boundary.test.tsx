import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

function ChunkThatFailed(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/news-page-old.js');
}

afterEach(() => vi.restoreAllMocks());

describe('a page that fails to render', () => {
  it('says the page could not be loaded and reloads it on request, instead of an empty window', async () => {
    // React logs the error it caught; the test setup fails a test on any console.error it did not expect.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <MantineProvider>
        <PageErrorBoundary pathname="/news">
          <ChunkThatFailed />
        </PageErrorBoundary>
      </MantineProvider>,
    );

    expect(screen.getByText('The page could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalled();
    logged.mockClear();
  });

  it('tries again at another address', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = (pathname: string, content: ReactNode) => (
      <MantineProvider>
        <PageErrorBoundary pathname={pathname}>{content}</PageErrorBoundary>
      </MantineProvider>
    );
    const { rerender } = render(page('/news', <ChunkThatFailed />));
    expect(screen.getByText('The page could not be loaded')).toBeInTheDocument();
    rerender(page('/people', <p>The people</p>));
    expect(screen.getByText('The people')).toBeInTheDocument();
    logged.mockClear();
  });

  it('shows the page when nothing fails', () => {
    render(
      <MantineProvider>
        <PageErrorBoundary pathname="/news">
          <p>The news</p>
        </PageErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('The news')).toBeInTheDocument();
  });
});
