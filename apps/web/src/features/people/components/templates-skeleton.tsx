import { Skeleton, Stack } from '@mantine/core';
import { VisuallyHidden } from '../../../ui/visually-hidden';

/** The templates list while it loads (its code, then the templates). */
export function TemplatesSkeleton() {
  return (
    <Stack gap={10} px="xs" py={6} role="status" aria-busy="true">
      <VisuallyHidden>Loading templates…</VisuallyHidden>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={12} width={`${70 - row * 15}%`} aria-hidden />
      ))}
    </Stack>
  );
}
