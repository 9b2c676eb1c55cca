import type { ReactNode } from 'react';
import classes from './visually-hidden.module.css';

/**
 * Text for screen readers only. Mantine's VisuallyHidden does the same through its Box, which resolves
 * props and styles on every render; a month of the calendar has 42 of these, one per day.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={classes.root}>{children}</span>;
}
