import type { WebhookCreate, WebhookWithSecret } from '@dastak/core/entities/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** POST /webhooks/: the answer carries the signing secret, shown this once. */
export function createWebhook(body: WebhookCreate): Promise<WebhookWithSecret> {
  return api.post('/webhooks/', { body });
}

export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
