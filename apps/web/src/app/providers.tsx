import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenActive } from './lazy-parts';
import { theme } from './theme';

// The notices' container (and its transitions) is not needed for the first paint: notices shown before it
// arrives wait in @mantine/notifications' store and appear once it mounts.
const Notifications = lazy(async () => ({ default: (await import('./notices-container')).Notifications }));

/**
 * Whether the notices' container is wanted yet: once there is a notice to show, or once the user is
 * active on the page (most notices answer what they do), not while the page's first load runs.
 */
function useNoticesWanted() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const { notifications, queue } = notificationsStore.getState();
    if (notifications.length > 0 || queue.length > 0) {
      want();
      return;
    }
    const unsubscribe = notificationsStore.subscribe(want);
    const cancel = whenActive(want);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [wanted]);
  return wanted;
}

type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function Providers({ queryClient, children }: ProvidersProps) {
  const noticesWanted = useNoticesWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        {noticesWanted && (
          <Suspense fallback={null}>
            <Notifications position="bottom-right" autoClose={3000} />
          </Suspense>
        )}
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
