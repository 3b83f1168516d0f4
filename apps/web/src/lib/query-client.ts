import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '@owo/shared/constants';
import { isApiError } from './api';

/** Caches live 60 s (spec §9) and are never persisted. Client errors (4xx) are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      gcTime: QUERY_STALE_MS * 5,
      retry: (failures, error) => {
        if (isApiError(error) && typeof error.status === 'number' && error.status < 500)
          return false;
        return failures < 2;
      },
    },
    mutations: { retry: false },
  },
});
