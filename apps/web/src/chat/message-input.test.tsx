import { MESSAGE_MAX } from '@atrium/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../ui/test-utils';
import { MessageInput, type MessageInputProps } from './message-input';

function renderInput(props: Partial<MessageInputProps> = {}) {
  const onSend = vi.fn();
  const onEscape = vi.fn();
  const view = renderUi(
    <MessageInput
      label="Comment"
      placeholder="Your comment..."
      onSend={onSend}
      onEscape={onEscape}
      {...props}
    />,
  );
  const field = screen.getByRole('textbox', { name: props.label ?? 'Comment' });
  const sendButton = screen.getByRole('button', { name: 'Send' });
  return { ...view, field, sendButton, onSend, onEscape };
}

describe('MessageInput', () => {
  it("says 'Your comment...' and sends only text that is not blank", async () => {
    const { user, field, sendButton, onSend } = renderInput();
    expect(field).toHaveAttribute('placeholder', 'Your comment...');
    expect(sendButton).toBeDisabled();

    await user.type(field, '   ');
    expect(sendButton).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();

    await user.type(field, 'Hello ');
    expect(sendButton).toBeEnabled();
    await user.click(sendButton);
    expect(onSend).toHaveBeenCalledWith('Hello');
    expect(field).toHaveValue('');
  });

  it('sends on Enter and starts a new line on Shift+Enter', async () => {
    const { user, field, onSend } = renderInput();
    await user.type(field, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(field).toHaveValue('First line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();

    await user.type(field, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(field).toHaveValue('');
  });

  it('clears and leaves the field on Escape', async () => {
    const { user, field, onSend, onEscape } = renderInput();
    await user.type(field, 'Draft');
    expect(field).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(field).not.toHaveFocus();
    expect(onEscape).toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('takes 900 characters at most, with a counter once the limit is near', async () => {
    const { user, field } = renderInput();
    expect(field).toHaveAttribute('maxlength', String(MESSAGE_MAX));

    await user.click(field);
    await user.paste('x'.repeat(799));
    expect(screen.queryByText(`799/${MESSAGE_MAX}`)).toBeNull();
    await user.type(field, 'x');
    expect(screen.getByText(`800/${MESSAGE_MAX}`)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(`800/${MESSAGE_MAX}`);

    await user.paste('y'.repeat(200));
    expect(field).toHaveValue('x'.repeat(800) + 'y'.repeat(100));
    expect(screen.getByText(`900/${MESSAGE_MAX}`)).toBeInTheDocument();
  });

  it('cannot send while busy', async () => {
    const { user, field, sendButton, onSend } = renderInput({ busy: true });
    await user.type(field, 'Hello{Enter}');
    expect(sendButton).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    expect(field).toHaveValue('Hello');
  });

  it('marks the reply field as required', () => {
    const { field } = renderInput({ label: 'Reply', required: true });
    expect(field).toBeRequired();
  });
});
