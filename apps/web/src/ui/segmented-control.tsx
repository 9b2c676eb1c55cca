import { type ReactNode, useId } from 'react';
import classes from './segmented-control.module.css';

export type SegmentedItem<T extends string> = T | { value: T; label: ReactNode; disabled?: boolean };

export type SegmentedControlProps<T extends string> = {
  /** What the group is, for screen readers. */
  'aria-label': string;
  data: readonly SegmentedItem<T>[];
  value: T;
  onChange?: (value: T) => void;
  size?: 'xs' | 'sm';
  /** Takes the whole width of its container, its items sharing it. */
  fullWidth?: boolean;
};

/**
 * A choice of one among a few, side by side: radio buttons that look like Mantine's SegmentedControl.
 * Mantine's slides an indicator under the chosen item, which it places by measuring the items once they
 * are rendered: a forced layout on the first screen of the pages that show one (232 ms of the task list's
 * 1.9 s of script at a phone's speed; docs/performance.md, eighth pass). Here the chosen item draws its
 * own background.
 */
export function SegmentedControl<T extends string>({
  'aria-label': label,
  data,
  value,
  onChange,
  size = 'sm',
  fullWidth = false,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={classes.root}
      data-size={size}
      data-full-width={fullWidth || undefined}
    >
      {data.map((entry) => {
        const item = typeof entry === 'string' ? { value: entry, label: entry, disabled: false } : entry;
        const id = `${name}-${item.value}`;
        const chosen = item.value === value;
        return (
          <div key={item.value} className={classes.control} data-active={chosen || undefined}>
            <input
              className={classes.input}
              type="radio"
              name={name}
              id={id}
              value={item.value}
              checked={chosen}
              disabled={item.disabled}
              onChange={() => onChange?.(item.value)}
            />
            <label
              htmlFor={id}
              className={classes.label}
              data-active={(chosen && !item.disabled) || undefined}
              data-disabled={item.disabled || undefined}
            >
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
