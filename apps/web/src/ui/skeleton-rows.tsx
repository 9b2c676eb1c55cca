import { Group, Skeleton, Stack } from '@mantine/core';
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

/** Placeholder rows in the shape of the real ones, shown while a list loads (DESIGN.md: never a blank page). */
export function SkeletonRows({ count = 8, variant = 'list', columns = 3 }: SkeletonRowsProps) {
  return (
    <Stack gap={variant === 'list' ? 'sm' : 0} role="status" aria-busy="true">
      <VisuallyHidden>Loading…</VisuallyHidden>
      {range(count).map((row) => (
        <Group
          key={row}
          data-skeleton-row
          gap="sm"
          wrap="nowrap"
          aria-hidden
          py={variant === 'table' ? 'xs' : 0}
        >
          <Skeleton circle height={36} />
          {variant === 'list' ? (
            <Stack gap={8} flex={1}>
              <Skeleton height={10} width="45%" />
              <Skeleton height={8} width="30%" />
            </Stack>
          ) : (
            <>
              <Skeleton height={10} flex={2} />
              {range(columns).map((column) => (
                <Skeleton key={column} height={10} flex={1} />
              ))}
            </>
          )}
        </Group>
      ))}
    </Stack>
  );
}
