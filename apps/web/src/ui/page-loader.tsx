import { Center, Loader } from '@mantine/core';

type PageLoaderProps = { label: string };

/** A whole-page wait, for the moments before there is anything in the shape of the page to show. */
export function PageLoader({ label }: PageLoaderProps) {
  return (
    <Center mih="100dvh" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}
