import type { WebhookWithSecret } from '@dastak/core/entities/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** POST /webhooks/{id}/rotate-secret/: a new secret at once, shown this once. */
export function rotateWebhookSecret(id: number): Promise<WebhookWithSecret> {
  return api.post('/webhooks/:id/rotate-secret/', { params: { id } });
}

export function useRotateWebhookSecretMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
