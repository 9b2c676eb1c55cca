import { Bone } from './bone';
import classes from './skeleton-rows.module.css';
import { VisuallyHidden } from './visually-hidden';

export type SkeletonRowsProps = {
  /** How many rows stand in for the list. */
  count?: number;
  /** `list`: avatar and two lines, like a person row; `table`: avatar, a name and further columns. */
  variant?: 'list' | 'table';
  /** Table columns after the name; only for the `table` variant. */
  columns?: number;
};

/** 0…n-1: the placeholders are identical and never reorder, so their position is their key. */
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Placeholder rows in the shape of the real ones, shown while a list loads (DESIGN.md: never a blank
 * page). Plain elements: a page shows up to four lists of these at once while it loads.
 */
export function SkeletonRows({ count = 8, variant = 'list', columns = 3 }: SkeletonRowsProps) {
  return (
    <div className={classes.rows} data-variant={variant} role="status" aria-busy="true">
      <VisuallyHidden>Loading…</VisuallyHidden>
      {range(count).map((row) => (
        <div key={row} className={classes.row} data-skeleton-row aria-hidden>
          <Bone circle height={36} />
          {variant === 'list' ? (
            <div className={classes.lines}>
              <Bone height={10} width="45%" />
              <Bone height={8} width="30%" />
            </div>
          ) : (
            <>
              <Bone height={10} style={{ flex: 2 }} />
              {range(columns).map((column) => (
                <Bone key={column} height={10} style={{ flex: 1 }} />
              ))}
            </>
          )}
        </div>
      ))}
    </div>
  );
}
