import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** The spec's empty text, e.g. 'Empty section' or 'No history items'. */
  text: string;
  /** What to do next, where there is something to do. */
  hint?: string;
  action?: ReactNode;
  icon?: TablerIcon;
};

/** The centred, muted text a list shows when it has nothing in it. */
export function EmptyState({ text, hint, action, icon: IconComponent }: EmptyStateProps) {
  return (
    <MantineEmptyState
      size="sm"
      py="xl"
      withIndicatorBackground
      icon={IconComponent && <IconComponent stroke={1.5} aria-hidden />}
    >
      <MantineEmptyState.Title c="dimmed" fw={500}>
        {text}
      </MantineEmptyState.Title>
      {hint && <MantineEmptyState.Description>{hint}</MantineEmptyState.Description>}
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
