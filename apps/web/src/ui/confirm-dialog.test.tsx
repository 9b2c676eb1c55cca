import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { renderUi } from './test-utils';

type Callbacks = Pick<ConfirmDialogProps, 'onConfirm' | 'onCancel'>;

/** An opener button and the dialog, closed again by either answer, as a screen would use it. */
function Harness({ onConfirm, onCancel, ...props }: Callbacks & Partial<ConfirmDialogProps>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Leave</Button>
      <ConfirmDialog
        opened={opened}
        title="Warning"
        text="All unsaved changes will be lost"
        onConfirm={() => {
          onConfirm();
          setOpened(false);
        }}
        onCancel={() => {
          onCancel();
          setOpened(false);
        }}
        {...props}
      />
    </>
  );
}

async function openDialog(props: Partial<ConfirmDialogProps> = {}) {
  const callbacks = { onConfirm: vi.fn(), onCancel: vi.fn() };
  const view = renderUi(<Harness {...callbacks} {...props} />);
  const opener = screen.getByRole('button', { name: 'Leave' });
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Warning' });
  return { ...view, ...callbacks, opener, dialog };
}

describe('ConfirmDialog', () => {
  it('asks the question with Ok and Cancel, starting on Cancel', async () => {
    const { dialog } = await openDialog();

    expect(dialog).toHaveTextContent('All unsaved changes will be lost');
    expect(screen.getByRole('button', { name: 'Ok' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });

  it('calls onConfirm on Ok', async () => {
    const { user, onConfirm, onCancel } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Ok' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('calls onCancel on Cancel and gives focus back to the opener', async () => {
    const { user, onConfirm, onCancel, opener } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('cancels on Escape', async () => {
    const { user, onCancel } = await openDialog();

    await user.keyboard('{Escape}');

    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('takes other labels and shows the confirm button busy while loading', async () => {
    const { user, onConfirm } = await openDialog({ confirmLabel: 'Yes', loading: true });

    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(yes).toHaveAttribute('data-loading', 'true');
    await user.click(yes);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
