import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { ApiKey } from '@dastak/core/entities/api-keys';
import type { Paged } from '@dastak/core/entities/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** GET /api-keys/: newest first, revoked ones too ('Can manage API keys'). A deployment has a
 * handful of keys: one page of the largest size holds them. */
export function getApiKeys(signal?: AbortSignal): Promise<Paged<ApiKey>> {
  return api.get('/api-keys/', { query: { page: 1, pageSize: PAGE_SIZE_MAX }, signal });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeysQuery() {
  return useQuery(apiKeysQueryOptions());
}
