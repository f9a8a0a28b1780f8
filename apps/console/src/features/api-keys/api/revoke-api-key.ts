import type { ApiKey } from '@dastak/core/entities/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './get-api-keys';

/** POST /api-keys/{id}/revoke/: the key is refused from the next request on, on every server. */
export function revokeApiKey(id: number): Promise<ApiKey> {
  return api.post('/api-keys/:id/revoke/', { params: { id }, body: {} });
}

export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
