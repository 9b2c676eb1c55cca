import { Box, CloseButton, Group, Title } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { VisuallyHidden } from '../../ui/visually-hidden';
import classes from './widgets.module.css';

/** Where the host puts a widget: open or off screen, how wide, how far from the right edge, which on top. */
export type WidgetPlacement = { open: boolean; width: number; offset: number; layer: number };

type WidgetFrameProps = {
  title: string;
  /** For a panel whose content names it well enough on screen; screen readers still get the title. */
  hideTitle?: boolean;
  placement: WidgetPlacement;
  onClose: () => void;
  /** Buttons beside the close button. */
  actions?: ReactNode;
  /**
   * For a panel opened by a button: it is a non-modal dialog that takes the focus when it opens, closes
   * on Escape and gives the focus back.
   */
  dialog?: boolean;
  /** Mounted only while the widget is open, so a closed widget loads and runs nothing. */
  children: ReactNode;
};

/** The shell of a side widget: a column sliding in from the right with a title and a close button. */
export function WidgetFrame({
  title,
  hideTitle,
  placement: { open, width, offset, layer },
  onClose,
  actions,
  dialog,
  children,
}: WidgetFrameProps) {
  const titleId = useId();
  const frameRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => {
      // Back to the opener only if the focus is still ours: the user may have moved on meanwhile.
      const focus = document.activeElement;
      if (focus === document.body || frameRef.current?.contains(focus)) opener?.focus();
    };
  }, [dialog, open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    // React bubbles events out of portals too: an Escape in a modal opened from here is the modal's.
    if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) onClose();
  };

  const heading = (
    <Title order={2} size="h4" id={titleId} lh={1.3}>
      {title}
    </Title>
  );

  return (
    <Box
      component="section"
      ref={frameRef}
      role={dialog ? 'dialog' : undefined}
      aria-labelledby={titleId}
      className={classes.frame}
      data-open={open || undefined}
      onKeyDown={dialog ? closeOnEscape : undefined}
      style={{
        width,
        right: open ? offset : 0,
        zIndex: layer,
        transform: open ? 'none' : 'translateX(100%)',
        visibility: open ? 'visible' : 'hidden',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" px="md" pt="sm" pb="xs">
        {hideTitle ? <VisuallyHidden>{heading}</VisuallyHidden> : heading}
        <Group gap={4} wrap="nowrap" ml="auto">
          {actions}
          <CloseButton ref={closeRef} aria-label="Close" onClick={onClose} />
        </Group>
      </Group>
      <Box flex={1} mih={0} style={{ overflowY: 'auto' }}>
        {open && children}
      </Box>
    </Box>
  );
}
