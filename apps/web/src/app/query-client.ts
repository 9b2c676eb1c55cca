import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

/** A refusal (4xx) will not change on a second try; a lost connection or a server failure may. */
const worthRetrying = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: worthRetrying },
    },
  });
}
