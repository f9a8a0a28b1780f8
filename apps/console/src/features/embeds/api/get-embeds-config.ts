import type { EmbedsConfig } from '@dastak/core/entities/embeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /config/embeds/: the outside tools the server was started with (REPORTING_URL,
 * ISSUE_REPORTING_URL). A page whose URL is set frames it instead of its own content.
 */
export function getEmbedsConfig(signal?: AbortSignal): Promise<EmbedsConfig> {
  return api.get('/config/embeds/', { signal });
}

export const embedsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'embeds'],
    queryFn: ({ signal }) => getEmbedsConfig(signal),
    // Fixed for the server's lifetime.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useEmbedsConfigQuery() {
  return useQuery(embedsConfigQueryOptions());
}
