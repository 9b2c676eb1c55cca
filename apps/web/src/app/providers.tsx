import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { theme } from './theme';

// The notices' container (and its transitions) is not needed for the first paint: notices shown before it
// arrives wait in @mantine/notifications' store and appear once it mounts.
const Notifications = lazy(async () => ({ default: (await import('./notices-container')).Notifications }));

type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Suspense fallback={null}>
          <Notifications position="bottom-right" autoClose={3000} />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
