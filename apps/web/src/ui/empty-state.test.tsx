import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';
import { renderUi } from './test-utils';

describe('EmptyState', () => {
  it('shows the empty text alone', () => {
    renderUi(<EmptyState text="Empty section" />);

    expect(screen.getByText('Empty section')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a hint, an icon and an action when given', () => {
    const { container } = renderUi(
      <EmptyState
        text="No history items"
        hint="Changes to this profile will be listed here."
        icon={IconHistory}
        action={<Button>Add one</Button>}
      />,
    );

    expect(screen.getByText('No history items')).toBeInTheDocument();
    expect(screen.getByText('Changes to this profile will be listed here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add one' })).toBeInTheDocument();
    expect(container.querySelector('svg[aria-hidden="true"]')).toBeInTheDocument();
  });
});
