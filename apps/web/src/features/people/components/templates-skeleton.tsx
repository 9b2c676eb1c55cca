import { Stack } from '@mantine/core';
import { Bone } from '../../../ui/bone';
import { VisuallyHidden } from '../../../ui/visually-hidden';

/** The templates list while it loads (its code, then the templates). */
export function TemplatesSkeleton() {
  return (
    <Stack gap={10} px="xs" py={6} role="status" aria-busy="true">
      <VisuallyHidden>Loading templates…</VisuallyHidden>
      {[0, 1, 2].map((row) => (
        <Bone key={row} height={12} width={`${70 - row * 15}%`} />
      ))}
    </Stack>
  );
}
