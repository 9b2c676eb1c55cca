import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkeletonRows } from './skeleton-rows';
import { renderUi } from './test-utils';

const rows = (container: HTMLElement) => container.querySelectorAll('[data-skeleton-row]');

describe('SkeletonRows', () => {
  it('shows 8 list rows by default in a busy region that reads "Loading…"', () => {
    const { container } = renderUi(<SkeletonRows />);

    expect(rows(container)).toHaveLength(8);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveTextContent('Loading…');
  });

  it('shows the asked number of rows, each with an avatar and either two lines or the table columns', () => {
    const { container, unmount } = renderUi(<SkeletonRows count={3} />);
    expect(rows(container)).toHaveLength(3);
    expect(rows(container)[0]?.children).toHaveLength(2);
    unmount();

    const table = renderUi(<SkeletonRows count={2} variant="table" columns={4} />);
    expect(rows(table.container)).toHaveLength(2);
    // Avatar, name and four columns.
    expect(rows(table.container)[0]?.children).toHaveLength(6);
  });
});
