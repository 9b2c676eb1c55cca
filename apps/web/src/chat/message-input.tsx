import { MESSAGE_MAX } from '@atrium/contracts';
import { ActionIcon, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import classes from './chat.module.css';

/** The counter shows once this few characters are left, where the limit starts to matter. */
const COUNTER_FROM = MESSAGE_MAX - 100;

export type MessageInputProps = {
  /** The accessible name, e.g. 'Comment' or 'Reply'. */
  label: string;
  placeholder: string;
  /** The secondary reply field is required (spec §5); the main one is not. */
  required?: boolean;
  autoFocus?: boolean;
  /** Sending is not possible yet (the chat is loading). */
  busy?: boolean;
  /** Gets the trimmed text; the field is cleared at once. */
  onSend: (message: string) => void;
  /** After Escape has cleared the field and left it. */
  onEscape?: () => void;
};

/**
 * The chat box (spec §5): up to 900 characters, a counter near the limit, Enter sends, Shift+Enter
 * starts a new line, Escape clears and unfocuses; Send is disabled while the text is empty or `busy`.
 */
export function MessageInput({
  label,
  placeholder,
  required = false,
  autoFocus = false,
  busy = false,
  onSend,
  onEscape,
}: MessageInputProps) {
  const [text, setText] = useState('');
  const blocked = busy || text.trim() === '';

  const send = () => {
    if (blocked) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An Enter that confirms an input method's composition (Japanese, Chinese…) is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape') {
      setText('');
      event.currentTarget.blur();
      onEscape?.();
    }
  };

  return (
    <Textarea
      aria-label={label}
      aria-required={required}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      maxLength={MESSAGE_MAX}
      rows={2}
      classNames={{ input: classes.input }}
      autoFocus={autoFocus}
      description={
        text.length >= COUNTER_FROM && (
          <Text span size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {text.length}/{MESSAGE_MAX}
          </Text>
        )
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon variant="subtle" aria-label="Send" disabled={blocked} onClick={send}>
          <IconSend size={16} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
