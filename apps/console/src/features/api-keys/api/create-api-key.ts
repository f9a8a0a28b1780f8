import type { ApiKeyCreate, ApiKeyCreated } from '@dastak/core/entities/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './get-api-keys';

/** POST /api-keys/: the answer holds the key itself, which the server never shows again. */
export function createApiKey(body: ApiKeyCreate): Promise<ApiKeyCreated> {
  // Field errors show on the form, not as a toast.
  return api.post('/api-keys/', { body, silent: true });
}

export function useCreateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
