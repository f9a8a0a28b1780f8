import { QueryClient } from '@tanstack/react-query';

/**
 * The api client has already told the user about a failure (spec §8), so queries do not retry
 * behind their back; screens offer a refresh button instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
